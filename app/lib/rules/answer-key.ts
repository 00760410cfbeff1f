/**
 * The correct answer as a spreadsheet gives it (pure; unit-tested): the way Indian question banks and answer keys
 * write it. "a", "(a)", "a)", "A.", "Option A", "Opt. A", "Ans: B", "1", "(1)", "1.", "1.0", or the option's own text
 * (any case, any spacing). Returns the option's index, or null when the key names no option of the row.
 */
export function answerKeyIndex(given: string, options: readonly string[]): number | null {
  const raw = given.normalize("NFC").trim();
  if (!raw) return null;
  const sameText = (a: string, b: string) => a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();
  // the option's own text first: an option may itself be "1798" or "A"
  const byText = options.findIndex((o) => sameText(o, raw));
  if (byText >= 0 && !/^\(?[a-f1-6]\)?\.?$/i.test(raw)) return byText;
  const key = raw
    .replace(/^(?:correct\s*)?(?:ans(?:wer)?|option|opt)\.?\s*(?:is|no\.?|:|-)?\s*/i, "")
    .replace(/^[([{]\s*/, "")
    .replace(/\s*[)\]}]?\s*[.:)]?\s*$/, "")
    .trim();
  if (/^\d+(?:\.0+)?$/.test(key)) {
    const n = Number(key);
    return n >= 1 && n <= options.length ? n - 1 : null;
  }
  if (/^[a-f]$/i.test(key)) {
    const i = key.toUpperCase().charCodeAt(0) - 65;
    return i < options.length ? i : null;
  }
  if (byText >= 0) return byText;
  const byKeyText = options.findIndex((o) => sameText(o, key));
  return byKeyText >= 0 ? byKeyText : null;
}
