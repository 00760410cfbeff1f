import { describe, expect, it } from "vitest";
import { accommodationFor, accommodationNote, extraTimeMs, latestClose, windowFor } from "~/lib/rules/accommodation";

const none = { extraMinutes: 0, extraPercent: 0, extraAttempts: 0 };

describe("accommodations", () => {
  it("a test's own accommodation wins over the one for every test", () => {
    const rows = [
      { testId: null, ...none, extraMinutes: 5 },
      { testId: "t1", ...none, extraMinutes: 15 },
    ];
    expect(accommodationFor(rows, "t1")?.extraMinutes).toBe(15);
    expect(accommodationFor(rows, "t2")?.extraMinutes).toBe(5);
    expect(accommodationFor([], "t1")).toBeNull();
  });

  it("extra time in minutes, or a share of the duration to the whole second", () => {
    expect(extraTimeMs(30, { extraMinutes: 15, extraPercent: 0 })).toBe(15 * 60_000);
    expect(extraTimeMs(30, { extraMinutes: 0, extraPercent: 50 })).toBe(15 * 60_000);
    expect(extraTimeMs(7, { extraMinutes: 0, extraPercent: 33 })).toBe(139_000);
    expect(extraTimeMs(30, null)).toBe(0);
  });

  it("tells the student what they have", () => {
    expect(accommodationNote(30, { testId: null, ...none, extraPercent: 25, extraAttempts: 1 })).toBe(
      "Your accommodation: 7 min 30 s extra time (37 min 30 s in all) and 1 extra attempt.",
    );
    expect(accommodationNote(30, { testId: "t", ...none, closesAt: 1 })).toBe("Your accommodation: a window of your own.");
    expect(accommodationNote(30, { testId: null, ...none })).toBeNull();
    expect(accommodationNote(30, null)).toBeNull();
  });

  it("a personal window replaces the test's times where given", () => {
    const test = { id: "t", opensAt: 100, closesAt: 200 };
    expect(windowFor(test, { testId: "t", ...none, closesAt: 500 })).toEqual({ id: "t", opensAt: 100, closesAt: 500 });
    expect(windowFor(test, { testId: "t", ...none, opensAt: 150 })).toEqual({ id: "t", opensAt: 150, closesAt: 200 });
    expect(windowFor(test, { testId: "t", ...none })).toBe(test);
    expect(windowFor(test, null)).toBe(test);
  });

  it("ranks and answers wait for the latest close, a test without a close never waits", () => {
    expect(latestClose({ opensAt: null, closesAt: 200 }, [150, 400, null])).toEqual(new Date(400));
    expect(latestClose({ opensAt: null, closesAt: 200 }, [])).toEqual(new Date(200));
    expect(latestClose({ opensAt: null, closesAt: null }, [400])).toBeNull();
  });
});
