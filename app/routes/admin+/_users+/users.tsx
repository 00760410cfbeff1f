import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { logActivity } from "~/models/activity.server";
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
  StatTiles,
  useChildHref,
  HiddenListFilters,
} from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { USER_LIST_KEYS, userListHref } from "~/lib/rules/list-href";
import { formatDate, formatDateTime } from "~/lib/rules/time";
import { USER_SORTS } from "~/lib/rules/user-list";
import { changeStatus, listUsers, parseUserFilters } from "~/models/admin-users.server";
import { batchOptions } from "~/models/batches.server";
import { examTypeLabels, testExamTypeOptions } from "~/models/exam-type.server";
import { BackLink } from "~/components/admin/ui";

/**
 * User Management: the list of users with its filters. Each dialog is a child route rendered in the
 * list's <Outlet/> (new, :userId/exam-types, /limit, /test-limits, /password, /delete), carrying the
 * list's filters in its address.
 */
export const meta: MetaFunction = () => [{ title: "User Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = parseUserFilters(new URL(request.url));
  return {
    filters,
    ...listUsers(filters),
    labels: examTypeLabels(),
    examTypes: testExamTypeOptions(),
    batches: batchOptions(),
  };
}

/** The row's Activate / Deactivate. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const back = userListHref(request.url);
  try {
    const status = form.get("status") === "inactive" ? "inactive" : "active";
    const r = changeStatus(String(form.get("id") ?? ""), status, admin.id);
    if (!r.ok) return redirectWithFlash(back, { type: "error", text: r.error });
    logActivity(admin, "user-status", { target: r.user.name, detail: status });
    return redirectWithFlash(back, { type: "success", text: `${r.user.name} is now ${status}` });
  } catch (error) {
    return flashFailed(error, "user status change", back, "Error updating user status. Please try again.");
  }
}

export default function AdminUsers() {
  const d = useLoaderData<typeof loader>();
  const child = useChildHref("/admin/users", USER_LIST_KEYS);
  const location = useLocation();
  // ticks that came back in the address stay ticked (the bulk dialog was closed without JavaScript)
  const ticked = new Set(new URLSearchParams(location.search).getAll("ids"));
  return (
    <main>
      <BackLink to="/admin">Overview</BackLink>
      <PageHeader title="User Management">
        <Link to="/admin/users/analysis" className="btn-secondary">
          User Analysis
        </Link>
        <Link to="/admin/batches" className="btn-secondary">
          Batches
        </Link>
        <Link to="/admin/users/import" className="btn-secondary">
          Import Students
        </Link>
        <Link to={child("new")} preventScrollReset className="btn-primary">
          Add User
        </Link>
      </PageHeader>
      <StatTiles
        items={[
          ["Total", d.totals.total],
          ["Active", d.totals.active],
          ["Inactive", d.totals.inactive],
        ]}
      />
      <FilterForm>
        <SearchField id="user-q" label="Search by name or email" defaultValue={d.filters.q} />
        <div>
          <label htmlFor="user-status" className="label">
            Status
          </label>
          <select id="user-status" name="status" defaultValue={d.filters.status} className="input">
            <option value="all">All Status</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        <FilterSelect id="user-type" name="type" label="Exam type" defaultValue={d.filters.type} allLabel="All exam types" options={d.examTypes} />
        <FilterSelect id="user-batch" name="batch" label="Batch" defaultValue={d.filters.batch} allLabel="All batches" options={d.batches} />
        <div>
          <label htmlFor="user-password" className="label">
            Password
          </label>
          <select id="user-password" name="password" defaultValue={d.filters.password} className="input">
            <option value="all">Any</option>
            <option value="none">No password yet</option>
          </select>
        </div>
        <div>
          <label htmlFor="user-sort" className="label">
            Sort by
          </label>
          <select id="user-sort" name="sort" defaultValue={d.filters.sort} className="input">
            {Object.entries(USER_SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {/* a GET form: the ticks and the filters travel in the address to the bulk dialog, without JavaScript too */}
      <Form method="get" action="/admin/users/bulk" id="user-select" className="mb-2 flex items-center gap-2" preventScrollReset>
        <HiddenListFilters keys={USER_LIST_KEYS} />
        <button type="submit" className="btn-secondary">
          Bulk actions…
        </button>
        <span className="text-sm text-slate-600">Tick users below, or act on all {d.filtered} matching.</span>
      </Form>
      {d.rows.length === 0 ? (
        <EmptyState title="No users found matching your criteria." />
      ) : (
        <div className="card overflow-x-auto">
          {/* wide enough to keep each cell on its lines; a phone scrolls the table sideways */}
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="whitespace-nowrap border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th className="px-4 py-3">
                  <span className="sr-only">Select</span>
                </th>
                <th className="px-4 py-3">User</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3">Join Date</th>
                <th className="px-4 py-3">Last Login</th>
                <th className="px-4 py-3">Assigned Exams</th>
                <th className="px-4 py-3">Test Limits</th>
                <th className="px-4 py-3">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {d.rows.map((u) => (
                <tr key={u.id} data-testid="user-row">
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      name="ids"
                      value={u.id}
                      form="user-select"
                      defaultChecked={ticked.has(u.id)}
                      aria-label={`Select ${u.name}`}
                      className="h-4 w-4"
                    />
                  </td>
                  <td className="max-w-[16rem] px-4 py-3">
                    <p className="truncate font-medium">{u.name}</p>
                    <p className="truncate text-slate-500">{u.email}</p>
                    {u.role === "admin" ? <Badge tone="purple">admin</Badge> : null}
                    {!u.hasPassword ? <Badge tone="amber">no password</Badge> : null}
                    {u.writing ? <Badge tone="amber">writing a test</Badge> : null}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    {u.status === "active" ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{formatDate(u.joinDate)}</td>
                  <td className="whitespace-nowrap px-4 py-3">{u.lastLogin ? formatDateTime(u.lastLogin) : "Never"}</td>
                  <td className="px-4 py-3">
                    <div className="flex max-w-[20rem] flex-wrap gap-1">
                      {u.examTypes.length ? u.examTypes.map((t) => <Badge key={t}>{d.labels[t] ?? t}</Badge>) : <span className="text-slate-400">None</span>}
                    </div>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">
                    {u.globalTestLimit ? `${u.globalTestLimit} per test` : "Unlimited"}
                    {u.perTestLimits ? <span className="block text-xs text-slate-500">{u.perTestLimits} test overrides</span> : null}
                  </td>
                  <td className="px-4 py-3">
                    {/* one main action, the rest in a menu: a row stays one line high on a phone */}
                    <div className="flex items-start gap-1">
                      <Link to={child(`${u.id}/exam-types`)} preventScrollReset className="btn-secondary whitespace-nowrap px-3 py-1.5">
                        Exam types
                      </Link>
                      <RowMenu label={`More actions for ${u.name}`}>
                        <Form method="post">
                          <input type="hidden" name="id" value={u.id} />
                          <input type="hidden" name="status" value={u.status === "active" ? "inactive" : "active"} />
                          <button type="submit" name="intent" value="status" className="btn-secondary px-2 py-1 text-xs">
                            {u.status === "active" ? "Deactivate" : "Activate"}
                          </button>
                        </Form>
                        <Link to={child(`${u.id}/limit`)} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Limit
                        </Link>
                        <Link to={child(`${u.id}/test-limits`)} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Per-test
                        </Link>
                        <Link to={child(`${u.id}/password`)} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Password
                        </Link>
                        <Link to={child(`${u.id}/sign-in-link`)} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Sign-in link
                        </Link>
                        <Link to={`/admin/users/${u.id}`} className="btn-secondary px-2 py-1 text-xs">
                          Analysis
                        </Link>
                        <DeleteLink to={child(`${u.id}/delete`)} />
                      </RowMenu>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {d.filtered} user{d.filtered === 1 ? "" : "s"} match
      </p>
      <Pagination page={d.filters.page} pages={d.pages} />

      <Outlet />
    </main>
  );
}
