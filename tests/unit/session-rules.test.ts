import { describe, expect, it } from "vitest";
import { sessionExpiry, signOutWhileWritingNote } from "~/lib/rules/session-rules";
import { isPrivateRequest } from "~/lib/rules/routing";
import { MAX_PAGE, pageParam } from "~/lib/schemas/forms";

const HOUR = 3_600_000;
const clock = { lifetimeMs: 30 * 24 * HOUR, idleMs: 7 * 24 * HOUR, touchEveryMs: HOUR };

describe("signOutWhileWritingNote", () => {
  it("names the test and the minutes left, rounded up and never 0, and says nothing answered is lost", () => {
    expect(signOutWhileWritingNote({ name: "Priya", testTitle: "NET Mock 3", secondsLeft: 601 })).toBe(
      "Priya is writing “NET Mock 3” right now (11 min left). This signs them out of the test: the answers they gave are kept, and the time keeps running while they sign in again.",
    );
    expect(signOutWhileWritingNote({ name: "Priya", testTitle: "NET Mock 3", secondsLeft: 5 })).toContain("(1 min left)");
    expect(signOutWhileWritingNote({ name: "Priya", testTitle: "NET Mock 3", secondsLeft: -10 })).toContain("(1 min left)");
  });
});

describe("sessionExpiry", () => {
  const start = Date.UTC(2026, 0, 1);
  const fresh = { lastSeenAt: start, expiresAt: start + clock.lifetimeMs };
  it("is valid right after sign-in and asks for a touch after an hour", () => {
    expect(sessionExpiry(fresh, start + 1000, clock)).toBe("valid");
    expect(sessionExpiry(fresh, start + HOUR, clock)).toBe("touch");
  });
  it("ends after a week without a request", () => {
    expect(sessionExpiry(fresh, start + 7 * 24 * HOUR, clock)).toBe("expired");
  });
  it("ends after 30 days however active", () => {
    expect(sessionExpiry({ lastSeenAt: start + 30 * 24 * HOUR - 1000, expiresAt: fresh.expiresAt }, start + 30 * 24 * HOUR, clock)).toBe("expired");
  });
});

describe("isPrivateRequest", () => {
  it("is true for any request carrying the session cookie, whatever its path, and false without it", () => {
    for (const cookie of ["__session=abc", "flash=x; __session=abc", "a=1;__session=s.sig"]) expect(isPrivateRequest(cookie)).toBe(true);
    for (const cookie of [null, undefined, "", "flash=x", "my__session=abc", "landing_popup_closed=1"]) expect(isPrivateRequest(cookie)).toBe(false);
  });
});

describe("pageParam", () => {
  it("keeps page numbers within SQLite's reach", () => {
    expect(pageParam("99999999999999999999")).toBe(MAX_PAGE);
    expect(pageParam("3")).toBe(3);
    expect(pageParam("-2")).toBe(1);
    expect(pageParam("abc")).toBe(1);
    expect(pageParam(null)).toBe(1);
  });
});
