/** Filters of the results page's question review. */
export const REVIEW_FILTERS = ["all", "wrong", "unanswered", "marked"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export function parseReviewFilter(value: string | null): ReviewFilter {
  return (REVIEW_FILTERS as readonly string[]).includes(value ?? "") ? (value as ReviewFilter) : "all";
}
