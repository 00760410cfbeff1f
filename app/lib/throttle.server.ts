import { RateLimiterMemory } from "rate-limiter-flexible";

/** Failed sign-ins: at most 5 per e-mail and 20 per client address in 15 minutes. */
const WINDOW_SECONDS = 15 * 60;
const byEmail = new RateLimiterMemory({ keyPrefix: "login-email", points: 5, duration: WINDOW_SECONDS });
const byAddress = new RateLimiterMemory({ keyPrefix: "login-ip", points: 20, duration: WINDOW_SECONDS });

export const THROTTLED_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export function clientAddress(request: Request): string {
  // set by server/start.js from the socket address; a client cannot forge it there
  return request.headers.get("x-client-address") ?? "unknown";
}

async function used(limiter: RateLimiterMemory, key: string) {
  const res = await limiter.get(key);
  return res ? res.consumedPoints : 0;
}

export async function isSignInThrottled(email: string, address: string): Promise<boolean> {
  return (
    (await used(byEmail, email)) >= byEmail.points || (await used(byAddress, address)) >= byAddress.points
  );
}

export async function recordFailedSignIn(email: string, address: string) {
  await Promise.allSettled([byEmail.penalty(email, 1), byAddress.penalty(address, 1)]);
}

export async function clearFailedSignIns(email: string) {
  await byEmail.delete(email);
}
