import { afterEach, describe, expect, it, vi } from "vitest";
import { rawDb } from "~/db/db.server";
import { LONGEST_ACCOUNT_LOCK_SECONDS, throttledMessage } from "~/lib/rules/throttle-rules";
import { admitRegistration, admitSignIn, forgiveSignIn, THROTTLE_UNAVAILABLE_MESSAGE } from "~/models/throttle.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("sign-in throttling", () => {
  it("admits 5 attempts per e-mail and address, then refuses until the 15-minute window passes", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T10:00:00Z") });
    const email = "window@example.test";
    for (let i = 0; i < 5; i++) expect(await admitSignIn(email, "192.0.2.1")).toEqual({ ok: true });
    expect(await admitSignIn(email, "192.0.2.1")).toEqual({ ok: false, message: "Too many failed sign-in attempts. Please wait 15 minutes and try again." });
    vi.advanceTimersByTime(14 * 60_000);
    expect(await admitSignIn(email, "192.0.2.1")).toEqual({ ok: false, message: "Too many failed sign-in attempts. Please wait 1 minute and try again." });
    vi.advanceTimersByTime(60_000 + 1000);
    expect(await admitSignIn(email, "192.0.2.1")).toEqual({ ok: true });
  });

  it("counts parallel attempts atomically: of 40 at once, exactly 5 are let through", async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => admitSignIn("race@example.test", "192.0.2.40")));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  it("a correct password gives the account its attempts back", async () => {
    const email = "forgiven@example.test";
    for (let i = 0; i < 4; i++) await admitSignIn(email, "192.0.2.50");
    await forgiveSignIn(email, "192.0.2.50");
    for (let i = 0; i < 5; i++) expect((await admitSignIn(email, "192.0.2.50")).ok).toBe(true);
  });

  it("locks an e-mail tried from many addresses for minutes only, never hours, while each guessing address waits a day", async () => {
    vi.useFakeTimers({ now: new Date("2026-06-03T10:00:00Z") });
    const email = "target@example.test";
    let refused = 0;
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 12; i++) if (!(await admitSignIn(email, `198.51.100.${round * 20 + i}`)).ok) refused++;
      vi.advanceTimersByTime(5 * 60_000);
    }
    expect(refused).toBeGreaterThan(0);
    const last = await admitSignIn(email, "203.0.113.200");
    expect(last).toMatchObject({ ok: false });
    const wait = Number(/Please wait (\d+) minutes/.exec((last as { message: string }).message)?.[1]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LONGEST_ACCOUNT_LOCK_SECONDS / 60);
    // half an hour later a new browser gets in
    vi.advanceTimersByTime(LONGEST_ACCOUNT_LOCK_SECONDS * 1000 + 1000);
    expect(await admitSignIn(email, "203.0.113.201")).toEqual({ ok: true });
    // one address that keeps guessing is held for a day
    const guesser = "198.51.100.250";
    for (let i = 0; i < 25; i++) {
      await admitSignIn(email, guesser);
      vi.advanceTimersByTime(16 * 60_000);
      await forgiveSignIn(email, "elsewhere", "owner-device");
    }
    expect((await admitSignIn(email, guesser)) as { message: string }).toMatchObject({ message: expect.stringMatching(/hours/) });
  });

  it("a correct sign-in from a known browser ends the account's lock for new browsers", async () => {
    const email = "locked-out@example.test";
    for (let i = 0; i < 40; i++) await admitSignIn(email, "198.51.100.77");
    expect(await admitSignIn(email, "203.0.113.77")).toMatchObject({ ok: false });
    expect(await admitSignIn(email, "203.0.113.78", "known-device")).toEqual({ ok: true });
    await forgiveSignIn(email, "203.0.113.78", "known-device");
    // a new phone at another address signs in; the guessing address is still refused
    expect(await admitSignIn(email, "203.0.113.79")).toEqual({ ok: true });
    expect(await admitSignIn(email, "198.51.100.77")).toMatchObject({ ok: false });
  });

  it("refuses sign-in with a clear message when the throttle cannot be written", async () => {
    const conn = rawDb();
    conn.pragma("query_only = ON");
    try {
      expect(await admitSignIn("readonly@example.test", "192.0.2.60")).toEqual({ ok: false, message: THROTTLE_UNAVAILABLE_MESSAGE });
    } finally {
      conn.pragma("query_only = OFF");
    }
  });

  it("limits registrations per address to 100 an hour: a class of 60 enrols from one network", async () => {
    for (let i = 0; i < 100; i++) expect((await admitRegistration("192.0.2.70")).ok).toBe(true);
    expect(await admitRegistration("192.0.2.70")).toMatchObject({ ok: false });
    expect((await admitRegistration("192.0.2.71")).ok).toBe(true);
  });

  it("keeps the owner's own browser (device cookie) signing in after 40 failures from elsewhere", async () => {
    const email = "owner-device@example.test";
    for (let i = 0; i < 40; i++) await admitSignIn(email, `198.51.100.${i % 4}`);
    // a stranger is refused, for minutes
    const stranger = await admitSignIn(email, "203.0.113.9");
    expect(stranger).toMatchObject({ ok: false });
    expect((stranger as { message: string }).message).toMatch(/minutes/);
    // the browser that signed in before has its own allowance
    expect(await admitSignIn(email, "203.0.113.9", "device-1")).toEqual({ ok: true });
    // which is limited too: guesses from a stolen device cookie stop after 10
    for (let i = 0; i < 10; i++) await admitSignIn(email, "203.0.113.9", "device-2");
    expect(await admitSignIn(email, "203.0.113.9", "device-2")).toMatchObject({ ok: false });
    expect(await admitSignIn(email, "203.0.113.9", "device-1")).toEqual({ ok: true });
  });

  it("never lets failures for other accounts block an account without failures behind the same address", async () => {
    const centre = "192.0.2.200";
    for (let i = 0; i < 310; i++) await admitSignIn(`random${i}@example.test`, centre);
    // a classmate with no failures signs in from the centre
    expect(await admitSignIn("classmate@example.test", centre)).toEqual({ ok: true });
    // an account that has failed before is refused from the exhausted address
    await admitSignIn("fumbler@example.test", centre);
    expect(await admitSignIn("fumbler@example.test", centre)).toMatchObject({ ok: false });
    // but not from another address
    expect(await admitSignIn("fumbler@example.test", "192.0.2.201")).toEqual({ ok: true });
  });
});

describe("throttledMessage", () => {
  it("says the real wait in minutes, or hours past 90 minutes", () => {
    expect(throttledMessage(15 * 60_000)).toBe("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
    expect(throttledMessage(10_000)).toBe("Too many failed sign-in attempts. Please wait 1 minute and try again.");
    expect(throttledMessage(23 * 3_600_000)).toBe("Too many failed sign-in attempts. Please wait 23 hours and try again.");
  });
});
