/**
 * What an edit changed, in words for the activity log (pure; unit-tested): "Duration: 60 → 45; Active: yes → no".
 * Only the fields that changed; values shortened so one entry stays one line.
 */
export type FieldValue = string | number | boolean | null | undefined;

const shown = (v: FieldValue): string => {
  if (v === null || v === undefined || v === "") return "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  const text = String(v).replace(/\s+/g, " ");
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

export function changeWords(before: Record<string, FieldValue>, after: Record<string, FieldValue>, labels: Record<string, string>): string {
  return Object.keys(labels)
    .filter((k) => k in after && shown(before[k]) !== shown(after[k]))
    .map((k) => `${labels[k]}: ${shown(before[k])} → ${shown(after[k])}`)
    .join("; ");
}

/** The titles of the tests a bulk action touched: the first few by name, and how many more. */
export function namedTests(titles: readonly string[], shownAtMost = 5): string {
  if (!titles.length) return "no test";
  const named = titles.slice(0, shownAtMost).map((t) => `“${t}”`);
  const more = titles.length - named.length;
  return more > 0 ? `${named.join(", ")} and ${more} more` : named.join(", ");
}
