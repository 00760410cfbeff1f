import { plural } from "~/lib/rules/words";
import { formatPercent } from "~/lib/rules/progress-rules";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BandChart } from "~/routes/admin+/__BandChart";
import { PageHeader, StatTiles } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { band, bandClasses } from "~/lib/rules/score-display";
import { overview } from "~/models/analytics.server";
import { batchOptions } from "~/models/batches.server";
import { BatchFilter } from "~/routes/admin+/__BatchFilter";

export const meta: MetaFunction = () => [{ title: "Overview & Analytics" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batch = new URL(request.url).searchParams.get("batch") ?? "";
  return { ...overview(Date.now(), batch), batch, batches: batchOptions() };
}

export default function AdminOverview() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <PageHeader title="Overview & Analytics">
        <Link to="/admin/settings" className="btn-secondary">
          Academy settings
        </Link>
        <Link to="/admin/site-texts/terms" className="btn-secondary">
          Site texts
        </Link>
      </PageHeader>
      <BatchFilter id="board-batch" batches={d.batches} value={d.batch} className="mb-4" />
      <StatTiles
        items={[
          ["Total Tests", d.cards.totalTests],
          ["Active Tests", d.cards.activeTests],
          ["Total Attempts", d.cards.totalAttempts],
          ["Average Score", `${d.cards.averageScore}%`],
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="by-type" className="card p-4">
          <h2 id="by-type" className="font-semibold">
            Test performance by exam type
          </h2>
          {d.byType.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">No tests yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {d.byType.map((t) => (
                <li key={t.examType}>
                  <Link to={`/admin/tests?type=${encodeURIComponent(t.examType)}`} className="flex items-center justify-between gap-2 py-2 hover:bg-slate-50">
                    <span className="font-medium">{t.label}</span>
                    <span className="text-sm text-slate-600">
                      {plural(t.tests, "test")} · {plural(t.attempts, "attempt")} ·{" "}
                      {t.average === null ? "—" : <span className={`badge ${bandClasses[band(t.average)]}`}>{formatPercent(t.average)}</span>}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="activity" className="card p-4">
          <h2 id="activity" className="font-semibold">
            User activity
          </h2>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
            {(
              [
                ["Total attempts", d.activity.totalAttempts, "activity-total"],
                ["Unique users", d.activity.uniqueUsers, "activity-users"],
                ["This week", d.activity.lastSevenDays, "activity-week"],
              ] as const
            ).map(([label, value, testId]) => (
              <div key={testId} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="text-xl font-bold" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="distribution" className="card p-4">
          <h2 id="distribution" className="font-semibold">
            Score distribution
          </h2>
          <BandChart bands={d.bands} />
        </section>
        <section aria-labelledby="top-users" className="card p-4">
          <h2 id="top-users" className="font-semibold">
            Top 10 users
          </h2>
          <p className="text-xs text-slate-500">Ranked by overall correct: all their correct answers over all their questions.</p>
          {d.top.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">No finished attempts yet.</p>
          ) : (
            <ol className="mt-2 divide-y divide-slate-100">
              {d.top.map((u) => (
                <li key={u.userId} className="flex items-center justify-between gap-2 py-1.5 text-sm">
                  <Link to={`/admin/users/${u.userId}`} className="truncate hover:underline">
                    {u.rank}. {u.name}
                  </Link>
                  <span>
                    {plural(u.attempts, "attempt")} · <span className={`badge ${bandClasses[band(u.percent)]}`}>{formatPercent(u.percent)}</span>
                    <span className="sr-only"> overall correct</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <Link to="/admin/users/analysis" className="card mt-4 block p-4 hover:border-brand-600">
        <h2 className="font-semibold">User Analysis →</h2>
        <p className="text-sm text-slate-600">Every student's attempts, averages and history.</p>
      </Link>
      <Link to="/admin/gradebook" className="card mt-4 block p-4 hover:border-brand-600">
        <h2 className="font-semibold">Gradebook →</h2>
        <p className="text-sm text-slate-600">Students × tests of an exam type: best or latest score per test, averages, CSV.</p>
      </Link>
      <Link to="/admin/activity" className="card mt-4 block p-4 hover:border-brand-600">
        <h2 className="font-semibold">Activity log →</h2>
        <p className="text-sm text-slate-600">Who changed answer keys, regraded, deleted, imported or reset what, and when.</p>
      </Link>
    </main>
  );
}
