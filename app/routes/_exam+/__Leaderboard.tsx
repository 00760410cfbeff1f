import { formatMarks } from "~/lib/rules/marks-text";
import { formatPercent } from "~/lib/rules/progress-rules";
import { formatDuration } from "~/lib/rules/score-display";

type Row = { place: number; name: string; marks: number; maxMarks: number; percent: number; timeSpent: number; mine: boolean };

/** A test's leaderboard on its results: the top ten by marked score then time, and the student's own row further down. */
export function Leaderboard({ board }: { board: { top: Row[]; mine: Row | null } }) {
  if (!board.top.length) return null;
  const row = (r: Row) => (
    <tr key={`${r.place}-${r.name}-${r.mine}`} className={`border-b border-slate-100 ${r.mine ? "bg-brand-50 font-semibold" : ""}`} data-testid="leader-row">
      <td className="py-1.5 pr-3 tabular-nums">{r.place}</td>
      <td className="py-1.5 pr-3">
        {r.name}
        {r.mine ? " (you)" : ""}
      </td>
      <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums">
        {formatPercent(r.percent)}{" "}
        <span className="text-slate-700">
          ({formatMarks(r.marks)}/{formatMarks(r.maxMarks)})
        </span>
      </td>
      <td className="whitespace-nowrap py-1.5 text-right tabular-nums">{formatDuration(r.timeSpent)}</td>
    </tr>
  );
  return (
    <section className="card mt-4 p-5" aria-labelledby="leaderboard-heading" data-testid="leaderboard">
      <h2 id="leaderboard-heading" className="font-semibold">
        Leaderboard
      </h2>
      <p className="text-xs text-slate-600">Each student's best attempt: marks first, then less time.</p>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300 text-xs text-slate-600">
            <th className="py-1.5 pr-3">#</th>
            <th className="py-1.5 pr-3">Student</th>
            <th className="py-1.5 pr-3 text-right">Score</th>
            <th className="py-1.5 text-right">Time</th>
          </tr>
        </thead>
        <tbody>
          {board.top.map(row)}
          {board.mine ? (
            <>
              <tr>
                <td colSpan={4} className="py-1 text-center text-slate-500">
                  <span aria-hidden="true">⋯</span>
                  <span className="sr-only">Your place:</span>
                </td>
              </tr>
              {row(board.mine)}
            </>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
