import { Link } from "@remix-run/react";
import { Explanation } from "~/components/results/Explanation";
import { RichText } from "~/components/RichText";
import { BookmarkButton, StarForm } from "~/components/results/BookmarkButton";
import { starAnchor } from "~/lib/rules/star";
import { reportHref } from "~/lib/rules/question-report";
import type { LoaderData } from "~/lib/browser/loader-data";
import { useLinkClicks } from "~/lib/browser/link-clicks";
import { REVIEW_FILTERS, type ReviewFilter } from "~/lib/rules/review";
import { formatDateTime } from "~/lib/rules/time";
import { formatDuration } from "~/lib/rules/score-display";
import type { resultsPageAt } from "~/models/results.server";

type Found = Extract<LoaderData<ReturnType<typeof resultsPageAt>["page"]>, { state: "found" }>;

const filterLabels: Record<ReviewFilter, string> = { all: "All", correct: "Correct", wrong: "Wrong", unanswered: "Unanswered", marked: "Marked" };

/** The question-wise review of an attempt: each question, the student's answer, the key and the explanation. */
export function Review({
  testId,
  attemptId,
  version,
  student,
  filter,
  counts,
  review,
}: { testId: string; attemptId: string; version: number; student: boolean } & Pick<Found, "filter" | "counts" | "review">) {
  const base = `/test/${testId}/results?attempt=${attemptId}`;
  const here = filter === "all" ? base : `${base}&filter=${filter}`;
  // each question's Report is a plain link: fifty <Link>s were a tenth of this page's server render
  const onLinkClick = useLinkClicks();
  return (
    <section className="mt-6" aria-labelledby="review-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="review-heading" className="text-lg font-bold">
          Question-wise Review
        </h2>
        {student ? (
          <Link to="/mistakes" className="text-sm font-semibold text-brand-700 hover:underline print:hidden">
            My mistakes across tests →
          </Link>
        ) : null}
      </div>
      <nav aria-label="Review filter" className="mt-2 flex flex-wrap gap-2 print:hidden">
        {REVIEW_FILTERS.map((f) => (
          <Link
            key={f}
            to={f === "all" ? base : `${base}&filter=${f}`}
            replace
            preventScrollReset
            aria-current={filter === f ? "page" : undefined}
            className={`badge px-3 py-1 text-sm ${filter === f ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-700"}`}
          >
            {`${filterLabels[f]} (${counts[f]})`}
          </Link>
        ))}
      </nav>
      {review.length === 0 ? <p className="card mt-3 p-5 text-slate-600">No questions in this view.</p> : null}
      {student && review.length > 0 ? <StarForm id="review-stars" redirectTo={here} /> : null}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks come from the links inside, which keyboards activate too */}
      <ol className="mt-3 space-y-3" onClick={onLinkClick}>
        {review.map((r) => (
          <li key={r.id} id={starAnchor({ testId, version, questionId: r.id })} className="card scroll-mt-20 p-4" data-outcome={r.outcome}>
            <div className="flex items-start justify-between gap-2">
              <p className="font-medium">
                <span className="mr-1 text-slate-500">{`Q${r.n}.`}</span>
                <RichText text={r.question} />
              </p>
              {student ? (
                <span className="flex shrink-0 flex-col items-end gap-1 print:hidden">
                  <BookmarkButton form="review-stars" target={{ testId, version, questionId: r.id }} bookmarked={r.bookmarked} />
                  <a
                    href={reportHref({ testId, version, questionId: r.id }, here)}
                    className="text-xs font-medium text-slate-600 underline hover:text-slate-900"
                  >
                    Report
                  </a>
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-xs font-semibold uppercase tracking-wide">
              {r.outcome === "correct" ? (
                <span className="text-green-700">Correct</span>
              ) : r.outcome === "wrong" ? (
                <span className="text-red-700">Wrong</span>
              ) : (
                <span className="text-slate-500">Not answered</span>
              )}
              {r.marked ? <span className="ml-2 text-purple-700">Marked for review</span> : null}
            </p>
            <ul className="mt-2 space-y-1 text-sm">
              {(r.optionOrder ?? r.options.map((_o, k) => k)).map((index, i) => {
                // in the order the student saw them; correctness by the option's own index
                const o = r.options[index];
                // the key, or an option a key dispute accepted
                const isCorrect = index === r.correctAnswer || r.accepted.includes(index);
                const isWrongChoice = index === r.chosen && !isCorrect;
                return (
                  <li
                    key={index}
                    className={`rounded-md border px-3 py-2 ${isCorrect ? "border-green-300 bg-green-50" : isWrongChoice ? "border-red-300 bg-red-50" : "border-slate-200"}`}
                  >
                    <span className="mr-1 font-semibold">{`${String.fromCharCode(65 + i)}. `}</span>
                    <RichText text={o} />
                    {isCorrect ? <span className="ml-2 font-semibold text-green-700">✓ Correct answer</span> : null}
                    {isWrongChoice ? <span className="ml-2 font-semibold text-red-700">✗ Your answer</span> : null}
                    {isCorrect && index === r.chosen ? <span className="ml-2 text-green-700">(your answer)</span> : null}
                  </li>
                );
              })}
            </ul>
            {r.seconds > 0 || r.cohort?.averageSeconds ? (
              <p className="mt-2 text-xs text-slate-600" data-testid="time-on-question">
                {r.seconds > 0 ? `Your time: ${formatDuration(r.seconds)}` : "Your time: not counted"}
                {r.cohort?.averageSeconds ? ` · everyone's average: ${formatDuration(r.cohort.averageSeconds)}` : ""}
              </p>
            ) : null}
            {r.cohort ? (
              <p className="mt-2 text-xs text-slate-600" data-testid="cohort">
                {`${r.cohort.percentRight}% of students got this right (each student\u2019s first attempt)`}
                {r.cohort.commonWrong !== null
                  ? ` · most chosen wrong answer: ${String.fromCharCode(65 + (r.optionOrder ? r.optionOrder.indexOf(r.cohort.commonWrong) : r.cohort.commonWrong))} (${r.cohort.commonWrongPercent}%)`
                  : ""}
              </p>
            ) : null}
            <Explanation text={r.explanation} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * In place of the review while a test keeps its answers back: when they will be shown (the window's close, in
 * the academy's time), or that this test shows the score only.
 */
export function AnswersLater({ releaseAt, held = false, timeZone }: { releaseAt: number | null; held?: boolean; timeZone: string }) {
  return (
    <section className="card mt-6 p-5" aria-labelledby="review-heading" data-testid="answers-later">
      <h2 id="review-heading" className="text-lg font-bold">
        Question-wise Review
      </h2>
      <p className="mt-2 text-slate-700">
        {held
          ? "Answers and explanations will be shown when the academy releases them."
          : releaseAt
            ? `Answers and explanations will be shown on ${formatDateTime(releaseAt, timeZone)} at the latest, once the test has closed and everyone writing it has finished.`
            : "This test shows your score only: its answers and explanations are not published."}
      </p>
    </section>
  );
}
