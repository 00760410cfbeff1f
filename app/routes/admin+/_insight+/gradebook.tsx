import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { formatMarks } from "~/lib/rules/marks-text";
import { formatPercent } from "~/lib/rules/progress-rules";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { EmptyState, FilterSelect, Pagination } from "~/components/admin/ui";
import { PrintButton } from "~/components/PrintButton";
import { ScrollableTable } from "~/components/ScrollableTable";
import { band, bandClasses } from "~/lib/rules/score-display";
import { requireAdmin } from "~/models/auth.server";
import { gradebookTypes, loadGradebook, parseGradebookQuery } from "~/models/gradebook.server";
import { batchOptions } from "~/models/batches.server";
import { BackLink } from "~/components/admin/ui";

/**
 * The gradebook (/admin/gradebook): students × tests of an exam type, best or latest marked score per cell, each
 * student's and each test's average, missing attempts as "—"; sorted by name or average, 50 students a page, a
 * cell opens its attempt; printable and as CSV.
 */
const GRADEBOOK_MODES = [
  { value: "best", label: "Best attempt" },
  { value: "latest", label: "Latest attempt" },
];
const GRADEBOOK_SORTS = [
  { value: "name", label: "Name" },
  { value: "average", label: "Average (highest first)" },
];

export const meta: MetaFunction = () => [{ title: "Gradebook" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const types = gradebookTypes();
  const gradebook = loadGradebook(
    parseGradebookQuery(
      new URL(request.url),
      types.map((t) => t.value),
    ),
  );
  return { ...gradebook, batches: batchOptions() };
}

export default function Gradebook() {
  const d = useLoaderData<typeof loader>();
  const q = d.query;
  const href = (change: Partial<Record<"type" | "mode" | "sort" | "q" | "page" | "cols", string>>) => {
    const p = new URLSearchParams({
      type: q.type,
      ...(q.batch ? { batch: q.batch } : {}),
      mode: q.mode,
      sort: q.sort,
      ...(q.q ? { q: q.q } : {}),
      page: String(q.page),
      cols: String(q.cols),
      ...change,
    });
    if (!("page" in change) && !("cols" in change)) p.delete("page");
    return `/admin/gradebook?${p.toString()}`;
  };
  return (
    <main>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <BackLink to="/admin">Overview</BackLink>
        <div className="flex gap-2">
          {q.type ? (
            <a
              href={`/admin/gradebook.csv?type=${encodeURIComponent(q.type)}&mode=${q.mode}${q.batch ? `&batch=${encodeURIComponent(q.batch)}` : ""}`}
              className="btn-secondary"
              download
            >
              Download CSV
            </a>
          ) : null}
          <PrintButton className="btn-primary" />
        </div>
      </div>
      <h1 className="text-2xl font-bold">Gradebook</h1>
      <Form method="get" className="card mt-3 grid gap-3 p-4 sm:grid-cols-3 lg:grid-cols-6 print:hidden">
        <FilterSelect id="gb-type" name="type" label="Exam type" defaultValue={q.type} options={d.types} />
        <FilterSelect id="gb-batch" name="batch" label="Batch" defaultValue={q.batch} allLabel="All students" options={d.batches} />
        <FilterSelect id="gb-mode" name="mode" label="Score per test" defaultValue={q.mode} options={GRADEBOOK_MODES} />
        <FilterSelect id="gb-sort" name="sort" label="Sort by" defaultValue={q.sort} options={GRADEBOOK_SORTS} />
        <div>
          <label htmlFor="gb-q" className="label">
            Student
          </label>
          <input id="gb-q" name="q" defaultValue={q.q} placeholder="Name, e-mail or roll number" className="input" />
        </div>
        <div className="flex items-end">
          <button type="submit" className="btn-secondary w-full">
            Show
          </button>
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-600">
        {d.total} student{d.total === 1 ? "" : "s"} · {d.testsTotal} test{d.testsTotal === 1 ? "" : "s"} · {q.mode === "best" ? "best" : "latest"} attempt per
        test, marked score in percent
      </p>
      {!d.tests.length || !d.rows.length ? (
        <EmptyState
          title={!d.types.length ? "No tests yet" : !d.tests.length ? "No tests of this exam type" : "No students match"}
          text="The gradebook lists the students of an exam type and their scores on its tests."
        />
      ) : (
        <ScrollableTable label="Gradebook (scrolls sideways)">
          <table className="mt-2 w-full border-collapse text-left text-sm" data-testid="gradebook">
            <thead>
              <tr className="border-b-2 border-slate-800 align-bottom">
                <th className="sticky left-0 bg-white py-1.5 pr-3">Student</th>
                {d.tests.map((t) => (
                  <th key={t.id} className="min-w-[5rem] px-1 py-1.5 text-right text-xs font-semibold" title={t.title}>
                    <span className="line-clamp-3 [overflow-wrap:anywhere]">{t.title}</span>
                  </th>
                ))}
                <th className="px-1 py-1.5 text-right">Average</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200" data-testid="gradebook-row">
                  <th scope="row" className="sticky left-0 bg-white py-1 pr-3 text-left font-medium">
                    {r.name}
                    <span className="block text-xs font-normal text-slate-500">{r.signIn}</span>
                  </th>
                  {r.cells.map((c, i) => (
                    <td key={d.tests[i].id} className="px-1 py-1 text-right tabular-nums">
                      {c && c.percent !== null ? (
                        // a plain link: thousands of cells, and a Remix <Link> resolves its path on every render
                        <>
                          <a href={`/test/${d.tests[i].id}/results?attempt=${c.attemptId}`} className={`badge ${bandClasses[band(c.percent)]}`}>
                            {formatPercent(c.percent)}
                          </a>
                          <span className="block whitespace-nowrap text-[11px] text-slate-600" data-testid="gradebook-standing">
                            {formatMarks(c.marks)}/{formatMarks(c.maxMarks)} · #{c.rank}
                            <span className="sr-only">, percentile</span> · P{c.percentile}
                          </span>
                          {c.sections.length ? (
                            <span className="block min-w-[8rem] text-[11px] leading-tight text-slate-600" data-testid="gradebook-sections">
                              {c.sections.map((x) => `${x.name} ${formatMarks(x.marks)}/${formatMarks(x.maxMarks)}`).join(" · ")}
                            </span>
                          ) : null}
                        </>
                      ) : (
                        <span className="text-slate-400" title="No attempt">
                          —
                        </span>
                      )}
                    </td>
                  ))}
                  <td className="px-1 py-1 text-right font-semibold tabular-nums">{r.average === null ? "—" : formatPercent(r.average)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-800">
                <th scope="row" className="sticky left-0 bg-white py-1 pr-3 text-left">
                  Test average
                </th>
                {d.tests.map((t) => (
                  <td key={t.id} className="px-1 py-1 text-right font-semibold tabular-nums">
                    {d.testAverages[t.id] === undefined || d.testAverages[t.id] === null ? "—" : `${d.testAverages[t.id]}%`}
                  </td>
                ))}
                <td />
              </tr>
            </tfoot>
          </table>
        </ScrollableTable>
      )}
      {d.colPages > 1 ? (
        <nav aria-label="Tests shown" className="mt-3 flex items-center justify-between text-sm print:hidden">
          {q.cols > 1 ? <Link to={href({ cols: String(q.cols - 1) })}>← Earlier tests</Link> : <span />}
          <span>
            Tests {(q.cols - 1) * d.columnsPerPage + 1}–{(q.cols - 1) * d.columnsPerPage + d.tests.length} of {d.testsTotal} (the average counts them all)
          </span>
          {q.cols < d.colPages ? <Link to={href({ cols: String(q.cols + 1) })}>Later tests →</Link> : <span />}
        </nav>
      ) : null}
      <Pagination page={q.page} pages={d.pages} />
    </main>
  );
}
