import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { rawDb } from "~/db/db.server";
import {
  ACCOUNT_RULE,
  ADDRESS_RULE,
  addressLimitApplies,
  DEVICE_LIMIT,
  JOIN_CODE_LIMIT,
  RESET_ADDRESS_LIMIT,
  RESET_EMAIL_LIMIT,
  type LimitRule,
  REGISTER_LIMIT,
  SIGN_IN_LIMITS,
  throttledMessage,
} from "~/lib/rules/throttle-rules";

/**
 * Sign-in and registration throttling. Every attempt is counted *before* the password is checked, in
 * one atomic upsert per key (rate-limiter-flexible's SQLite store, table login_throttle, shared by all
 * workers), so parallel guesses cannot slip past the limit. A successful sign-in gives its points back.
 * The rules themselves (which keys, how many, how long, and the device cookie's own allowance) are in
 * throttle-rules.ts.
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

type Counted = { rule: LimitRule; key: string; consumed: number; waitMs: number };

/** Counts one attempt under each rule; null when the store could not be written. */
async function countAll(rules: { rule: LimitRule; key: string }[]): Promise<Counted[] | null> {
  const counted: Counted[] = [];
  for (const { rule, key } of rules) {
    try {
      const res = await limiter(rule).consume(key, 1);
      counted.push({ rule, key, consumed: res.consumedPoints, waitMs: 0 });
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        counted.push({ rule, key, consumed: error.consumedPoints, waitMs: error.msBeforeNext });
        continue;
      }
      // the store could not be written (database full, locked, read-only): refuse, never wave through
      console.error(`sign-in throttle unavailable: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }
  return counted;
}

export function clientAddress(request: Request): string {
  // set by server/start.js from the socket address (or the trusted proxy's header); a client cannot forge it
  return request.headers.get("x-client-address") ?? "unknown";
}

/**
 * Counts a sign-in attempt; refuses when a limit that applies is used up. `device` is the id from this
 * browser's device cookie for this account (a browser that signed in to it before), or null.
 */
export async function admitSignIn(email: string, address: string, device: string | null = null): Promise<Admission> {
  if (device) {
    const counted = await countAll([{ rule: DEVICE_LIMIT, key: DEVICE_LIMIT.key(email, device) }]);
    if (!counted) return { ok: false, message: THROTTLE_UNAVAILABLE_MESSAGE };
    return verdict(counted);
  }
  const counted = await countAll(SIGN_IN_LIMITS.map((rule) => ({ rule, key: rule.key(email, address) })));
  if (!counted) return { ok: false, message: THROTTLE_UNAVAILABLE_MESSAGE };
  const accountAttempts = counted.find((c) => c.rule.name === ACCOUNT_RULE)?.consumed ?? 0;
  return verdict(counted.filter((c) => c.rule.name !== ADDRESS_RULE || addressLimitApplies(accountAttempts)));
}

function verdict(counted: Counted[]): Admission {
  const waitMs = Math.max(0, ...counted.map((c) => c.waitMs));
  return waitMs > 0 ? { ok: false, message: throttledMessage(waitMs) } : { ok: true };
}

/**
 * A correct password: the attempt it counted is given back (the address keeps no mark of it). From a known
 * browser (`device`), the account's own counts are cleared as well: a lock that strangers' guesses put on
 * the account for new browsers ends when its owner signs in.
 */
export async function forgiveSignIn(email: string, address: string, device: string | null = null) {
  const rules = device
    ? [DEVICE_LIMIT, ...SIGN_IN_LIMITS.filter((rule) => rule.account)].map((rule) => ({ rule, key: rule.key(email, device) }))
    : SIGN_IN_LIMITS.map((rule) => ({ rule, key: rule.key(email, address) }));
  for (const { rule, key } of rules) {
    try {
      if (rule.clearOnSuccess) await limiter(rule).delete(key);
      else await limiter(rule).reward(key, 1);
    } catch {
      // best effort: a failure here only leaves the count one higher
    }
  }
}

/** Counts a registration from this address. */
export async function admitRegistration(address: string): Promise<Admission> {
  const counted = await countAll([{ rule: REGISTER_LIMIT, key: REGISTER_LIMIT.key("", address) }]);
  if (!counted) return { ok: false, message: THROTTLE_UNAVAILABLE_MESSAGE };
  return counted.some((c) => c.waitMs > 0) ? { ok: false, message: REGISTRATION_THROTTLED_MESSAGE } : { ok: true };
}

export const JOIN_CODE_THROTTLED_MESSAGE = "Too many join codes were tried. Please try again in an hour, or ask the academy.";

/** Counts a join code typed by a signed-in student. */
export async function admitJoinCode(userId: string): Promise<Admission> {
  const counted = await countAll([{ rule: JOIN_CODE_LIMIT, key: JOIN_CODE_LIMIT.key(userId, "") }]);
  if (!counted) return { ok: false, message: THROTTLE_UNAVAILABLE_MESSAGE };
  return counted.some((c) => c.waitMs > 0) ? { ok: false, message: JOIN_CODE_THROTTLED_MESSAGE } : { ok: true };
}

/**
 * Counts a "Forgot password?" request. A request over the limit is answered as any other (the page says the same
 * whether or not a message goes out): `ok: false` only means no e-mail is sent this time.
 */
export async function admitPasswordReset(email: string, address: string): Promise<boolean> {
  const counted = await countAll([
    { rule: RESET_EMAIL_LIMIT, key: RESET_EMAIL_LIMIT.key(email, address) },
    { rule: RESET_ADDRESS_LIMIT, key: RESET_ADDRESS_LIMIT.key(email, address) },
  ]);
  return counted?.every((c) => c.waitMs === 0) ?? false;
}
