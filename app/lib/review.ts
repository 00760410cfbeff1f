/** Filters of the results page's question review. */
export const REVIEW_FILTERS = ["all", "correct", "wrong", "unanswered", "marked"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export function parseReviewFilter(value: string | null): ReviewFilter {
  return (REVIEW_FILTERS as readonly string[]).includes(value ?? "") ? (value as ReviewFilter) : "all";
}

/**
 * Where a student's best attempt stands among the best attempts of everyone who took the test
 * (`better` and `below` count other students; `total` includes the student). "Top x%" and "better
 * than y%" are over the other students, so the first to finish is not "better than 0%".
 */
export function rankSummary(r: { better: number; below: number; total: number }) {
  const others = r.total - 1;
  const rank = r.better + 1;
  return {
    rank,
    of: r.total,
    others,
    top: others > 0 ? Math.max(1, Math.ceil((rank / r.total) * 100)) : null,
    betterThan: others > 0 ? Math.round((r.below / others) * 100) : null,
  };
}
