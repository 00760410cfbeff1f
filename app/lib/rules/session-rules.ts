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
