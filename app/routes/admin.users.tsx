import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import {
  Badge,
  RowMenu,
  ConfirmDialog,
  EmptyState,
  ErrorBox,
  FilterForm,
  PageHeader,
  Pagination,
  StatTiles,
  SubmitButton,
  useHrefWith,
  DialogActions,
  SearchField,
  DeleteLink,
} from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { requireAdmin } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseMaxAttempts } from "~/lib/test-editor-rules";
import { formatDate, formatDateTime } from "~/lib/time";
import {
  assignExamTypes,
  changeStatus,
  deleteUser,
  listUsers,
  parseGlobalLimit,
  parseUserFilters,
  perTestLimitsOf,
  setGlobalLimit,
  setPerTestLimit,
  testsForLimits,
} from "~/models/admin-users.server";
import { allExamTypeOptions, examTypeLabels } from "~/models/exam-type.server";
import { assignedExamTypes, findUserById } from "~/models/user.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";

export const meta: MetaFunction = () => [{ title: "User Management" }];

const DIALOG_PARAMS = ["assign", "limit", "delete", "testLimits"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseUserFilters(url);
  const targetId = DIALOG_PARAMS.map((p) => url.searchParams.get(p)).find(Boolean) ?? null;
  const target = targetId ? findUserById(targetId) : undefined;
  const targetTypes = target ? assignedExamTypes(target.id) : [];
  return {
    filters,
    ...listUsers(filters),
    examTypes: allExamTypeOptions().filter((t) => t.value !== "GENERAL"),
    labels: examTypeLabels(),
    target: target
      ? {
          id: target.id,
          name: target.name,
          email: target.email,
          globalTestLimit: target.globalTestLimit,
          examTypes: targetTypes,
          perTest: url.searchParams.get("testLimits") ? perTestLimitsOf(target.id) : [],
          tests: url.searchParams.get("testLimits") ? testsForLimits(targetTypes) : [],
        }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const back = "/admin/users";
  const fail = (error: string, status = 400) => data({ intent, error }, { status });
  try {
    switch (intent) {
      case "status": {
        const status = form.get("status") === "inactive" ? "inactive" : "active";
        const r = changeStatus(id, status, admin.id);
        if (!r.ok) return redirectWithFlash(back, { type: "error", text: r.error });
        return redirectWithFlash(back, { type: "success", text: `${r.user.name} is now ${status}` });
      }
      case "delete": {
        const r = deleteUser(id, admin.id);
        if (!r.ok) return redirectWithFlash(back, { type: "error", text: r.error });
        return redirectWithFlash(back, { type: "success", text: `User ${r.user.name} deleted` });
      }
      case "assign": {
        if (!assignExamTypes(id, form.getAll("examTypes").map(String))) return fail("Error updating exam types. Please try again.");
        return redirectWithFlash(back, { type: "success", text: "Exam types updated" });
      }
      case "limit": {
        const parsed = parseGlobalLimit(String(form.get("globalTestLimit") ?? ""));
        if (!parsed.ok) return fail("Enter a whole number of 0 or more, or leave it empty for no limit");
        if (!setGlobalLimit(id, parsed.limit)) return fail("Error updating test limits. Please try again.");
        return redirectWithFlash(back, { type: "success", text: "Test limit updated" });
      }
      case "test-limit": {
        const testId = String(form.get("testId") ?? "");
        const raw = String(form.get("maxAttempts") ?? "").trim();
        const max = raw === "" ? null : parseMaxAttempts(raw);
        if (!testId || (raw !== "" && max === null)) return fail("Choose a test and enter a whole number of attempts, at least 1");
        setPerTestLimit(id, testId, max);
        return redirectWithFlash(`${back}?testLimits=${id}`, { type: "success", text: "Test limits updated" });
      }
      default:
        return fail("Unknown action");
    }
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("user action failed", intent, error);
    const messages: Record<string, string> = {
      delete: "Error deleting user. Please try again.",
      status: "Error updating user status. Please try again.",
      assign: "Error updating exam types. Please try again.",
      limit: "Error updating test limits. Please try again.",
      "test-limit": "Error updating test limits. Please try again.",
    };
    return fail(messages[intent] ?? "Something went wrong. Please try again.", 500);
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminUsers() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const href = useHrefWith();
  const close = href({ assign: null, limit: null, delete: null, testLimits: null });
  const listSearch = useLocation().search;
  return (
    <main>
      <Link to="/admin" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Overview
      </Link>
      <PageHeader title="User Management">
        <Link to="/admin/users/analysis" className="btn-secondary">
          User Analysis
        </Link>
        <Link to={`/admin/users/new${listSearch}`} preventScrollReset className="btn-primary">
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
      </FilterForm>
      {d.rows.length === 0 ? (
        <EmptyState title="No users found matching your criteria." />
      ) : (
        <div className="card overflow-x-auto">
          {/* wide enough to keep each cell on its lines; a phone scrolls the table sideways */}
          <table className="w-full min-w-[56rem] text-left text-sm">
            <thead className="whitespace-nowrap border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
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
                  <td className="max-w-[16rem] px-4 py-3">
                    <p className="truncate font-medium">{u.name}</p>
                    <p className="truncate text-slate-500">{u.email}</p>
                    {u.role === "admin" ? <Badge tone="purple">admin</Badge> : null}
                    {!u.hasPassword ? <Badge tone="amber">no password</Badge> : null}
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
                      <Link to={href({ assign: u.id })} preventScrollReset className="btn-secondary whitespace-nowrap px-3 py-1.5">
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
                        <Link to={href({ limit: u.id })} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Limit
                        </Link>
                        <Link to={href({ testLimits: u.id })} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Per-test
                        </Link>
                        <Link to={`/admin/users/${u.id}/password${listSearch}`} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Password
                        </Link>
                        <Link to={`/admin/users/${u.id}`} className="btn-secondary px-2 py-1 text-xs">
                          Analysis
                        </Link>
                        <DeleteLink to={href({ delete: u.id })} />
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

      {/* the dialogs that are routes of their own (Add User) */}
      <Outlet />
      {d.target && params.get("assign") ? <AssignTypes d={d} close={close} /> : null}
      {d.target && params.get("limit") ? <GlobalLimit d={d} close={close} /> : null}
      {d.target && params.get("testLimits") ? <PerTestLimits d={d} close={close} /> : null}
      {d.target && params.get("delete") ? <DeleteUser d={d} close={close} /> : null}
    </main>
  );
}

function useError(intent: string) {
  const a = useActionData<typeof action>();
  return a && a.intent === intent ? a.error : null;
}

function ExamTypeChecks({ d, selected }: { d: LoaderData; selected: string[] }) {
  return (
    <fieldset>
      <legend className="label">Assigned exam types</legend>
      <div className="grid grid-cols-2 gap-2">
        {d.examTypes.map((t) => (
          <label key={t.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="examTypes" value={t.value} defaultChecked={selected.includes(t.value)} className="h-4 w-4" />
            {t.label}
            {t.builtin ? "" : " (custom)"}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AssignTypes({ d, close }: { d: LoaderData; close: string }) {
  const t = d.target!;
  const error = useError("assign");
  return (
    <Dialog labelledBy="assign-title" closeHref={close}>
      <Form method="post" className="space-y-4 p-5">
        <h2 id="assign-title" className="text-xl font-bold">
          Assign exam types to {t.name}
        </h2>
        <ErrorBox message={error} />
        <input type="hidden" name="id" value={t.id} />
        <ExamTypeChecks d={d} selected={t.examTypes} />
        <DialogActions closeHref={close} intent="assign" pending="Saving...">
          Save
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function GlobalLimit({ d, close }: { d: LoaderData; close: string }) {
  const t = d.target!;
  const error = useError("limit");
  return (
    <Dialog labelledBy="limit-title" closeHref={close}>
      <Form method="post" className="space-y-4 p-5" noValidate>
        <h2 id="limit-title" className="text-xl font-bold">
          Test attempt limit for {t.name}
        </h2>
        <p className="text-sm text-slate-600">The most attempts {t.name} may make on each test. Leave empty (or 0) for no limit.</p>
        <ErrorBox message={error} />
        <input type="hidden" name="id" value={t.id} />
        <div>
          <label htmlFor="limit-value" className="label">
            Attempts per test
          </label>
          <input id="limit-value" name="globalTestLimit" type="number" min={0} defaultValue={t.globalTestLimit ?? ""} className="input" />
        </div>
        <DialogActions closeHref={close} intent="limit" pending="Saving...">
          Save
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function PerTestLimits({ d, close }: { d: LoaderData; close: string }) {
  const t = d.target!;
  const error = useError("test-limit");
  return (
    <Dialog labelledBy="pt-title" closeHref={close}>
      <div className="space-y-4 p-5">
        <h2 id="pt-title" className="text-xl font-bold">
          Per-test limits for {t.name}
        </h2>
        <p className="text-sm text-slate-600">A per-test limit replaces the global limit for that test.</p>
        <ErrorBox message={error} />
        {t.perTest.length ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {t.perTest.map((l) => (
              <li key={l.testId} className="flex items-center justify-between gap-2 p-2 text-sm">
                <span>
                  {l.title}: <strong>{l.maxAttempts}</strong>
                </span>
                <Form method="post">
                  <input type="hidden" name="id" value={t.id} />
                  <input type="hidden" name="testId" value={l.testId} />
                  <input type="hidden" name="maxAttempts" value="" />
                  <button type="submit" name="intent" value="test-limit" className="text-red-700 hover:underline">
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No per-test limits.</p>
        )}
        {t.tests.length ? (
          <Form method="post" className="grid gap-2 sm:grid-cols-[1fr_7rem_auto]" noValidate>
            <input type="hidden" name="id" value={t.id} />
            <label className="sr-only" htmlFor="pt-test">
              Test
            </label>
            <select id="pt-test" name="testId" className="input">
              {t.tests.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.title}
                </option>
              ))}
            </select>
            <label className="sr-only" htmlFor="pt-max">
              Attempts
            </label>
            <input id="pt-max" name="maxAttempts" type="number" min={1} placeholder="Attempts" className="input" />
            <SubmitButton intent="test-limit" pending="Saving...">
              Set
            </SubmitButton>
          </Form>
        ) : (
          <p className="text-sm text-slate-500">Assign exam types first: limits are set on the tests of the user's exam types.</p>
        )}
        <div className="flex justify-end">
          <Link to={close} className="btn-secondary" preventScrollReset>
            Close
          </Link>
        </div>
      </div>
    </Dialog>
  );
}

function DeleteUser({ d, close }: { d: LoaderData; close: string }) {
  const t = d.target!;
  return (
    <ConfirmDialog id={t.id} title={`Delete ${t.name}?`} closeHref={close} label="Delete User">
      <p className="text-sm text-slate-700">
        The account of {t.email} is deleted together with all of their test attempts and results. This cannot be undone. To keep their history, deactivate the
        account instead.
      </p>
    </ConfirmDialog>
  );
}
