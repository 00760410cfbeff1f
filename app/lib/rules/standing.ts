/**
 * A student's standing on a test among a group's best (or latest) scores (pure; unit-tested): the rank (1 = top;
 * equal scores share a rank) and the percentile (the share of the others who scored less, ties counted half).
 */
const EPSILON = 1e-9;

export function standing(scores: readonly number[], mine: number): { rank: number; percentile: number; of: number } {
  let above = 0;
  let below = 0;
  let equal = 0;
  for (const s of scores) {
    if (s > mine + EPSILON) above += 1;
    else if (s < mine - EPSILON) below += 1;
    else equal += 1;
  }
  const n = scores.length;
  const others = n - 1;
  const percentile = others <= 0 ? 100 : Math.round((100 * (below + Math.max(0, equal - 1) / 2)) / others);
  return { rank: above + 1, percentile, of: n };
}

/** A marked fraction as a percent with one decimal (1.5 of 98 is 1.5 %, not "2"). */
export function percentOneDecimal(fraction: number | null | undefined): number | null {
  return fraction === null || fraction === undefined ? null : Math.round(fraction * 1000) / 10;
}

/**
 * A rank list: each student's best attempt (the highest fraction; of equals, the earliest finished), best first,
 * with the rank and percentile among those best attempts (the same `standing` as the gradebook).
 */
export function rankList<T extends { student: string; fraction: number; completedAt: number }>(
  attempts: readonly T[],
): Array<T & { rank: number; percentile: number }> {
  const best = new Map<string, T>();
  for (const a of attempts) {
    const kept = best.get(a.student);
    if (!kept || a.fraction > kept.fraction + EPSILON || (Math.abs(a.fraction - kept.fraction) <= EPSILON && a.completedAt < kept.completedAt))
      best.set(a.student, a);
  }
  const chosen = [...best.values()];
  const scores = chosen.map((a) => a.fraction);
  return chosen.map((a) => ({ ...a, ...pick(standing(scores, a.fraction)) })).sort((a, b) => a.rank - b.rank || a.completedAt - b.completedAt);
}

const pick = ({ rank, percentile }: { rank: number; percentile: number }) => ({ rank, percentile });
