import { navigatorLabels, navigatorState, type NavigatorState } from "~/lib/rules/exam-rules";
import type { SectionRange } from "~/lib/rules/sections";

const stateClasses: Record<NavigatorState, string> = {
  "not-visited": "bg-white text-slate-700 border-slate-300",
  "not-answered": "bg-red-500 text-white border-red-600",
  answered: "bg-green-600 text-white border-green-700",
  marked: "bg-purple-600 text-white border-purple-700",
  "answered-marked": "bg-purple-600 text-white border-purple-700 ring-2 ring-green-400 ring-offset-1",
};

const stateMarks: Record<NavigatorState, string> = {
  "not-visited": "",
  "not-answered": "✕",
  answered: "✓",
  marked: "?",
  "answered-marked": "✓?",
};

export type Entry = { visited: boolean; chosen: number | null; marked: boolean; starred?: boolean };

/**
 * The question palette: 5 per row, the five CBT states told apart by colour, symbol and label. Each
 * number is a submit button of the exam form (`form={formId}`, name `goto`): without JavaScript it
 * saves the option chosen on the page and opens that question; with JavaScript the form's submit
 * handler moves in the page. A sectioned test's palette is one group per section, each with its counts.
 */
export function QuestionNavigator({
  questionIds,
  entries,
  current,
  formId,
  sections = [],
}: {
  questionIds: string[];
  entries: Record<string, Entry | undefined>;
  current: number;
  formId: string;
  /** the test's sections (none: one grid) */
  sections?: readonly SectionRange[];
}) {
  const states = questionIds.map((id) => navigatorState(entries[id]));
  const counts = states.reduce<Record<NavigatorState, number>>(
    (acc, s) => {
      acc[s] += 1;
      return acc;
    },
    { "not-visited": 0, "not-answered": 0, answered: 0, marked: 0, "answered-marked": 0 },
  );
  const answered = counts.answered + counts["answered-marked"];
  /** the palette's buttons for questions from…to (1-based) */
  const buttons = (from: number, to: number) => (
    <ol className={`grid grid-cols-5 gap-2 ${sections.length ? "mt-2" : "mt-3"}`}>
      {questionIds.slice(from - 1, to).map((id, k) => {
        const n = from + k;
        const i = n - 1;
        const state = states[i];
        return (
          <li key={id}>
            <button
              type="submit"
              form={formId}
              name="goto"
              value={n}
              aria-label={`Question ${n}: ${navigatorLabels[state]}`}
              aria-current={n === current ? "step" : undefined}
              // the current question has a ring of its own; keyboard focus is a thicker amber outline, so
              // the two are told apart (the current button focused shows both)
              className={`relative flex h-10 w-full items-center justify-center rounded-md border text-sm font-semibold focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-4 focus-visible:outline-amber-500 ${stateClasses[state]} ${
                n === current ? "ring-2 ring-brand-600 ring-offset-2" : ""
              }`}
              data-state={state}
            >
              {n}
              {stateMarks[state] ? (
                <span aria-hidden="true" className="absolute -right-1 -top-1 rounded-full bg-white px-1 text-[10px] leading-4 text-slate-800 shadow">
                  {stateMarks[state]}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
  return (
    <section aria-labelledby="navigator-heading" className="card p-4">
      <h2 id="navigator-heading" className="text-sm font-semibold text-slate-900">
        Question Navigator
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <span data-testid="answered-count">{answered}</span> answered · <span data-testid="remaining-count">{questionIds.length - answered}</span> remaining
      </p>
      {sections.length
        ? sections.map((r) => {
            const done = states.slice(r.from - 1, r.to).filter((st) => st === "answered" || st === "answered-marked").length;
            return (
              <div key={r.name} className="mt-3" data-testid="palette-section">
                <h3 className="text-xs font-semibold text-slate-800">
                  {r.name}{" "}
                  <span className="font-normal text-slate-600">
                    · {done} of {r.to - r.from + 1} answered
                  </span>
                </h3>
                {buttons(r.from, r.to)}
              </div>
            );
          })
        : buttons(1, questionIds.length)}
      <ul className="mt-4 space-y-1 text-xs text-slate-700">
        {(Object.keys(navigatorLabels) as NavigatorState[]).map((s) => (
          <li key={s} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-flex h-5 w-5 items-center justify-center rounded border text-[10px] ${stateClasses[s]}`}>
              {stateMarks[s]}
            </span>
            {navigatorLabels[s]}: <strong>{counts[s]}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
