/** The rules of an exam attempt as small pure functions (unit-tested in tests/unit/exam-rules.test.ts). */

/** Seconds after the deadline during which a save or finish still counts (network delay). */
export const GRACE_MS = 15_000;
/** The countdown turns red under this many seconds. */
export const WARNING_SECONDS = 300;

/** A limit of null, undefined or 0 (or below) means unlimited. */
function limitOf(value: number | null | undefined): number | null {
  return value && value > 0 ? value : null;
}

/**
 * Whether another attempt may be started. `by` says which limit binds: the test's own (its max attempts, with
 * any extra attempts of an accommodation) or the student's (their global limit, or the academy's per-test
 * override for them); null when there is none.
 */
export type Allowance = { allowed: boolean; limit: number | null; remaining: number | null; by?: "test" | "student" | null };

/**
 * Whether the student may start another attempt on a test. The test's maxAttempts and the student's
 * own limit both apply; the student's per-test override replaces their global limit for that test.
 */
export function allowance(input: {
  maxAttempts: number | null | undefined;
  globalTestLimit: number | null | undefined;
  perTestLimit?: number | null | undefined;
  /** a student's accommodation: attempts on top of whatever limit applies */
  extraAttempts?: number;
  used: number;
}): Allowance {
  const userLimit = input.perTestLimit !== undefined && input.perTestLimit !== null ? limitOf(input.perTestLimit) : limitOf(input.globalTestLimit);
  const testLimit = limitOf(input.maxAttempts);
  if (testLimit === null && userLimit === null) return { allowed: true, limit: null, remaining: null, by: null };
  // the smaller binds; the test's own when they are equal
  const by = userLimit !== null && (testLimit === null || userLimit < testLimit) ? "student" : "test";
  const limit = (by === "student" ? (userLimit as number) : (testLimit as number)) + Math.max(0, input.extraAttempts ?? 0);
  const remaining = Math.max(0, limit - input.used);
  return { allowed: remaining > 0, limit, remaining, by };
}

/**
 * Whether the results page offers "Retake Test", and if not, why (the spec's Retake needs an attempt
 * left and an open test). `windowNote` is the test's "Closed on …" when its window is shut.
 */
export function retakeVerdict(allow: Allowance, windowNote: string | null): { allowed: true } | { allowed: false; reason: string } {
  if (windowNote) return { allowed: false, reason: `No retake: this test is ${windowNote.charAt(0).toLowerCase()}${windowNote.slice(1)}.` };
  if (allow.allowed) return { allowed: true };
  if (allow.by === "student") return { allowed: false, reason: `No retake: ${studentLimitWords(allow.limit)}.` };
  if (allow.limit === 1) return { allowed: false, reason: "No retake: this test allows one attempt, and you have taken it." };
  return { allowed: false, reason: `No retake: you have used all ${allow.limit} attempts of this test.` };
}

const studentLimitWords = (limit: number | null) => `you have used all ${limit === 1 ? "1 attempt" : `${limit} attempts`} the academy gives you on each test`;

/**
 * The disabled button of a test whose attempts are used up (the dashboard's card and the start card), naming the
 * limit as the results page does: the test's own ("All 3 attempts used") or the student's own, the spec's
 * "Global Limit Reached".
 */
export function limitReachedLabel(allow: Pick<Allowance, "limit" | "by">): string {
  if (allow.by === "student") return "Global Limit Reached";
  if (allow.limit === 1) return "Attempt used: this test allows one";
  return `All ${allow.limit} attempts used`;
}

export function remainingSeconds(deadline: Date | number, now: Date | number): number {
  return Math.max(0, Math.ceil((+deadline - +now) / 1000));
}

/** How far before the server's deadline a countdown's "time up" is believed (the page's clock is corrected, not exact). */
export const TIME_UP_TOLERANCE_MS = 10_000;

/**
 * How a finished attempt is stored: "expired" (time ran out) past the deadline's grace, or when the
 * page's countdown reached zero (sent as time up, believed from a little before the deadline on);
 * otherwise "submitted". Either way the time spent stops at the deadline.
 */
export function finishStatus(deadline: Date | number, now: Date | number, timeUp: boolean): "submitted" | "expired" {
  if (!acceptsAnswers(deadline, now)) return "expired";
  return timeUp && +now >= +deadline - TIME_UP_TOLERANCE_MS ? "expired" : "submitted";
}

/**
 * Whether a time-up Finish came from a page counting down to an older deadline than the stored one (more time
 * was given meanwhile): the stored deadline is later than the page's by more than the tolerance, and not past.
 */
export function timeWasExtended(believedDeadline: number | undefined, deadline: Date | number, now: Date | number): boolean {
  if (believedDeadline === undefined || !Number.isFinite(believedDeadline)) return false;
  return +deadline > believedDeadline + TIME_UP_TOLERANCE_MS && +now < +deadline - TIME_UP_TOLERANCE_MS;
}

/** Answers and finishes are accepted up to the deadline plus the grace period. */
export function acceptsAnswers(deadline: Date | number, now: Date | number, graceMs = GRACE_MS): boolean {
  return +now <= +deadline + graceMs;
}

/** time_spent = min(now, deadline) − started_at, in whole seconds, never negative. */
export function timeSpentSeconds(startedAt: Date | number, deadline: Date | number, now: Date | number): number {
  const end = Math.min(+now, +deadline);
  return Math.max(0, Math.round((end - +startedAt) / 1000));
}

/** mm:ss or h:mm:ss */
export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0");
  const ss = String(sec).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export type NavigatorState = "not-visited" | "not-answered" | "answered" | "marked" | "answered-marked";

