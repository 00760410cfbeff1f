import { afterEach, describe, expect, it, vi } from "vitest";
import { isSignInThrottled, recordFailedSignIn } from "~/lib/throttle.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-in throttling", () => {
  it("refuses after 5 failures per e-mail and lets the account in again once the 15-minute window passes", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T10:00:00Z") });
    const email = "window@example.test";
    for (let i = 0; i < 5; i++) await recordFailedSignIn(email, `192.0.2.${i}`);
    expect(await isSignInThrottled(email, "198.51.100.1")).toBe(true);
    vi.advanceTimersByTime(14 * 60_000);
    expect(await isSignInThrottled(email, "198.51.100.1")).toBe(true);
    vi.advanceTimersByTime(60_000 + 1000);
    expect(await isSignInThrottled(email, "198.51.100.1")).toBe(false);
  });

  it("refuses after 20 failures from one address, whatever the e-mail", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-02T10:00:00Z") });
    for (let i = 0; i < 20; i++) await recordFailedSignIn(`someone${i}@example.test`, "203.0.113.9");
    expect(await isSignInThrottled("fresh@example.test", "203.0.113.9")).toBe(true);
    expect(await isSignInThrottled("fresh@example.test", "203.0.113.10")).toBe(false);
  });
});
