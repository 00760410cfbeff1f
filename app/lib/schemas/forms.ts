export function formToObject(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") out[k] = v;
  return out;
}

/** The largest page number a list accepts: beyond SQLite's integer range a number is an error, not a page. */
export const MAX_PAGE = 100_000;

/** `?page=` as a whole number from 1 to MAX_PAGE; anything else is page 1 (or the last allowed page). */
export function pageParam(raw: string | null): number {
  const n = Number.parseInt(raw ?? "1", 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, MAX_PAGE);
}
