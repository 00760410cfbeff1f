/** When a server-side session ends (pure; unit-tested). */
export type SessionClock = {
  /** absolute lifetime from sign-in */
  lifetimeMs: number;
  /** signed out after this long without a request */
  idleMs: number;
  /** `last_seen_at` is refreshed at most this often (a write per request would cost every page) */
  touchEveryMs: number;
};

export type SessionTimes = { lastSeenAt: number; expiresAt: number };

/** "expired": sign the browser out; "touch": valid, refresh last_seen_at; "valid": nothing to do. */
export function sessionExpiry(session: SessionTimes, now: number, clock: SessionClock): "expired" | "touch" | "valid" {
  if (now >= session.expiresAt) return "expired";
  if (now - session.lastSeenAt >= clock.idleMs) return "expired";
  if (now - session.lastSeenAt >= clock.touchEveryMs) return "touch";
  return "valid";
}

/**
 * What an admin is told before an action that signs a student out (a new password, Sign out everywhere) while
 * the student is writing a test: they are stopped mid-test, but nothing they answered is lost.
 */
export function signOutWhileWritingNote(input: { name: string; testTitle: string; secondsLeft: number }): string {
  const minutes = Math.max(1, Math.ceil(input.secondsLeft / 60));
  return `${input.name} is writing “${input.testTitle}” right now (${minutes} min left). This signs them out of the test: the answers they gave are kept, and the time keeps running while they sign in again.`;
}
