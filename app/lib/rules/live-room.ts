/**
 * The live exam room's rules (pure; unit-tested): who is stalled, how long ago something happened, and how
 * much more time an admin may give.
 */
/** A student writing with no answer saved for this long is flagged. */
export const STALLED_AFTER_MS = 5 * 60_000;
/** Rows of students writing per page of the live room. */
export const LIVE_ROOM_PAGE_SIZE = 100;
export const EXTENSION_LIMITS = { minutes: { min: 1, max: 180 }, reason: 200 } as const;
export const EXTENSION_MINUTES_MESSAGE = `Give from ${EXTENSION_LIMITS.minutes.min} to ${EXTENSION_LIMITS.minutes.max} minutes`;
export const EXTENSION_REASON_MESSAGE = "Say why (it is kept with the attempt)";

/** Whether a student writing has saved no answer for STALLED_AFTER_MS (counting from the start when none yet). */
export function isStalled(lastAnswerAt: number | null, startedAt: number, now: number): boolean {
  return now - (lastAnswerAt ?? startedAt) >= STALLED_AFTER_MS;
}

/** "just now", "40 s ago", "2 min ago", "1 h 5 min ago". */
export function agoText(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 10) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ""} ago`;
}

export type Extension = { minutes: number; reason: string; givenBy: string };

/**
 * What the academy did to one attempt, said beside it (the admin's view of the attempt, the marks register):
 * "+10 min by Priya (power cut); submitted by Priya from the live room", or "" when nothing was done.
 */
export function interventionsNote(extensions: readonly Extension[], submittedBy: string | null): string {
  const parts = extensions.map((e) => `+${e.minutes} min by ${e.givenBy} (${e.reason})`);
  if (submittedBy) parts.push(`submitted by ${submittedBy} from the live room`);
  return parts.join("; ");
}
