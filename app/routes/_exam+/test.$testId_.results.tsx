import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { formatPercent } from "~/lib/rules/progress-rules";
import { Leaderboard } from "~/routes/_exam+/__Leaderboard";
import { Comparison } from "~/routes/_exam+/__Comparison";
import { BySection } from "~/routes/_exam+/__BySection";
import { formatMarks } from "~/lib/rules/marks-text";
import type { LoaderData } from "~/lib/browser/loader-data";
import { PrintButton } from "~/components/PrintButton";
import { formatDateTime, formatTime } from "~/lib/rules/time";
import { data } from "@remix-run/node";
import { type ClientLoaderFunctionArgs, Link, useLoaderData } from "@remix-run/react";
import { AnswersLater, Review } from "~/routes/_exam+/__Review";
import { requireUser } from "~/models/auth.server";
import { LATE_ANSWER_MESSAGES } from "~/lib/rules/late-answer";
import { band, bandClasses, formatDuration } from "~/lib/rules/score-display";
import { rankNote } from "~/lib/rules/review";
import { takePageData } from "~/lib/rules/page-handoff";
import type { PageHandle } from "~/lib/rules/plain-page";
import { resultsPageAt } from "~/models/results.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && (data.state === "found" || data.state === "score-held")
        ? `Results · ${data.test.title}`
        : data?.state === "test-running"
          ? "Test in progress"
          : "Results not found",
  },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { page, status } = resultsPageAt(user, params.testId ?? "", new URL(request.url));
  return data(page, { status, headers: { "Cache-Control": "no-store" } });
}

/** Right after Finish on the exam page, the results came with Finish's answer (app/lib/rules/page-handoff.ts). */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  return (takePageData(new URL(request.url)) as LoaderData<typeof loader> | undefined) ?? serverLoader<typeof loader>();
}

/** A browser that has never run the site's script gets the page without scripts (app/lib/rules/plain-page.ts). */
export const handle = { plain: true } satisfies PageHandle;

