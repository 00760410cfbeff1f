import { Link } from "@remix-run/react";
import { reportHref } from "~/lib/rules/question-report";
import { RichText } from "~/components/RichText";
import { Explanation } from "~/components/results/Explanation";
import { starAnchor } from "~/lib/rules/star";
import { BookmarkButton } from "~/components/results/BookmarkButton";

type Item = {
  testTitle: string;
  testId: string;
  version: number;
  questionId: string;
  n: number;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string | null;
  section: string | null;
  topic: string | null;
  chosen: number | null;
  bookmarked: boolean;
};

/** One question of My mistakes: where it is from, the student's answer, the key, the explanation and its star. */
export function MistakeCard({ item, starForm, back }: { item: Item; starForm: string; back: string }) {
  return (
    <li id={starAnchor(item)} className="card scroll-mt-20 p-4" data-testid="mistake">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs text-slate-600">
          {item.testTitle} · Q{item.n}
          {item.section ? ` · ${item.section}` : ""}
          {item.topic ? ` · ${item.topic}` : ""}
        </p>
        <span className="flex shrink-0 flex-col items-end gap-1 print:hidden">
          <BookmarkButton form={starForm} target={item} bookmarked={item.bookmarked} />
          <Link to={reportHref(item, back)} className="text-xs font-medium text-slate-600 underline hover:text-slate-900">
            Report
          </Link>
        </span>
      </div>
      <p className="mt-1 font-medium">
        <RichText text={item.question} />
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {item.options.map((o, i) => {
          const right = i === item.correctAnswer;
          const mine = i === item.chosen;
          return (
            <li
              key={`${i}-${o}`}
              className={`rounded-md border px-3 py-2 ${right ? "border-green-300 bg-green-50" : mine ? "border-red-300 bg-red-50" : "border-slate-200"}`}
            >
              <span className="mr-1 font-semibold">{String.fromCharCode(65 + i)}.</span> <RichText text={o} />
              {right ? <span className="ml-2 font-semibold text-green-700">✓ Correct answer</span> : null}
              {mine && !right ? <span className="ml-2 font-semibold text-red-700">✗ Your answer</span> : null}
            </li>
          );
        })}
      </ul>
      {item.chosen === null ? <p className="mt-1 text-xs text-slate-500">You left this unanswered.</p> : null}
      <Explanation text={item.explanation} />
    </li>
  );
}
