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
