import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import {
  Badge,
  DeleteLink,
  EmptyState,
  FilterForm,
  FilterSelect,
  PageHeader,
  Pagination,
  RowMenu,
  SearchField,
  SubmitButton,
  useChildHref,
  HiddenListFilters,
} from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { openReportCount } from "~/models/question-reports.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { TEST_LIST_KEYS, testListHref } from "~/lib/rules/list-href";
import { env } from "~/lib/server/env.server";
import { countArchivedTests, listTests, parseTestFilters, toggleTestActive } from "~/models/admin-tests.server";
import { examTypeLabels, testExamTypeOptions } from "~/models/exam-type.server";
import { readReceipt } from "~/models/form-receipts.server";
import { type BulkResultData, BulkResult, TestFacts, TestPageLinks, TestWindowNote, UploadReportNote } from "~/routes/admin+/_tests+/__TestListParts";

/**
 * Test Management: the list of tests with its filters. Each dialog is a child route rendered in the
 * list's <Outlet/> (upload, bulk-upload, bulk, :testId/edit, :testId/clone, :testId/delete), carrying
 * the list's filters in its address so the list behind it stays the same.
 */
export const meta: MetaFunction = () => [{ title: "Test Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseTestFilters(url);
  return {
    filters,
    ...listTests(filters),
    // what a bulk upload created (its receipt, see form-receipts.server.ts)
    bulkResult: readReceipt<BulkResultData>(url.searchParams.get("bulkResult"), "bulk-upload"),
    examTypes: testExamTypeOptions(),
    labels: examTypeLabels(),
    archived: countArchivedTests(),
    openReports: openReportCount(),
    timeZone: env().ACADEMY_TIME_ZONE,
  };
}

/** The row's Activate / Deactivate. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const back = testListHref(request.url);
  try {
    const active = toggleTestActive(String(form.get("id") ?? ""));
    if (active === null) return redirectWithFlash(back, { type: "error", text: "Error updating test status. Please try again." });
    return redirectWithFlash(back, { type: "success", text: active ? "Test activated" : "Test deactivated" });
  } catch (error) {
    return flashFailed(error, "toggle test", back, "Error updating test status. Please try again.");
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminTests() {
  const d = useLoaderData<typeof loader>();
  const child = useChildHref("/admin/tests", TEST_LIST_KEYS);
  return (
    <main>
      <PageHeader title="Test Management" description="Upload tests from CSV files, and manage, clone and edit them.">
        <Link to={child("upload")} className="btn-primary" preventScrollReset>
          Upload Single Test
        </Link>
        <Link to={child("bulk-upload")} className="btn-secondary" preventScrollReset>
          Bulk Upload Tests
        </Link>
        <Link to="/admin/bank" className="btn-secondary">
          Question Bank
        </Link>
        <Link to="/admin/question-reports" className="btn-secondary">
          Question Reports{d.openReports ? ` (${d.openReports} open)` : ""}
        </Link>
        {d.rows.length ? (
          // submits the list's tick boxes with it, so the selection reaches the dialog without JavaScript
          <button type="submit" form="bulk-select" className="btn-secondary">
            Bulk Operations
          </button>
        ) : (
          <Link to={child("bulk")} className="btn-secondary" preventScrollReset>
            Bulk Operations
          </Link>
        )}
      </PageHeader>

      {d.archived ? (
        <p className="mb-3 text-sm">
          <Link to="/admin/tests/archived" className="font-medium text-brand-700 hover:underline">
            Archived tests ({d.archived})
          </Link>
        </p>
      ) : null}
      <Filters d={d} />
      {d.bulkResult ? <BulkResult result={d.bulkResult} /> : null}
      <TestList d={d} />
      <Pagination page={d.filters.page} pages={d.pages} />
      <Outlet />
    </main>
  );
}

function Filters({ d }: { d: LoaderData }) {
  return (
    <FilterForm>
      <SearchField id="q" defaultValue={d.filters.q} placeholder="Title or description" />
      <FilterSelect id="type" name="type" label="Exam type" defaultValue={d.filters.type} allLabel="All exam types" options={d.examTypes} />
      <div>
        <label htmlFor="unit" className="label">
          Unit
        </label>
        <select id="unit" name="unit" defaultValue={d.filters.unit} className="input">
          <option value="">All units</option>
          <option value="none">No unit</option>
          {d.units.map((u) => (
            <option key={u} value={String(u)}>
              Unit {u}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="window" className="label">
          Schedule
        </label>
        <select id="window" name="window" defaultValue={d.filters.window} className="input">
          <option value="">All tests</option>
          <option value="upcoming">Upcoming</option>
          <option value="open">Open now (scheduled)</option>
          <option value="closed">Closed</option>
        </select>
      </div>
      <Link to="/admin/tests" className="btn-secondary">
        Clear Filters
      </Link>
      <p className="w-full text-sm text-slate-600" aria-live="polite">
        Showing {d.rows.length} of {d.total} tests{d.filtered !== d.total ? ` (${d.filtered} match)` : ""}
      </p>
    </FilterForm>
  );
}

function TestList({ d }: { d: LoaderData }) {
  const child = useChildHref("/admin/tests", TEST_LIST_KEYS);
  // the list's filters travel with a child dialog's address, so the list behind it stays the same
  const listSearch = useLocation().search;
  const listParams = new URLSearchParams(listSearch);
  // ticks that came back in the address stay ticked (the page was reloaded without JavaScript)
  const ticked = new Set(listParams.getAll("ids"));
  if (d.total === 0) return <EmptyState title="No tests found" text="Upload some tests to get started" />;
  if (d.rows.length === 0) return <EmptyState title="No tests match your filters" text="Try adjusting your search criteria" />;
  return (
    <>
      {/* the tick boxes belong to this form through their form attribute; rows keep their own forms */}
      {/* a GET form: Bulk Operations and Delete Selected… carry the ticks in the address to their confirmation */}
      <Form method="get" action="/admin/tests/bulk" id="bulk-select" className="hidden" preventScrollReset>
        <HiddenListFilters keys={TEST_LIST_KEYS} />
      </Form>
      <ul className="space-y-2">
        {d.rows.map((t) => (
          <li key={t.id} className="card flex flex-wrap items-start justify-between gap-3 p-4" data-testid="test-row">
            <div className="flex min-w-0 gap-3">
              <input
                type="checkbox"
                name="ids"
                value={t.id}
                form="bulk-select"
                defaultChecked={ticked.has(t.id)}
                aria-label={`Select ${t.title}`}
                className="mt-1.5 h-4 w-4"
              />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{t.title}</span>
                  <Badge tone="brand">{d.labels[t.examType] ?? t.examType}</Badge>
                  {t.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
                  {t.unitNumber !== null ? (
                    <Badge>
                      Unit {t.unitNumber}
                      {t.unitName ? `: ${t.unitName}` : ""}
                    </Badge>
                  ) : null}
                </p>
                <TestWindowNote test={t} timeZone={d.timeZone} />
                {t.uploadReport ? <UploadReportNote report={t.uploadReport} /> : null}
                <TestFacts test={t} />
              </div>
            </div>
            {/* one main action, the rest in a menu */}
            <div className="flex items-start gap-2">
              <Link to={child(`${t.id}/edit`)} preventScrollReset className="btn-secondary px-3 py-1.5">
                Edit
              </Link>
              <RowMenu label={`More actions for ${t.title}`}>
                <ToggleButton id={t.id} active={t.isActive} />
                <Link to={child(`${t.id}/clone`)} preventScrollReset className="btn-secondary px-3 py-1.5">
                  Clone
                </Link>
                <TestPageLinks id={t.id} />
                <DeleteLink to={child(`${t.id}/delete`)} size="md" />
              </RowMenu>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function ToggleButton({ id, active }: { id: string; active: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <SubmitButton intent="toggle" pending="Saving..." className="btn-secondary px-3 py-1.5">
        {active ? "Deactivate" : "Activate"}
      </SubmitButton>
    </Form>
  );
}
