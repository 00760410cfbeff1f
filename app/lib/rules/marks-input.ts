// A marks figure in an admin's form and CSV (a decimal or a fraction such as "1/3"), read and written back. (Apart
// from exam-pattern.ts: the student pages never download it.)

/**
 * Reads a marks figure as an admin types it: a decimal ("0.25", "2") or a fraction ("1/3"). Returns null
 * for anything else (negative, not a number, a zero denominator). Up to 100 marks.
 */
export function parseMarks(text: string): number | null {
  const value = text.trim();
  if (value === "") return null;
  const fraction = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)$/.exec(value);
  const n = fraction ? Number(fraction[1]) / Number(fraction[2]) : /^\d+(?:\.\d+)?$|^\.\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || n < 0 || n > 100) return null;
  return n;
}

/** A stored figure back in a form field: thirds (stored as 0.333…) as the fraction an admin types, "1/3". */
export function marksInputText(value: number): string {
  const thirds = value * 3;
  if (!Number.isInteger(value) && Math.abs(thirds - Math.round(thirds)) < 1e-9) return `${Math.round(thirds)}/3`;
  return String(value);
}
