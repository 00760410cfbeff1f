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

/** What an admin decided for a test's release: hold it back, release it now, or neither (the rule decides). */
export const RELEASE_OVERRIDES = ["hold", "now"] as const;
export type ReleaseOverride = (typeof RELEASE_OVERRIDES)[number];

export function parseReleaseOverride(value: unknown): ReleaseOverride | null {
  return typeof value === "string" && (RELEASE_OVERRIDES as readonly string[]).includes(value) ? (value as ReleaseOverride) : null;
}

type Releasable = { answerRelease: string | null; closesAt: Date | number | null; releaseOverride?: string | null };

/** The test's rule: the one it was given, else after the window closes when it has a closing time, else right after. */
export function answerReleaseOf(test: Releasable): AnswerRelease {
  return parseAnswerRelease(test.answerRelease) ?? (test.closesAt ? "after_window" : "after_attempt");
}

/**
 * When the key is shown to students: "now" (always shown), an instant (epoch ms), "never" (score only) or
 * "held" (an admin holds it back). "After the window closes" releases at the later of the close and
 * `lastWriterEndsAt`, the end of every attempt that can still run (its deadline with extensions and
 * accommodations, plus the save grace): a classmate given more time keeps the key from everyone until
 * they finish. "After the window closes" on a test without a closing time has nothing to wait for.
 */
export function answersReleaseAt(test: Releasable, lastWriterEndsAt: number | null = null): "now" | number | "never" | "held" {
  const rule = answerReleaseOf(test);
  if (rule === "score_only") return "never";
  const override = parseReleaseOverride(test.releaseOverride);
  if (override === "hold") return "held";
  if (override === "now") return "now";
  if (rule === "after_window" && test.closesAt) return Math.max(+test.closesAt, lastWriterEndsAt ?? 0);
  return "now";
}

/** Whether a student may see the key and explanations of this test at `now`. */
export function answersReleased(test: Releasable, now: number, lastWriterEndsAt: number | null = null): boolean {
  const at = answersReleaseAt(test, lastWriterEndsAt);
  return at === "now" || (typeof at === "number" && now >= at);
}

/**
 * Whether ranks and the leaderboard show: once everyone's window has closed and the last attempt that can still
 * run has ended, unless an admin holds the release (a test without a window ranks as it goes).
 */
export function ranksShown(test: Releasable, now: number, lastWriterEndsAt: number | null = null): boolean {
  if (parseReleaseOverride(test.releaseOverride) === "hold") return false;
  if (test.closesAt === null) return true;
  return now >= Math.max(+test.closesAt, lastWriterEndsAt ?? 0);
}

/**
 * The latest a release "after the window closes" can come, as the student is told before it: the close plus one
 * full attempt begun at the last moment and the save grace, or the end of the last attempt still running if later.
 */
export function releaseAtTheLatest(test: Releasable & { duration: number }, lastWriterEndsAt: number | null, graceMs: number): number | null {
  const at = answersReleaseAt(test, lastWriterEndsAt);
  if (typeof at !== "number" || !test.closesAt) return null;
  return Math.max(at, +test.closesAt + test.duration * 60_000 + graceMs);
}

/**
 * While the key is held back and the student may take the test more than once (`attemptLimit` null = no limit),
 * the score and counts are held back too: otherwise one question answered per attempt reads the key off the scores.
 * Score only is meant to show the score; a one-attempt test keeps showing it.
 */
export function scoreWithheld(test: Releasable, attemptLimit: number | null, now: number, lastWriterEndsAt: number | null = null): boolean {
  if (attemptLimit !== null && attemptLimit <= 1) return false;
  const at = answersReleaseAt(test, lastWriterEndsAt);
  return at === "held" || (typeof at === "number" && now < at);
}

/** What a student sees in place of a withheld score. */
export function scoreWithheldMessage(shownOn: number | null, timeZone: string): string {
  return shownOn === null
    ? "Submitted. Your score and the answers are shown when the academy releases them."
    : `Submitted. Your score and the answers are shown on ${formatDateTime(shownOn, timeZone)} at the latest.`;
}

/** What the start card tells a student about the answers, or null when they come right after the attempt. */
export function answersNoteFor(test: Releasable & { duration?: number }, timeZone: string, graceMs = 0): string | null {
  const at = answersReleaseAt(test);
  if (at === "now") return null;
  if (at === "never") return "This test shows your score only: its answers and explanations are not published.";
  if (at === "held") return "Answers and explanations are shown when the academy releases them.";
  const latest = test.duration === undefined ? at : (releaseAtTheLatest({ ...test, duration: test.duration }, null, graceMs) ?? at);
  return `Answers and explanations are shown after the test closes and everyone writing has finished: at the latest ${formatDateTime(latest, timeZone)}.`;
}

/** What Edit Test says when answers wait for the window and more than one attempt is allowed. */
export const SCORE_HELD_NOTE =
  "With answers after the window closes and more than one attempt, students see neither their score nor their counts until the answers are released (a score per attempt would give the key away).";

/** Whether Edit Test shows SCORE_HELD_NOTE for these settings (maxAttempts null or 0 = unlimited). */
export function scoreHeldNoteApplies(test: Releasable & { maxAttempts: number | null }): boolean {
  return answerReleaseOf(test) === "after_window" && !!test.closesAt && (test.maxAttempts === null || test.maxAttempts === 0 || test.maxAttempts > 1);
}

/** The tests list's short word for a test that keeps its answers back, or null. */
export function answersHeldNote(test: Releasable): string | null {
  const rule = answerReleaseOf(test);
  if (rule === "score_only") return "score only";
  if (parseReleaseOverride(test.releaseOverride) === "hold") return "answers held";
  return rule === "after_window" && test.closesAt ? "answers after it closes" : null;
}

/** What the live room and Edit Test say of a test's release, for its admin. */
export function releaseStatusText(test: Releasable, now: number, lastWriterEndsAt: number | null, timeZone: string): string {
  const rule = answerReleaseOf(test);
  if (rule === "score_only") return "Score only: the answers are never shown to students.";
  const at = answersReleaseAt(test, lastWriterEndsAt);
  if (at === "held") return "Held: students see no answers, ranks or leaderboard until you release them.";
  if (at === "now")
    return parseReleaseOverride(test.releaseOverride) === "now" ? "Released now by the academy." : "Shown to each student right after their attempt.";
  if (at === "never") return "Score only: the answers are never shown to students.";
  if (now >= at) return `Released on ${formatDateTime(at, timeZone)}.`;
  return lastWriterEndsAt && lastWriterEndsAt > +(test.closesAt ?? 0)
    ? `Released automatically on ${formatDateTime(at, timeZone)}, when the last student writing finishes (the test closes on ${formatDateTime(test.closesAt ?? at, timeZone)}).`
    : `Released automatically when the test closes, on ${formatDateTime(at, timeZone)}, unless a student is still writing then: the release then waits for them.`;
}

/** The activity log's words for an admin's release decision. */
export const RELEASE_DECISION_WORDS = { hold: "held the answers back", now: "released the answers now", auto: "left the release to the test's rule" } as const;
