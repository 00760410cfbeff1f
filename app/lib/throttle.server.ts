import { RateLimiterSQLite } from "rate-limiter-flexible";
import { rawDb } from "~/db/db.server";

/**
 * Failed sign-ins: at most 5 per e-mail and 20 per client address in 15 minutes. The counts live in
 * the database (table login_throttle), so every server worker sees the same ones.
 */
const WINDOW_SECONDS = 15 * 60;
export const EMAIL_POINTS = 5;
export const ADDRESS_POINTS = 20;

let limiters: { byEmail: RateLimiterSQLite; byAddress: RateLimiterSQLite } | undefined;

function store() {
  if (!limiters) {
    const common = { storeClient: rawDb(), storeType: "better-sqlite3" as const, tableName: "login_throttle", tableCreated: true, duration: WINDOW_SECONDS };
    limiters = {
      byEmail: new RateLimiterSQLite({ ...common, keyPrefix: "email", points: EMAIL_POINTS }),
      byAddress: new RateLimiterSQLite({ ...common, keyPrefix: "ip", points: ADDRESS_POINTS }),
    };
  }
  return limiters;
}

export const THROTTLED_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export function clientAddress(request: Request): string {
  // set by server/start.js from the socket address; a client cannot forge it there
  return request.headers.get("x-client-address") ?? "unknown";
}

async function used(limiter: RateLimiterSQLite, key: string) {
  const res = await limiter.get(key);
  return res ? res.consumedPoints : 0;
}

export async function isSignInThrottled(email: string, address: string): Promise<boolean> {
  const { byEmail, byAddress } = store();
  return (await used(byEmail, email)) >= EMAIL_POINTS || (await used(byAddress, address)) >= ADDRESS_POINTS;
}

export async function recordFailedSignIn(email: string, address: string) {
  const { byEmail, byAddress } = store();
  await Promise.allSettled([byEmail.penalty(email, 1), byAddress.penalty(address, 1)]);
}

export async function clearFailedSignIns(email: string) {
  await store().byEmail.delete(email);
}
