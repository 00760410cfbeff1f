import { formatDateTime } from "./time";

/**
 * When a student sees the answer key and the explanations of their attempts (pure; unit-tested). A live mock
 * with a window keeps them back until the window closes, so a student who finishes early cannot pass them to
 * classmates still writing; a test may also show the score only. Admins always see everything.
 */
export const ANSWER_RELEASES = ["after_attempt", "after_window", "score_only"] as const;
export type AnswerRelease = (typeof ANSWER_RELEASES)[number];

export const ANSWER_RELEASE_LABELS: Record<AnswerRelease, string> = {
  after_attempt: "Right after each attempt",
  after_window: "After the window closes",
  score_only: "Score only",
};

/** The choices of the admin's forms, in order. */
export const ANSWER_RELEASE_CHOICES = ANSWER_RELEASES.map((value) => ({ value, label: ANSWER_RELEASE_LABELS[value] }));

/** The form's choice: one of the three, or "" for the default. */
export function parseAnswerRelease(value: unknown): AnswerRelease | null {
  return typeof value === "string" && (ANSWER_RELEASES as readonly string[]).includes(value) ? (value as AnswerRelease) : null;
}

type Releasable = { answerRelease: string | null; closesAt: Date | number | null };

/** The test's rule: the one it was given, else after the window closes when it has a closing time, else right after. */
export function answerReleaseOf(test: Releasable): AnswerRelease {
  return parseAnswerRelease(test.answerRelease) ?? (test.closesAt ? "after_window" : "after_attempt");
}

/**
 * When the key is shown to students: "now" (always shown), an instant (epoch ms: the window's close), or
 * "never" (score only). "After the window closes" on a test without a closing time has nothing to wait for.
 */
export function answersReleaseAt(test: Releasable): "now" | number | "never" {
  const rule = answerReleaseOf(test);
  if (rule === "score_only") return "never";
  if (rule === "after_window" && test.closesAt) return +test.closesAt;
  return "now";
}

/** Whether a student may see the key and explanations of this test at `now`. */
export function answersReleased(test: Releasable, now: number): boolean {
  const at = answersReleaseAt(test);
  return at === "now" || (at !== "never" && now >= at);
}

/** What the start card tells a student about the answers, or null when they come right after the attempt. */
export function answersNoteFor(test: Releasable, timeZone: string): string | null {
  const at = answersReleaseAt(test);
  if (at === "now") return null;
  if (at === "never") return "This test shows your score only: its answers and explanations are not published.";
  return `Answers and explanations are shown after the test closes, on ${formatDateTime(at, timeZone)}.`;
}

/** The tests list's short word for a test that keeps its answers back, or null. */
export function answersHeldNote(test: Releasable): string | null {
  const rule = answerReleaseOf(test);
  return rule === "score_only" ? "score only" : rule === "after_window" && test.closesAt ? "answers after it closes" : null;
}
