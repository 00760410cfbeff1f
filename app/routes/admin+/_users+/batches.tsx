import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { Badge, EmptyState, PageHeader, Pagination, SearchField } from "~/components/admin/ui";
import { formatDate } from "~/lib/rules/time";
import { requireAdmin } from "~/models/auth.server";
import { BATCH_PAGE, listBatches, parseBatchListFilters } from "~/models/batches.server";
import { BackLink } from "~/components/admin/ui";

/**
 * Batches (/admin/batches): the academy's classes, searchable, 50 a page, archived ones apart. New and Edit are
 * dialog routes; a batch's page lists and changes its students.
 */
export const meta: MetaFunction = () => [{ title: "Batches" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = parseBatchListFilters(new URL(request.url));
  return { filters, ...listBatches(filters), pageSize: BATCH_PAGE };
}

export default function Batches() {
  const d = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(d.total / d.pageSize));
  const search = d.filters.archived ? "?archived=1" : "";
  return (
    <main>
      <BackLink to="/admin/users">User Management</BackLink>
      <PageHeader title="Batches" description="Classes of students. Give a batch tests, announcements and its own test window.">
        <Link to={`/admin/batches/new${search}`} preventScrollReset className="btn-primary">
          New Batch
        </Link>
      </PageHeader>
      <Form method="get" className="card mb-4 flex flex-wrap items-end gap-3 p-4">
        <SearchField id="batch-q" label="Search batches" defaultValue={d.filters.q} placeholder="Batch name" />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="archived" value="1" defaultChecked={d.filters.archived} /> Archived batches
        </label>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {d.rows.length === 0 ? (
        d.filters.q || d.filters.archived ? (
          <EmptyState title="No batches match" text="Try another name, or clear the filters.">
            <Link to="/admin/batches" className="btn-secondary">
              Show all batches
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No batches yet" text='Make one for each class, e.g. "NET morning batch", then add its students from the user list.'>
            <Link to="/admin/batches/new" preventScrollReset className="btn-primary">
              Create the First Batch
            </Link>
          </EmptyState>
        )
      ) : (
        <div className="card overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-3">Batch</th>
                <th className="px-4 py-3">Students</th>
                <th className="px-4 py-3">Tests</th>
                <th className="px-4 py-3">Created</th>
                <th className="px-4 py-3">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.map((b) => (
                <tr key={b.id} data-testid="batch-row">
                  <td className="px-4 py-3 font-medium">
                    <Link to={`/admin/batches/${b.id}`} className="text-brand-700 hover:underline">
                      {b.name}
                    </Link>{" "}
                    {b.archivedAt ? <Badge>Archived</Badge> : null}
                  </td>
                  <td className="px-4 py-3">{b.members}</td>
                  <td className="px-4 py-3">{b.tests}</td>
                  <td className="px-4 py-3">{formatDate(b.createdAt)}</td>
                  <td className="px-4 py-3">
                    <Link to={`/admin/batches/${b.id}/edit${search}`} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={d.filters.page} pages={pages} />
      <Outlet />
    </main>
  );
}
