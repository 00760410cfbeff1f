/** Figures of the admin analytics (pure; SQL does the counting, these name and order the results). */
export type ScoreBand = "excellent" | "good" | "average" | "poor";
export const SCORE_BANDS: Array<{ key: ScoreBand; label: string; range: string }> = [
  { key: "excellent", label: "Excellent", range: "90% and above" },
  { key: "good", label: "Good", range: "70–89%" },
  { key: "average", label: "Average", range: "50–69%" },
  { key: "poor", label: "Poor", range: "below 50%" },
];

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** A student's marks summed over their finished attempts, and the most they could have scored (app/lib/rules/exam-pattern.ts). */
export type UserTotals = { userId: string; name: string | null; marks: number; maxMarks: number; attempts: number };

/**
 * Top users by overall percentage (all their marks over all they could have scored; for tests without an exam
 * pattern, their right answers over their questions).
 * Ties: more attempts first, then name; names fall back to "User {id}".
 */
export function topUsers(rows: UserTotals[], limit = 10) {
  return rows
    .filter((r) => r.maxMarks > 0)
    .map((r) => ({
      userId: r.userId,
      name: r.name ?? `User ${r.userId}`,
      attempts: r.attempts,
      percent: Math.round((r.marks / r.maxMarks) * 100),
      exact: r.marks / r.maxMarks,
    }))
    .sort((a, b) => b.exact - a.exact || b.attempts - a.attempts || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(({ exact: _e, ...r }, i) => ({ rank: i + 1, ...r }));
}

/**
 * Item analysis of one question over finished attempts ordered by (marked) score:
 * facility = share of all attempts that got it right; discrimination = facility in the top third
 * minus facility in the bottom third (−1 … 1; near 0 or negative flags a broken item or key).
 */
export function itemAnalysis(attemptScores: Array<{ score: number; correct: boolean }>) {
  const n = attemptScores.length;
  if (!n) return { facility: null, discrimination: null };
  const facility = attemptScores.filter((a) => a.correct).length / n;
  if (n < 3) return { facility, discrimination: null };
  const sorted = [...attemptScores].sort((a, b) => b.score - a.score);
  const third = Math.floor(n / 3);
  const top = sorted.slice(0, third);
  const bottom = sorted.slice(n - third);
  const share = (xs: typeof sorted) => xs.filter((a) => a.correct).length / xs.length;
  return { facility, discrimination: share(top) - share(bottom) };
}

/** Sorts of the User Analysis list. */
export const ANALYSIS_SORTS = ["name", "attempts", "average", "recent"] as const;
export type AnalysisSort = (typeof ANALYSIS_SORTS)[number];
