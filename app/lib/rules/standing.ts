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
