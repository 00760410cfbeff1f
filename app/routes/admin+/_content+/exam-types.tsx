import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { Badge, DeleteLink, EmptyState, PageHeader } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { BUILTIN_TEST_TYPES, PREDEFINED_LABELS } from "~/lib/rules/exam-type-rules";
import { formatDate } from "~/lib/rules/time";
import { customExamTypes } from "~/models/exam-type.server";

/** Exam Types: the built-in and custom types; adding, renaming and deleting are dialog routes (new, :typeId/edit, :typeId/delete). */
export const meta: MetaFunction = () => [{ title: "Exam Types" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { custom: customExamTypes() };
}

export default function ExamTypes() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <PageHeader title="Exam Types" description="The built-in exam categories and the academy's own.">
        <Link to="/admin/exam-types/new" preventScrollReset className="btn-primary">
          Add Custom Exam Type
        </Link>
      </PageHeader>
      <section aria-labelledby="predefined-heading" className="card mb-4 p-4">
        <h2 id="predefined-heading" className="font-semibold">
          Predefined exam types
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {BUILTIN_TEST_TYPES.map((t) => (
            <li key={t}>
              <Badge tone="brand">{PREDEFINED_LABELS[t]}</Badge>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="custom-heading">
        <h2 id="custom-heading" className="mb-2 font-semibold">
          Custom exam types
        </h2>
        {d.custom.length === 0 ? (
          <EmptyState title="No custom exam types yet" text="Add one for exams beyond the built-in categories.">
            <Link to="/admin/exam-types/new" preventScrollReset className="btn-primary">
              Add First Custom Exam Type
            </Link>
          </EmptyState>
        ) : (
          <div className="card overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-4 py-3">Label</th>
                  <th className="px-4 py-3">Value</th>
                  <th className="px-4 py-3">Created</th>
                  <th className="px-4 py-3">Tests</th>
                  <th className="px-4 py-3">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.custom.map((t) => (
                  <tr key={t.id} data-testid="custom-type-row">
                    <td className="px-4 py-3 font-medium">{t.label}</td>
                    <td className="px-4 py-3 font-mono text-xs">{t.value}</td>
                    <td className="px-4 py-3">{formatDate(t.createdAt)}</td>
                    <td className="px-4 py-3">{t.tests}</td>
                    <td className="px-4 py-3">
                      <div className="flex gap-2">
                        <Link to={`/admin/exam-types/${t.id}/edit`} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Edit
                        </Link>
                        <DeleteLink to={`/admin/exam-types/${t.id}/delete`} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <Outlet />
    </main>
  );
}
