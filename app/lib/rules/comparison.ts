/**
 * The student beside the topper and the average (pure; unit-tested), from every student's best attempt: marks,
 * accuracy (right of answered) and time, overall and by section. The topper is the leaderboard's first: the most
 * marks, then the least time.
 */
export type Figures = { marks: number; accuracy: number | null; seconds: number };
export type BestAttempt = { attemptId: string; userId: string; marks: number; correct: number; answered: number; seconds: number };
export type SectionRow = { attemptId: string; section: string; marks: number; correct: number; answered: number; seconds: number };

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const accuracyOf = (correct: number, answered: number) => (answered ? round((correct / answered) * 100, 1) : null);

function figuresOf(rows: ReadonlyArray<{ marks: number; correct: number; answered: number; seconds: number }>): Figures | null {
  if (!rows.length) return null;
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const accuracies = rows.map((r) => accuracyOf(r.correct, r.answered)).filter((a): a is number => a !== null);
  return {
    marks: round(sum((r) => r.marks) / rows.length),
    accuracy: accuracies.length ? round(accuracies.reduce((s, a) => s + a, 0) / accuracies.length, 1) : null,
    seconds: Math.round(sum((r) => r.seconds) / rows.length),
  };
}

const own = (r: { marks: number; correct: number; answered: number; seconds: number }): Figures => ({
  marks: round(r.marks),
  accuracy: accuracyOf(r.correct, r.answered),
  seconds: r.seconds,
});

export function topperOf(best: readonly BestAttempt[]): BestAttempt | null {
  return [...best].sort((a, b) => b.marks - a.marks || a.seconds - b.seconds)[0] ?? null;
}

export function comparisonOf(best: readonly BestAttempt[], sections: readonly SectionRow[], userId: string) {
  const mine = best.find((b) => b.userId === userId);
  const topper = topperOf(best);
  if (!mine || !topper) return null;
  const names = [...new Set(sections.map((s) => s.section))];
  return {
    students: best.length,
    you: own(mine),
    topper: own(topper),
    average: figuresOf(best) as Figures,
    youAreTopper: topper.attemptId === mine.attemptId,
    sections: names.map((name) => {
      const of = sections.filter((s) => s.section === name);
      const pick = (attemptId: string) => of.find((s) => s.attemptId === attemptId);
      const m = pick(mine.attemptId);
      const t = pick(topper.attemptId);
      return { name, you: m ? own(m) : null, topper: t ? own(t) : null, average: figuresOf(of) };
    }),
  };
}
