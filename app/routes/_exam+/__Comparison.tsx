import { ScrollableTable } from "~/components/ScrollableTable";
import type { Figures } from "~/lib/rules/comparison";
import { formatMarks } from "~/lib/rules/marks-text";
import { formatDuration } from "~/lib/rules/score-display";

type Comparison = {
  students: number;
  you: Figures;
  topper: Figures;
  average: Figures;
  youAreTopper: boolean;
  sections: Array<{ name: string; you: Figures | null; topper: Figures | null; average: Figures | null }>;
};

const accuracy = (f: Figures | null) => (f?.accuracy === null || f?.accuracy === undefined ? "–" : `${f.accuracy}%`);

/** The student's best attempt beside the topper's and the average of every student's best: marks, accuracy, time; by section. */
export function Comparison({ c }: { c: Comparison }) {
  const rows: Array<[string, Figures]> = [
    ["You", c.you],
    [c.youAreTopper ? "Topper (you)" : "Topper", c.topper],
    ["Average", c.average],
  ];
  return (
    <section className="card mt-4 p-5" aria-labelledby="comparison-heading" data-testid="comparison">
      <h2 id="comparison-heading" className="font-semibold">
        You, the topper and the average
      </h2>
      <p className="text-xs text-slate-600">Each of {c.students} students' best attempt. Accuracy: right answers of those answered.</p>
      <ScrollableTable label="You, the topper and the average">
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300 text-xs text-slate-600">
              <th className="py-1.5 pr-3" />
              <th className="py-1.5 pr-3 text-right">Marks</th>
              <th className="py-1.5 pr-3 text-right">Accuracy</th>
              <th className="py-1.5 text-right">Time</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, f]) => (
              <tr key={label} className={`border-b border-slate-100 ${label === "You" ? "bg-brand-50 font-semibold" : ""}`} data-testid="comparison-row">
                <th scope="row" className="py-1.5 pr-3 font-medium">
                  {label}
                </th>
                <td className="py-1.5 pr-3 text-right tabular-nums">{formatMarks(f.marks)}</td>
                <td className="py-1.5 pr-3 text-right tabular-nums">{accuracy(f)}</td>
                <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{formatDuration(f.seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollableTable>
      {c.sections.length ? (
        <ScrollableTable label="By section: you, the topper and the average">
          <table className="mt-4 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300 text-xs text-slate-600">
                <th className="py-1.5 pr-3">Section</th>
                <th className="py-1.5 pr-3 text-right">Marks: you / topper / average</th>
                <th className="py-1.5 text-right">Accuracy: you / topper / average</th>
              </tr>
            </thead>
            <tbody>
              {c.sections.map((s) => (
                <tr key={s.name} className="border-b border-slate-100" data-testid="comparison-section">
                  <th scope="row" className="py-1.5 pr-3 font-medium">
                    {s.name}
                  </th>
                  <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums">
                    {[s.you, s.topper, s.average].map((f) => (f ? formatMarks(f.marks) : "–")).join(" / ")}
                  </td>
                  <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{[s.you, s.topper, s.average].map(accuracy).join(" / ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      ) : null}
    </section>
  );
}
