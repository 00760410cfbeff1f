import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { rawDb } from "~/db/db.server";
import { SIGN_IN_LIMITS, REGISTER_LIMIT, type LimitRule, throttledMessage } from "./throttle-rules";

/**
 * Sign-in and registration throttling. Every attempt is counted *before* the password is checked, in
 * one atomic upsert per key (rate-limiter-flexible's SQLite store, table login_throttle, shared by all
 * workers), so parallel guesses cannot slip past the limit. A successful sign-in gives its points back.
 * The rules themselves (which keys, how many, how long) are in throttle-rules.ts.
 */
type Limiters = Map<string, RateLimiterSQLite>;
let limiters: { db: unknown; byName: Limiters } | undefined;

function limiter(rule: LimitRule): RateLimiterSQLite {
  const conn = rawDb();
  if (limiters?.db !== conn) limiters = { db: conn, byName: new Map() };
  let found = limiters.byName.get(rule.name);
  if (!found) {
    found = new RateLimiterSQLite({
      storeClient: conn,
      storeType: "better-sqlite3",
      tableName: "login_throttle",
      tableCreated: true,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.seconds,
    });
    limiters.byName.set(rule.name, found);
  }
  return found;
}

export const THROTTLE_UNAVAILABLE_MESSAGE = "Sign-in is busy right now. Please try again in a minute.";

export const REGISTRATION_THROTTLED_MESSAGE = "Too many accounts were created from this network. Please try again in an hour.";

export type Admission = { ok: true } | { ok: false; message: string };

async function consumeAll(rules: { rule: LimitRule; key: string }[], messageFor: (waitMs: number) => string): Promise<Admission> {
  let waitMs = 0;
  for (const { rule, key } of rules) {
    try {
      await limiter(rule).consume(key, 1);
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        waitMs = Math.max(waitMs, error.msBeforeNext);
        continue;
      }
      // the store could not be written (database full, locked, read-only): refuse, never wave through
      console.error(`sign-in throttle unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, message: THROTTLE_UNAVAILABLE_MESSAGE };
    }
  }
  return waitMs > 0 ? { ok: false, message: messageFor(waitMs) } : { ok: true };
}

export function clientAddress(request: Request): string {
  // set by server/start.js from the socket address (or the trusted proxy's header); a client cannot forge it
  return request.headers.get("x-client-address") ?? "unknown";
}

/** Counts a sign-in attempt against every limit; refuses when any is used up. */
export function admitSignIn(email: string, address: string): Promise<Admission> {
  return consumeAll(
    SIGN_IN_LIMITS.map((rule) => ({ rule, key: rule.key(email, address) })),
    throttledMessage,
  );
}

/** A correct password: the attempt it counted is given back (the address keeps no mark of it). */
export async function forgiveSignIn(email: string, address: string) {
  for (const rule of SIGN_IN_LIMITS) {
    const key = rule.key(email, address);
    try {
      if (rule.clearOnSuccess) await limiter(rule).delete(key);
      else await limiter(rule).reward(key, 1);
    } catch {
      // best effort: a failure here only leaves the count one higher
    }
  }
}

/** Counts a registration from this address. */
export function admitRegistration(address: string): Promise<Admission> {
  return consumeAll([{ rule: REGISTER_LIMIT, key: REGISTER_LIMIT.key("", address) }], () => REGISTRATION_THROTTLED_MESSAGE);
}
