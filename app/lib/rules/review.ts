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
    /** other students whose best is above / below this one (the rest tie with it) */
    above: r.better,
    below: r.below,
  };
}

const students = (n: number) => `${n} other student${n === 1 ? "" : "s"}`;

/**
 * The sentence under the rank on the results page, worded from the facts: alone (a first finish, or a
 * retake nobody else has taken yet), the best, a shared top, the last, or the percentages between.
 * `ownFinishedAttempts` counts this student's finished attempts of the test, this one included.
 */
export function rankNote(r: ReturnType<typeof rankSummary>, ownFinishedAttempts: number): string {
  if (r.others === 0) return ownFinishedAttempts > 1 ? "No other student has finished this test yet." : "You are the first student to finish this test.";
  if (r.above === 0 && r.below === r.others) return `The best score of the ${r.of} students who took this test (best attempts).`;
  if (r.above === 0) return `The top score, shared with ${students(r.others - r.below)} (best attempts).`;
  if (r.below === 0 && r.above === r.others)
    return `${r.others === 1 ? "The other student" : `All ${r.others} other students`} who took this test scored higher (best attempts).`;
  return `Top ${r.top}% · better than ${r.betterThan}% of the ${students(r.others)} who took this test (best attempts)`;
}

/** How many values of an ascending list are below `value`, and how many above it (binary search). */
function countsAround(sorted: readonly number[], value: number): { below: number; above: number } {
  const firstAtLeast = (v: number, strict: boolean) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (strict ? sorted[mid] <= v : sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return { below: firstAtLeast(value, false), above: sorted.length - firstAtLeast(value, true) };
}

/**
 * The counts rankSummary needs, from every student's best score on a test (`sorted`, ascending, a few
 * seconds old) and the student's own best now (`mine`); `stale` is the student's entry in `sorted` if
 * they have one, which is taken out so they are never compared with themselves.
 */
export function rankCounts(sorted: readonly number[], mine: number, stale: number | undefined) {
  let { below, above } = countsAround(sorted, mine);
  let others = sorted.length;
  if (stale !== undefined) {
    others -= 1;
    if (stale < mine) below -= 1;
    else if (stale > mine) above -= 1;
  }
  return { better: above, below, total: others + 1 };
}
