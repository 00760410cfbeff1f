/** The address of "Report a question" and how it is read back (pure; the review and My mistakes link to it). */
export type ReportTarget = { testId: string; version: number; questionId: string };

export const reportHref = (target: ReportTarget, back: string) =>
  `/report?${new URLSearchParams({ t: target.testId, v: String(target.version), q: target.questionId, back })}`;

/** Reads `t`, `v`, `q` of a report link; null when one is missing or malformed. */
export function reportTargetOf(url: URL): ReportTarget | null {
  const testId = url.searchParams.get("t") ?? "";
  const questionId = url.searchParams.get("q") ?? "";
  const version = Number(url.searchParams.get("v") ?? "");
  if (!testId || !questionId || testId.length > 200 || questionId.length > 200 || !Number.isInteger(version) || version < 1) return null;
  return { testId, version, questionId };
}
