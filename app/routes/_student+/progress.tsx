import { ScrollableTable } from "~/components/ScrollableTable";
import { formatPercent } from "~/lib/rules/progress-rules";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStudent } from "~/models/auth.server";
import { ByTopic } from "~/routes/_student+/__ByTopic";
import { band, bandClasses } from "~/lib/rules/score-display";
import { trendGeometry } from "~/lib/rules/progress-rules";
import { formatDate } from "~/lib/rules/time";
import { loadProgress } from "~/models/progress.server";

export const meta: MetaFunction = () => [{ title: "My progress" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  return loadProgress(user.id);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function Percent({ value }: { value: number | null }) {
  if (value === null) return <span>—</span>;
  return <span className={`badge ${bandClasses[band(value)]}`}>{value}%</span>;
}

function seconds(value: number | null) {
  return value === null ? "—" : `${value} s`;
}

export default function ProgressPage() {
  const d = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <Link to="/dashboard" className="btn-secondary px-3 py-1 text-sm">
        ← Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-bold">My progress</h1>
      {d.trend.length === 0 ? (
        <p className="card mt-4 p-5 text-slate-600">
          No finished tests yet. Your score trend, accuracy by category and unit, and the units to practise next appear here after your first test.{" "}
          <Link to="/dashboard" className="font-semibold text-brand-700 hover:underline">
            Choose a test
          </Link>
        </p>
      ) : (
        <>
          <Weakest d={d} />
          <ByTopic topics={d.byTopic} practise={d.practiseTopics} />
          <Trend d={d} />
          <Accuracy d={d} />
          <Tests d={d} />
        </>
      )}
    </main>
  );
}

function Weakest({ d }: { d: Data }) {
  return (
    <section aria-labelledby="weakest-heading" className="card mt-4 p-5">
      <h2 id="weakest-heading" className="text-lg font-bold">
        Practise next
      </h2>
      {d.weakest.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No weak unit: every unit with at least 10 questions answered is at 75% or more.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {d.weakest.map((u) => (
            <li key={u.key} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {u.label} <Percent value={u.accuracy} />
              </span>
              <Link to={u.practiceHref} className="text-sm font-semibold text-brand-700 hover:underline">
                Practise this unit
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Trend({ d }: { d: Data }) {
  const g = trendGeometry(d.trend);
  return (
    <section aria-labelledby="trend-heading" className="card mt-4 p-5">
      <h2 id="trend-heading" className="text-lg font-bold">
        Score trend
      </h2>
      <p className="text-sm text-slate-600">
        Your last {d.trend.length} finished test{d.trend.length === 1 ? "" : "s"}, oldest on the left.
      </p>
      {/* the chart is a picture of the table below, which screen readers read instead */}
      <svg viewBox={`0 0 ${g.width} ${g.height}`} className="mt-3 h-auto w-full max-w-xl" aria-hidden="true" data-testid="trend-chart">
        {g.gridlines.map((l) => (
          <g key={l.percent}>
            <line x1={g.left} x2={g.right} y1={l.y} y2={l.y} stroke="#e2e8f0" strokeWidth="1" />
            <text x={g.left - 6} y={l.y + 4} textAnchor="end" fontSize="11" fill="#64748b">
              {l.label}
            </text>
          </g>
        ))}
        <polyline points={g.line} fill="none" stroke="#4338ca" strokeWidth="2" />
        {g.dots.map((dot, i) => (
          <circle key={d.trend[i].id} cx={dot.cx} cy={dot.cy} r="3.5" fill="#4338ca" />
        ))}
      </svg>
      {/* one table: read by screen readers as it is, shown to sighted readers by the link (CSS :target, no script) */}
      <a href="#trend-table" className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
        Show the scores as a table
      </a>
      <div id="trend-table" className="sr-only text-sm target:not-sr-only target:mt-2 target:block">
        <TrendTable d={d} />
      </div>
    </section>
  );
}

function TrendTable({ d }: { d: Data }) {
  return (
    <table className="mt-2 w-full text-left">
      <caption className="sr-only">Score of each finished test, oldest first</caption>
      <ColumnHeads names={["Date", "Test", "Score"]} />
      <tbody>
        {d.trend.map((t) => (
          <tr key={t.id}>
            <td className="whitespace-nowrap pr-3">{formatDate(t.completedAt)}</td>
            <td className="pr-3">{t.title}</td>
            <td className="whitespace-nowrap">
              {t.score}/{t.total} ({formatPercent(t.percent)})
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Accuracy({ d }: { d: Data }) {
  return (
    <section aria-labelledby="accuracy-heading" className="card mt-4 p-5">
      <h2 id="accuracy-heading" className="text-lg font-bold">
        Accuracy
      </h2>
      <AccuracyTable caption="Accuracy by exam category" heading="Exam category" rows={d.byCategory.map((c) => ({ ...c, key: c.examType }))} />
      <AccuracyTable caption="Accuracy by unit" heading="Unit" rows={d.byUnit} />
    </section>
  );
}

/** A table's column headings. */
function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead className="text-slate-600">
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className="whitespace-nowrap py-1 pr-3">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

type AccuracyRow = { key: string; label: string; attempts: number; correct: number; questions: number; accuracy: number | null };

/** One accuracy table (by exam category or by unit): tests taken, correct answers, accuracy. */
function AccuracyTable({ caption, heading, rows }: { caption: string; heading: string; rows: AccuracyRow[] }) {
  return (
    <ScrollableTable label={`${caption} (scrolls sideways)`}>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeads names={[heading, "Tests", "Correct", "Accuracy"]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-slate-100">
              <th scope="row" className="min-w-32 py-1 pr-3 font-medium">
                {r.label}
              </th>
              <td className="whitespace-nowrap pr-3">{r.attempts}</td>
              <td className="whitespace-nowrap pr-3">
                {r.correct}/{r.questions}
              </td>
              <td className="whitespace-nowrap pr-3">
                <Percent value={r.accuracy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollableTable>
  );
}

function Tests({ d }: { d: Data }) {
  return (
    <section aria-labelledby="tests-heading" className="card mt-4 p-5">
      <h2 id="tests-heading" className="text-lg font-bold">
        Tests taken
      </h2>
      <p className="text-sm text-slate-600">
        {d.testsTaken > d.tests.length ? `The ${d.tests.length} most recent of the ${d.testsTaken} tests you have taken. ` : null}
        Time per question is yours (average over your attempts) beside the median of every student who took the test.
      </p>
      <ScrollableTable label="Tests taken (scrolls sideways)">
        <table className="mt-2 w-full text-left text-sm">
          <ColumnHeads names={["Test", "Attempts", "Best", "Latest", "Time per question (median)"]} />
          <tbody>
            {d.tests.map((t) => (
              <tr key={t.testId} id={`test-${t.testId}`} className="border-t border-slate-100 target:bg-amber-50">
                <th scope="row" className="min-w-32 py-1 pr-3 font-medium">
                  <a href={`/test/${t.testId}/results?attempt=${t.latestId}`} className="text-brand-700 hover:underline">
                    {t.title}
                  </a>
                </th>
                <td className="whitespace-nowrap pr-3">{t.attempts}</td>
                <td className="whitespace-nowrap pr-3">
                  <Percent value={t.best} />
                </td>
                <td className="whitespace-nowrap pr-3">
                  <Percent value={t.latest} />
                </td>
                <td className="whitespace-nowrap pr-3">
                  {seconds(t.mySecondsPerQuestion)} ({seconds(t.medianSecondsPerQuestion)})
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>
    </section>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
