import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import {
  Badge,
  ConfirmDialog,
  EmptyState,
  FilterForm,
  PageHeader,
  Pagination,
  useHrefWith,
  SearchField,
  FilterSelect,
  DeleteLink,
} from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { formatDate } from "~/lib/rules/time";
import { deleteTest, findLiveTest, listTests, parseTestFilters } from "~/models/admin-tests.server";
import { examTypeLabels, testExamTypeOptions } from "~/models/exam-type.server";

export const meta: MetaFunction = () => [{ title: "CSV Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseTestFilters(url);
  const deleting = url.searchParams.get("delete");
  const target = deleting ? findLiveTest(deleting) : undefined;
  return {
    filters,
    ...listTests(filters),
    examTypes: testExamTypeOptions(),
    labels: examTypeLabels(),
    deleting: target ? { id: target.id, title: target.title } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  if (form.get("intent") !== "delete") return data({ error: "Unknown action" }, { status: 400 });
  const r = deleteTest(String(form.get("id") ?? ""));
  if (r === "missing") return redirectWithFlash("/admin/csv", { type: "error", text: "Failed to delete test" });
  return redirectWithFlash("/admin/csv", { type: "success", text: "Test deleted successfully" });
}

export default function CsvManagement() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const href = useHrefWith();
  return (
    <main>
      <PageHeader title="CSV Management" description="Export tests as CSV, edit their questions, or delete them." />
      <FilterForm>
        <SearchField id="csv-q" defaultValue={d.filters.q} placeholder="Title or description" />
        <FilterSelect id="csv-type" name="type" label="Exam type" defaultValue={d.filters.type} allLabel="All exam types" options={d.examTypes} />
        <Link to="/admin/csv" className="btn-secondary">
          Clear Filters
        </Link>
        <p className="w-full text-sm text-slate-600">
          Showing {d.rows.length} of {d.total} tests
        </p>
      </FilterForm>
      {d.total === 0 ? (
        <EmptyState title="No tests found" text="Upload some tests to get started" />
      ) : d.rows.length === 0 ? (
        <EmptyState title="No tests match your filters" text="Try adjusting your search criteria" />
      ) : (
        <ul className="space-y-2">
          {d.rows.map((t) => (
            <li key={t.id} className="card flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{t.title}</span>
                  <Badge tone="brand">{d.labels[t.examType] ?? t.examType}</Badge>
                  {t.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
                </p>
                {t.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{t.description}</p> : null}
                <p className="mt-1 text-sm text-slate-500">
                  {t.duration} minutes · {t.totalQuestions} questions · Created {formatDate(t.createdAt)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a href={`/admin/csv/${t.id}/export`} download className="btn-secondary px-3 py-1.5">
                  Export CSV
                </a>
                <Link to={`/admin/csv/${t.id}/edit`} className="btn-secondary px-3 py-1.5">
                  Edit
                </Link>
                <DeleteLink to={href({ delete: t.id })} size="md" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={d.filters.page} pages={d.pages} />
      {params.get("delete") && d.deleting ? (
        <ConfirmDialog id={d.deleting.id} title={`Delete “${d.deleting.title}”?`} closeHref={href({ delete: null })}>
          <p className="text-sm text-slate-700">If students have attempted it, it is archived and their results are kept.</p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
