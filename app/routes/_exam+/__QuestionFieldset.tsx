import type { RefObject } from "react";
import { RichText } from "~/components/RichText";
import { questionMarksLabel } from "~/lib/rules/marks-text";
import type { ExamPageData } from "~/routes/_exam+/__exam-page-data";

/**
 * The question on screen and its options: radios of the exam's one form (name `chosen`), in this attempt's order for
 * a shuffled test; the legend takes the focus when the question changes.
 */
export function QuestionFieldset({
  question,
  number,
  chosen,
  negativeMarks,
  legendRef,
  onChoose,
}: {
  question: ExamPageData["questions"][number];
  number: number;
  chosen: number | null | undefined;
  negativeMarks: number;
  legendRef: RefObject<HTMLLegendElement>;
  onChoose: (index: number) => void;
}) {
  return (
    <fieldset>
      <legend
        ref={legendRef}
        tabIndex={-1}
        data-testid="question-heading"
        className="rounded-sm text-base font-semibold leading-relaxed outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 sm:text-lg"
      >
        <span className="mr-1 text-slate-500">Q{number}.</span>
        <RichText text={question.question} />
        {question.marks !== undefined ? <QuestionMarks marks={question.marks} negativeMarks={negativeMarks} /> : null}
      </legend>
      <div className="mt-4 space-y-2">
        {question.options.map((option, i) => {
          // a shuffled test shows the options in this attempt's order; the answer is the option's own index
          const index = question.optionIndex?.[i] ?? i;
          const checked = chosen === index;
          return (
            <label
              key={`${question.id}-${index}`}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-base ${
                checked ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50"
              }`}
            >
              <input type="radio" name="chosen" value={index} checked={checked} onChange={() => onChoose(index)} className="mt-1 h-4 w-4 accent-brand-600" />
              <span>
                <span className="mr-1 font-semibold">{String.fromCharCode(65 + i)}.</span> <RichText text={option} />
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A question's marks beside it: "(+2 / −0.5)", read out in words. */
function QuestionMarks({ marks, negativeMarks }: { marks: number; negativeMarks: number }) {
  const label = questionMarksLabel(marks, negativeMarks);
  return (
    <span className="ml-2 whitespace-nowrap text-sm font-normal text-slate-500" data-testid="question-marks">
      <span aria-hidden="true">({label.text})</span>
      <span className="sr-only">({label.spoken})</span>
    </span>
  );
}
