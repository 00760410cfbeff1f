import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EmptyState, FilterSelect, Pagination } from "~/components/admin/ui";
import { ScrollableTable } from "~/components/ScrollableTable";
import { formatDateTime } from "~/lib/rules/time";
import { env } from "~/lib/server/env.server";
import { ACTIVITY_ACTIONS, listActivity, parseActivityFilters } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { BackLink } from "~/components/admin/ui";

/**
 * The admin activity log (/admin/activity): who changed what and when (answer keys and regrades, deletes and
 * restores, imports, bulk operations, users, passwords, accommodations), newest first, filtered by what was done,
 * by whom and by test (a test's own events: ?test=ID), 50 a page.
 */
export const meta: MetaFunction = () => [{ title: "Activity log" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {
    ...listActivity(parseActivityFilters(new URL(request.url)), env().ACADEMY_TIME_ZONE),
    actions: Object.entries(ACTIVITY_ACTIONS).map(([value, label]) => ({ value, label })),
    timeZone: env().ACADEMY_TIME_ZONE,
  };
}

export default function ActivityLog() {
  const d = useLoaderData<typeof loader>();
  const f = d.filters;
  const _href = (page: number) => {
    const p = new URLSearchParams(
      Object.entries({ action: f.action, actor: f.actor, test: f.test, about: f.about, from: f.from, to: f.to }).filter(([, v]) => v) as Array<
        [string, string]
      >,
    );
    p.set("page", String(page));
    return `/admin/activity?${p.toString()}`;
  };
  return (
    <main>
      <BackLink to="/admin">Overview</BackLink>
      <h1 className="mt-2 text-2xl font-bold">Activity log{d.testTitle ? `: ${d.testTitle}` : ""}</h1>
      <Form method="get" className="card mt-3 grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-6">
        {f.test ? <input type="hidden" name="test" value={f.test} /> : null}
        <FilterSelect id="act-action" name="action" label="What" defaultValue={f.action} allLabel="Everything" options={d.actions} />
        <div>
          <label htmlFor="act-actor" className="label">
            Who
          </label>
          <input id="act-actor" name="actor" defaultValue={f.actor} placeholder="Admin's name" className="input" />
        </div>
        <div>
          <label htmlFor="act-about" className="label">
            About (a student or test)
          </label>
          <input id="act-about" name="about" defaultValue={f.about} placeholder="Name or title" className="input" />
        </div>
        <div>
          <label htmlFor="act-from" className="label">
            From
          </label>
          <input id="act-from" name="from" type="date" defaultValue={f.from} className="input" />
        </div>
        <div>
          <label htmlFor="act-to" className="label">
            To
          </label>
          <input id="act-to" name="to" type="date" defaultValue={f.to} className="input" />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn-secondary">
            Filter
          </button>
          {f.action || f.actor || f.test || f.about || f.from || f.to ? (
            <Link to="/admin/activity" className="btn-secondary">
              Show all
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-600">
        {d.total} event{d.total === 1 ? "" : "s"} · times in {d.timeZone}
      </p>
      {d.rows.length === 0 ? (
        <EmptyState title="No activity yet" text="Changes that matter later (answer keys, regrades, deletes, imports, users) are listed here." />
      ) : (
        <ScrollableTable label="Activity log (scrolls sideways)">
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="border-b-2 border-slate-800 text-xs text-slate-600">
                <th className="py-1.5 pr-3">When</th>
                <th className="py-1.5 pr-3">Who</th>
                <th className="py-1.5 pr-3">What</th>
                <th className="py-1.5">Details</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 align-top" data-testid="activity-row">
                  <td className="whitespace-nowrap py-1.5 pr-3">{formatDateTime(r.createdAt, d.timeZone)}</td>
                  <td className="py-1.5 pr-3">{r.actorName}</td>
                  <td className="py-1.5 pr-3">
                    {r.label}
                    {r.target ? <span className="block text-xs text-slate-600">{r.target}</span> : null}
                    {r.testId && !f.test ? (
                      <Link to={`/admin/activity?test=${encodeURIComponent(r.testId)}`} className="block text-xs text-brand-700 hover:underline">
                        This test's events
                      </Link>
                    ) : null}
                  </td>
                  <td className="py-1.5 text-slate-700">{r.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      <Pagination page={f.page} pages={d.pages} />
    </main>
  );
}