/** The five states of the official CBT question palette. */
export function navigatorState(entry: { visited: boolean; chosen: number | null; marked: boolean } | undefined): NavigatorState {
  if (!entry?.visited) return "not-visited";
  const answered = entry.chosen !== null && entry.chosen !== undefined;
  if (entry.marked) return answered ? "answered-marked" : "marked";
  return answered ? "answered" : "not-answered";
}

export const navigatorLabels: Record<NavigatorState, string> = {
  "not-visited": "Not Visited",
  "not-answered": "Not Answered",
  answered: "Answered",
  marked: "Marked for Review",
  "answered-marked": "Answered & Marked for Review",
};

export type ExamNav = "next" | "skip" | "prev" | "mark-next" | "clear" | "goto" | "finish" | "star";

/**
 * What one exam control does, with or without JavaScript: the change to store for the question on
 * screen (the option chosen on the page is always kept) and the question to show next. `finish`
 * stays on the question and opens the confirmation; `star` stays too and turns the question's bookmark over.
 */
export function examNavigation(
  nav: ExamNav,
  chosen: number | null | undefined,
  current: number,
  total: number,
  goto?: number,
): { change: { chosen?: number | null; marked?: boolean }; target: number; confirm: boolean; toggleStar?: boolean } {
  const clamp = (n: number) => Math.min(Math.max(n, 1), Math.max(total, 1));
  const keep = chosen === undefined ? {} : { chosen };
  switch (nav) {
    case "clear":
      return { change: { chosen: null, marked: false }, target: current, confirm: false };
    case "mark-next":
      return { change: { ...keep, marked: true }, target: clamp(current + 1), confirm: false };
    case "next":
      return { change: { ...keep, marked: false }, target: clamp(current + 1), confirm: false };
    case "skip":
      return { change: keep, target: clamp(current + 1), confirm: false };
    case "prev":
      return { change: keep, target: clamp(current - 1), confirm: false };
    case "goto":
      return { change: keep, target: clamp(goto ?? current), confirm: false };
    case "finish":
      return { change: keep, target: current, confirm: true };
    case "star":
      // the Bookmark: the star turns on or off, the question stays on screen
      return { change: keep, target: current, confirm: false, toggleStar: true };
  }
}

/**
 * When a running exam page asks for the results page's route (Remix's route discovery, one request
 * per student): at a random moment 5–60 s after the page opens, and before half the time left is
 * gone. On exam day 3,000 students finish in the same second; this way none of them asks for it then.
 */
export function resultsDiscoveryDelayMs(random: number, msLeft: number): number {
  const latest = Math.max(0, Math.min(60_000, msLeft / 2));
  const earliest = Math.min(5_000, latest);
  return Math.round(earliest + Math.min(Math.max(random, 0), 1) * (latest - earliest));
}

/** Time on one question counts at most this long per stay (a page left open over lunch is not study time). */
export const DWELL_CAP_SECONDS = 1800;

/** Whole seconds from `from` to `to` (ms), 0 when backwards or unknown, at most DWELL_CAP_SECONDS. */
export function dwellSeconds(from: number | undefined, to: number): number {
  if (from === undefined || !Number.isFinite(from) || to <= from) return 0;
  return Math.min(DWELL_CAP_SECONDS, Math.round((to - from) / 1000));
}

/**
 * The stay to count for an exam form sent from a page shown at `shownAt`: none when a page shown at or before the
 * last counted one is sent (the same form twice, a double tap, a page reached again with Back, an older tab: its
 * time is already counted or overlaps what was), else dwellSeconds.
 */
export function stayToCount(shownAt: number | undefined, lastCountedShownAt: number | null, now: number): number {
  if (shownAt !== undefined && lastCountedShownAt !== null && shownAt <= lastCountedShownAt) return 0;
  return dwellSeconds(shownAt, now);
}

/**
 * The page's time per question sent with Finish (JSON `{ questionId: seconds }`): only the given questions (or
 * any q1…qN id), whole seconds up to ten stays' cap; anything else is dropped.
 */
export function timesFromPage(raw: string | undefined, questionIds?: ReadonlySet<string>): Map<string, number> {
  const out = new Map<string, number>();
  if (!raw || raw.length > 50_000) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return out;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return out;
  for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
    if ((questionIds ? !questionIds.has(id) : !/^q\d{1,4}$/.test(id)) || typeof value !== "number" || !Number.isFinite(value) || value <= 0) continue;
    out.set(id, Math.min(DWELL_CAP_SECONDS * 10, Math.round(value)));
  }
  return out;
}

/**
 * What the running exam says when its saves were sent to the sign-in page (a new password, Sign out everywhere, the
 * session ended on another device): nothing is lost yet, but nothing is saved until the student signs in again.
 */
export function signedOutWhileWritingMessage(unsavedAnswers: number, finishing: boolean): string {
  const waiting =
    unsavedAnswers === 0
      ? "your answers so far are saved"
      : unsavedAnswers === 1
        ? "the 1 answer not yet saved waits on this page and is sent once you are back"
        : `the ${unsavedAnswers} answers not yet saved wait on this page and are sent once you are back`;
  return finishing
    ? `You were signed out, so your test has not been submitted yet. Sign in again and submit it: ${waiting}. The time keeps running.`
    : `You were signed out, so new answers are not being saved. Sign in again: ${waiting}. The time keeps running.`;
}

/**
 * How often a running exam page asks for its deadline and the live room's message (`/api/attempts/:id/status`):
 * every 20 s, plus up to 5 s so 3,000 pages do not ask in the same second (about 120 requests a second then).
 */
export const STATUS_POLL_MS = 20_000;
export const STATUS_POLL_JITTER_MS = 5_000;
