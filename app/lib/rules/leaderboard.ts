/** The leaderboard of a test (pure; unit-tested in tests/unit/leaderboard.test.ts). */

/** A student's name as the leaderboard shows it: in full, or as initials ("Priya Raman" → "P. R."). */
export function leaderboardName(name: string, mode: "names" | "initials"): string {
  if (mode === "names") return name;
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return "—";
  return parts
    .slice(0, 3)
    .map((p) => `${[...p][0]?.toUpperCase() ?? ""}.`)
    .join(" ");
}

export type LeaderRow = { userId: string; place: number; name: string; marks: number; maxMarks: number; percent: number; timeSpent: number };

/**
 * What a student sees: the top `size` and, when they are further down, their own row after them (null when
 * they are in the top or have no finished attempt).
 */
export function leaderboardFor<R extends { userId: string }>(sorted: readonly R[], userId: string, size = 10): { top: R[]; mine: R | null } {
  const top = sorted.slice(0, size);
  if (top.some((r) => r.userId === userId)) return { top, mine: null };
  return { top, mine: sorted.find((r) => r.userId === userId) ?? null };
}

/** A student's best attempt as the leaderboard compares it: `p` the marked score as a fraction of 1. */
export type BestRow = { userId: string; name: string; p: number; marks: number; maxMarks: number; timeSpent: number };

/** Which of two attempts is a student's best: the higher marked score, then the less time. */
const better = (a: BestRow, b: BestRow) => a.p > b.p || (a.p === b.p && a.timeSpent < b.timeSpent);

/**
 * Every student's best attempt with the attempts closed late added (past their deadline, not yet closed by a write
 * or the sweep, counted with the score their saved answers give), in leaderboard order (marked score, then less
 * time, then name), each with its place (ties share one, as SQL's RANK).
 */
export function rankedBest(best: readonly BestRow[], late: readonly BestRow[]): Array<BestRow & { place: number }> {
  const byUser = new Map(best.map((r) => [r.userId, r]));
  for (const r of late) {
    const known = byUser.get(r.userId);
    if (!known || better(r, known)) byUser.set(r.userId, r);
  }
  const sorted = [...byUser.values()].sort((a, b) => b.p - a.p || a.timeSpent - b.timeSpent || a.name.localeCompare(b.name));
  let place = 0;
  return sorted.map((r, i) => {
    const prev = sorted[i - 1];
    if (!prev || prev.p !== r.p || prev.timeSpent !== r.timeSpent) place = i + 1;
    return { ...r, place };
  });
}
