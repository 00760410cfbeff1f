import { ScrollableTable } from "~/components/ScrollableTable";
import { formatMarks } from "~/lib/rules/marks-text";
import { formatDuration } from "~/lib/rules/score-display";
import type { SectionFigures } from "~/lib/rules/sections";

/**
 * A sectioned test's results by section (after the answers are released): right, marks, accuracy, wrong,
 * attempted, questions and time per section, then the topics of this attempt that went worst.
 */
export function BySection({
  sections,
  weakTopics,
}: {
  sections: SectionFigures[];
  weakTopics: Array<{ topic: string; questions: number; correct: number; percent: number }>;
}) {
  if (!sections.length && !weakTopics.length) return null;
  return (
    <section className="card mt-4 p-5" aria-labelledby="by-section-heading" data-testid="by-section">
      <h2 id="by-section-heading" className="font-semibold">
        {sections.length ? "By section" : "Topics to revise"}
      </h2>
      {sections.length ? (
        <ScrollableTable label="Results by section (scrolls sideways)">
          <table className="mt-3 w-full min-w-[34rem] text-left text-sm">
            <thead>
              <tr className="whitespace-nowrap border-b border-slate-300 text-xs text-slate-600">
                {/* what a student looks for first (right answers, marks, accuracy) fits a phone's width; the rest scrolls */}
                <th className="py-1.5 pr-3">Section</th>
                <th className="py-1.5 pr-3 text-right">Correct</th>
                <th className="py-1.5 pr-3 text-right">Marks</th>
                <th className="py-1.5 pr-3 text-right">Accuracy</th>
                <th className="py-1.5 pr-3 text-right">Wrong</th>
                <th className="py-1.5 pr-3 text-right">Attempted</th>
                <th className="py-1.5 pr-3 text-right">Questions</th>
                <th className="py-1.5 text-right">Time</th>
              </tr>
            </thead>
            <tbody>
              {sections.map((s) => (
                <tr key={s.name} className="border-b border-slate-100" data-testid="section-row">
                  <th scope="row" className="py-1.5 pr-3 font-medium">
                    {s.name}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums text-green-700">{s.correct}</td>
                  <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums">
                    {formatMarks(s.marks)} / {formatMarks(s.maxMarks)}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{s.accuracy === null ? "—" : `${s.accuracy}%`}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums text-red-700">{s.wrong}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{s.attempted}</td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{s.questions}</td>
                  <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{s.seconds ? formatDuration(s.seconds) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      ) : null}
      {weakTopics.length ? (
        <div className="mt-3 text-sm" data-testid="weak-topics">
          {sections.length ? <h3 className="font-semibold">Topics to revise</h3> : null}
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {weakTopics.map((t) => (
              <li key={t.topic}>
                {t.topic}: {t.correct} of {t.questions} right ({t.percent}%)
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