export default function Results() {
  const page = useLoaderData<typeof loader>();
  if (page.state === "test-running") {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-bold">You are taking this test right now</h1>
        <p className="mt-3 text-slate-600">Results and answers of “{page.test.title}” stay hidden until you finish the attempt in progress.</p>
        <Link to={`/test/${page.test.id}`} className="btn-primary mt-6">
          Return to the test
        </Link>
      </main>
    );
  }
  if (page.state === "score-held") {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-bold">Test Completed!</h1>
        <p className="mt-1 text-slate-600">{page.test.title}</p>
        <p className="mt-4 text-slate-700" data-testid="score-held">
          {page.message}
        </p>
        {page.retake.allowed ? (
          <Link to={`/test/${page.test.id}`} className="btn-secondary mt-6">
            Retake Test
          </Link>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{page.retake.reason}</p>
        )}
        <Link to="/dashboard" className="btn-primary mt-6 ml-2">
          Back to Dashboard
        </Link>
      </main>
    );
  }
  if (page.state !== "found") {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-bold">Results not found or no attempt data available</h1>
        <Link to="/" className="btn-primary mt-6">
          Return
        </Link>
      </main>
    );
  }
  const { test, attempt, breakdown, rank, review, counts, filter, isAdmin, ranksFrom, retake } = page;
  const colour = band(attempt.percent);
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <section className="card p-6 text-center">
        <h1 className="text-2xl font-bold">Test Completed!</h1>
        <p className="mt-1 text-slate-600">{test.title}</p>
        {attempt.status === "expired" ? (
          <p className="mt-1 text-sm text-amber-700" data-testid="time-up-note">
            Time ran out at {formatTime(attempt.deadlineAt, page.timeZone)}: the answers saved by then were submitted automatically.
          </p>
        ) : null}
        {page.interventions ? (
          <p className="mt-1 text-sm text-brand-800" data-testid="interventions-note">
            The academy: {page.interventions}.
          </p>
        ) : null}
        {page.lateAnswer ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {LATE_ANSWER_MESSAGES[page.lateAnswer]}
          </p>
        ) : null}
        {page.decisions.length ? (
          <ul className="mx-auto mt-1 max-w-xl text-sm text-brand-800" data-testid="dispute-decisions">
            {page.decisions.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        ) : null}
        {attempt.regradedAt ? (
          <p className="mt-1 text-sm text-brand-800" data-testid="regraded-note">
            Regraded on {formatDateTime(attempt.regradedAt, page.timeZone)}: the academy corrected the answer key
            {attempt.droppedQuestions ? ` and removed ${attempt.droppedQuestions} question${attempt.droppedQuestions === 1 ? "" : "s"} (not counted)` : ""}.
          </p>
        ) : null}
        <p className={`mx-auto mt-4 inline-flex rounded-full px-6 py-2 text-4xl font-extrabold ${bandClasses[colour]}`} data-band={colour}>
          {formatPercent(attempt.percent)}
        </p>
        <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat
            label={attempt.marks !== null ? "Marks" : "Score"}
            value={
              attempt.marks !== null && attempt.maxMarks !== null
                ? `${formatMarks(attempt.marks)} / ${formatMarks(attempt.maxMarks)}`
                : `${attempt.score} / ${attempt.total}`
            }
          />
          <Stat label="Time Spent" value={formatDuration(attempt.timeSpent)} />
          <Stat label="Accuracy" value={`${breakdown.accuracy}%`} />
          <Stat label="Rank" value={rank ? `${rank.rank} of ${rank.of}` : "—"} />
        </dl>
        {ranksFrom ? (
          <p className="mt-3 text-sm text-slate-600" data-testid="rank-note">
            Ranks are shown when the test has closed and everyone writing it has finished, on {formatDateTime(ranksFrom, page.timeZone)}.
          </p>
        ) : null}
        {rank ? (
          <p className="mt-3 text-sm text-slate-600" data-testid="rank-note">
            {rankNote(rank, page.attemptsOnTest)}
          </p>
        ) : null}
      </section>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <section className="card p-5">
          <h2 className="font-semibold">Score Breakdown</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <Row label="Correct" value={breakdown.correct} className="text-green-700" />
            <Row label="Incorrect" value={breakdown.incorrect} className="text-red-700" />
            <Row label="Unanswered" value={breakdown.unanswered} className="text-slate-600" />
            <Row label="Accuracy" value={`${breakdown.accuracy}%`} />
          </dl>
          {breakdown.marking ? (
            <dl className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm" data-testid="marks-breakdown">
              <Row label="Marks for right answers" value={`+${formatMarks(breakdown.marking.gained)}`} className="text-green-700" />
              {breakdown.marking.negativeMarks ? (
                <Row
                  label="Marks off for wrong answers"
                  value={breakdown.marking.lost > 0 ? `−${formatMarks(breakdown.marking.lost)}` : "0"}
                  className={breakdown.marking.lost > 0 ? "text-red-700" : "text-slate-600"}
                />
              ) : null}
            </dl>
          ) : null}
          {breakdown.marking ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="marks-sum">
              <span className="font-semibold">Marks:</span> {breakdown.marking.sum}
            </p>
          ) : null}
        </section>
        <section className="card p-5">
          <h2 className="font-semibold">Time Analysis</h2>
          <dl className="mt-3 space-y-2 text-sm">
            <Row label="Total Time" value={`${test.duration} min`} />
            <Row label="Time Used" value={formatDuration(attempt.timeSpent)} />
            <Row label="Average per Question" value={`${breakdown.avgSecondsPerQuestion}s`} />
          </dl>
        </section>
      </div>

      <BySection sections={page.sections} weakTopics={page.weakTopics} />
      {page.comparison ? <Comparison c={page.comparison} /> : null}
      {page.leaderboard ? <Leaderboard board={page.leaderboard} /> : null}

      <div className="mt-4 flex flex-wrap gap-2 print:hidden">
        <Link to={isAdmin ? "/admin" : "/dashboard"} className="btn-secondary">
          {isAdmin ? "Back to Admin Panel" : "Back to Dashboard"}
        </Link>
        {retake?.allowed ? (
          <Link to={`/test/${test.id}`} className="btn-primary">
            Retake Test
          </Link>
        ) : null}
        <PrintButton />
      </div>

      {retake && !retake.allowed ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="retake-note">
          {retake.reason}
        </p>
      ) : null}

      {page.answers.shown ? (
        <Review testId={test.id} attemptId={attempt.id} version={attempt.version} student={!isAdmin} filter={filter} counts={counts} review={review} />
      ) : (
        <AnswersLater releaseAt={page.answers.releaseAt} held={page.answers.held} timeZone={page.timeZone} />
      )}
    </main>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-bold">{value}</dd>
    </div>
  );
}

function Row({ label, value, className = "" }: { label: string; value: string | number; className?: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`font-semibold ${className}`}>{value}</dd>
    </div>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
