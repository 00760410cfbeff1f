import { ScrollableTable } from "~/components/ScrollableTable";
import { formatPercent } from "~/lib/rules/progress-rules";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { formatDuration } from "~/lib/rules/score-display";
import { env } from "~/lib/server/env.server";
import { PrintButton } from "~/components/PrintButton";
import { formatDateTime } from "~/lib/rules/time";
import { formatMarks } from "~/lib/rules/marks-text";
import { type MarksRow, marksRegister, rankListOf } from "~/models/reports.server";
import { batchOptions } from "~/models/batches.server";
import { BatchFilter } from "~/routes/admin+/__BatchFilter";
import { BackLink } from "~/components/admin/ui";

/**
 * The marks register of a test (/admin/tests/:testId/marks): every finished attempt, or the rank list (`?view=rank`:
 * each student's best attempt, best first, with rank and percentile); printable (A4, black and white), and as CSV.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Marks register · ${data.title}` : "Test not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = new URL(request.url).searchParams;
  const batch = query.get("batch") ?? "";
  const register = marksRegister(params.testId ?? "", batch);
  if (!register) throw new Response("Test not found", { status: 404 });
  const view = query.get("view") === "rank" ? ("rank" as const) : ("all" as const);
  const rows: Array<MarksRow & { rank?: number; percentile?: number }> = view === "rank" ? rankListOf(register) : register.rows;
  return { title: register.title, rows, view, testId: params.testId ?? "", batch, batches: batchOptions(), timeZone: env().ACADEMY_TIME_ZONE };
}

export default function MarksRegister() {
  const d = useLoaderData<typeof loader>();
  // a test with an exam pattern: the score is its marks, and the right answers get their own column
  const marked = d.rows.some((r) => r.marks !== null);
  const ranks = d.view === "rank";
  const query = (view: string) => {
    const q = new URLSearchParams();
    if (d.batch) q.set("batch", d.batch);
    if (view === "rank") q.set("view", "rank");
    const s = q.toString();
    return s ? `?${s}` : "";
  };
  return (
    <main className="print:text-black">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <BackLink to="/admin/tests">Test Management</BackLink>
        <div className="flex gap-2">
          <a href={`/admin/tests/${d.testId}/marks.csv${query(d.view)}`} className="btn-secondary" download>
            Download CSV
          </a>
          <PrintButton className="btn-primary" />
        </div>
      </div>
      <h1 className="text-2xl font-bold">
        {ranks ? "Rank list" : "Marks register"}: {d.title}
      </h1>
      <nav aria-label="Register views" className="my-2 flex gap-3 text-sm print:hidden">
        <a href={query("all")} aria-current={ranks ? undefined : "page"} className={ranks ? "text-brand-700 underline" : "font-semibold"}>
          Every attempt
        </a>
        <a href={query("rank")} aria-current={ranks ? "page" : undefined} className={ranks ? "font-semibold" : "text-brand-700 underline"}>
          Rank list (each student's best)
        </a>
      </nav>
      <BatchFilter id="marks-batch" batches={d.batches} value={d.batch} className="my-2" />
      <p className="mb-4 text-sm text-slate-600 print:text-black">
        {ranks
          ? `${d.rows.length} student${d.rows.length === 1 ? "" : "s"}, each by their best attempt`
          : `${d.rows.length} finished attempt${d.rows.length === 1 ? "" : "s"}`}{" "}
        · times in {d.timeZone}
      </p>
      {d.rows.length === 0 ? (
        <EmptyState title="No finished attempts yet" text="Students' marks appear here when they finish the test." />
      ) : (
        <ScrollableTable label="Marks register (scrolls sideways)">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="border-b-2 border-slate-800">
                {ranks ? <th className="whitespace-nowrap py-1.5 pr-2 text-right">Rank</th> : null}
                {ranks ? <th className="whitespace-nowrap py-1.5 pr-2 text-right">Percentile</th> : null}
                <th className="whitespace-nowrap py-1.5 pr-2">Student</th>
                <th className="whitespace-nowrap py-1.5 pr-2">E-mail</th>
                <th className="whitespace-nowrap py-1.5 pr-2 text-right">Attempt</th>
                <th className="whitespace-nowrap py-1.5 pr-2 text-right">Score</th>
                {marked ? <th className="whitespace-nowrap py-1.5 pr-2 text-right">Right answers</th> : null}
                <th className="whitespace-nowrap py-1.5 pr-2 text-right">Percent</th>
                <th className="whitespace-nowrap py-1.5 pr-2 text-right">Time spent</th>
                <th className="whitespace-nowrap py-1.5 pr-2">Finished</th>
                {d.rows.some((r) => r.interventions) ? <th className="py-1.5">Academy</th> : null}
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={`${r.email}-${r.attemptNumber}`} className="break-inside-avoid border-b border-slate-300" data-testid="marks-row">
                  {ranks ? <td className="py-1 pr-2 text-right font-semibold tabular-nums">{r.rank}</td> : null}
                  {ranks ? <td className="py-1 pr-2 text-right tabular-nums">{r.percentile}</td> : null}
                  <td className="py-1 pr-2">{r.name}</td>
                  <td className="py-1 pr-2">{r.email}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{r.attemptNumber}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">
                    {r.marks !== null && r.maxMarks !== null ? `${formatMarks(r.marks)} / ${formatMarks(r.maxMarks)}` : `${r.score} / ${r.total}`}
                    {r.regraded ? " *" : ""}
                  </td>
                  {marked ? (
                    <td className="py-1 pr-2 text-right tabular-nums">
                      {r.score} / {r.total}
                    </td>
                  ) : null}
                  <td className="py-1 pr-2 text-right tabular-nums">{formatPercent(r.percent)}</td>
                  <td className="py-1 pr-2 text-right tabular-nums">{formatDuration(r.timeSpent ?? 0)}</td>
                  <td className="py-1 pr-2">{formatDateTime(r.completedAt, d.timeZone)}</td>
                  {d.rows.some((row) => row.interventions) ? (
                    <td className="py-1" data-testid="marks-interventions">
                      {r.interventions}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
      {d.rows.some((r) => r.regraded) ? <p className="mt-2 text-xs">* regraded after the answer key was corrected</p> : null}
    </main>
  );
}
