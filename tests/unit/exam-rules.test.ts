import { describe, expect, it } from "vitest";
import {
  acceptsAnswers,
  allowance,
  finishStatus,
  stayToCount,
  retakeVerdict,
  limitReachedLabel,
  formatClock,
  GRACE_MS,
  navigatorState,
  remainingSeconds,
  resultsDiscoveryDelayMs,
  timeSpentSeconds,
  signedOutWhileWritingMessage,
} from "~/lib/rules/exam-rules";
import { lateAnswerCause } from "~/lib/rules/late-answer";
import { band, percent } from "~/lib/rules/score-display";

describe("percent and colour bands", () => {
  it("rounds to whole numbers", () => {
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBe(0);
    expect(percent(10, 10)).toBe(100);
  });
  it.each([
    [100, "green"],
    [80, "green"],
    [79, "yellow"],
    [60, "yellow"],
    [59, "red"],
    [0, "red"],
  ] as const)("%i%% is %s", (pct, colour) => {
    expect(band(pct)).toBe(colour);
  });
});

describe("allowance", () => {
  it("treats absent or 0 maxAttempts and null or 0 global limits as unlimited", () => {
    for (const maxAttempts of [null, undefined, 0]) {
      for (const globalTestLimit of [null, 0]) {
        expect(allowance({ maxAttempts, globalTestLimit, used: 50 })).toEqual({ allowed: true, limit: null, remaining: null, by: null });
      }
    }
  });
  it("maxAttempts 1 allows exactly one attempt", () => {
    expect(allowance({ maxAttempts: 1, globalTestLimit: null, used: 0 })).toEqual({ allowed: true, limit: 1, remaining: 1, by: "test" });
    expect(allowance({ maxAttempts: 1, globalTestLimit: null, used: 1 })).toEqual({ allowed: false, limit: 1, remaining: 0, by: "test" });
  });
  it("the global limit applies per test, remaining = limit − attempts", () => {
    expect(allowance({ maxAttempts: null, globalTestLimit: 3, used: 1 })).toEqual({ allowed: true, limit: 3, remaining: 2, by: "student" });
    expect(allowance({ maxAttempts: null, globalTestLimit: 3, used: 3 }).allowed).toBe(false);
  });
  it("the smaller of the test's and the student's limit wins", () => {
    expect(allowance({ maxAttempts: 5, globalTestLimit: 2, used: 1 }).remaining).toBe(1);
    expect(allowance({ maxAttempts: 2, globalTestLimit: 5, used: 1 }).remaining).toBe(1);
  });
  it("a per-test override replaces the global limit for that test", () => {
    expect(allowance({ maxAttempts: null, globalTestLimit: 1, perTestLimit: 4, used: 2 })).toEqual({ allowed: true, limit: 4, remaining: 2, by: "student" });
    expect(allowance({ maxAttempts: null, globalTestLimit: 10, perTestLimit: 1, used: 1 }).allowed).toBe(false);
    expect(allowance({ maxAttempts: 3, globalTestLimit: null, perTestLimit: 0, used: 2 })).toEqual({ allowed: true, limit: 3, remaining: 1, by: "test" });
  });
  it("says which limit binds, and the used-up button names it (the test's own, or the student's: Global Limit Reached)", () => {
    const ownLimit = allowance({ maxAttempts: 3, globalTestLimit: 5, used: 3 });
    expect(ownLimit.by).toBe("test");
    expect(limitReachedLabel(ownLimit)).toBe("All 3 attempts used");
    expect(retakeVerdict(ownLimit, null)).toEqual({ allowed: false, reason: "No retake: you have used all 3 attempts of this test." });
    expect(limitReachedLabel(allowance({ maxAttempts: 1, globalTestLimit: null, used: 1 }))).toBe("Attempt used: this test allows one");
    const studentLimit = allowance({ maxAttempts: 5, globalTestLimit: 2, used: 2 });
    expect(studentLimit.by).toBe("student");
    expect(limitReachedLabel(studentLimit)).toBe("Global Limit Reached");
    expect(retakeVerdict(studentLimit, null)).toEqual({
      allowed: false,
      reason: "No retake: you have used all 2 attempts the academy gives you on each test.",
    });
    // an accommodation's extra attempts go on top of the binding limit
    expect(allowance({ maxAttempts: 3, globalTestLimit: null, extraAttempts: 2, used: 4 })).toMatchObject({ limit: 5, remaining: 1, by: "test" });
  });
  it("never reports negative remaining attempts", () => {
    expect(allowance({ maxAttempts: 1, globalTestLimit: null, used: 4 }).remaining).toBe(0);
  });
});

describe("deadline and grace", () => {
  const start = new Date("2026-01-01T10:00:00Z");
  const deadline = new Date("2026-01-01T11:00:00Z");
  it("counts remaining seconds down to zero, never below", () => {
    expect(remainingSeconds(deadline, start)).toBe(3600);
    expect(remainingSeconds(deadline, +deadline - 1500)).toBe(2);
    expect(remainingSeconds(deadline, +deadline + 5000)).toBe(0);
  });
  it("accepts answers until deadline + grace, not after", () => {
    expect(acceptsAnswers(deadline, deadline)).toBe(true);
    expect(acceptsAnswers(deadline, +deadline + GRACE_MS)).toBe(true);
    expect(acceptsAnswers(deadline, +deadline + GRACE_MS + 1)).toBe(false);
  });
  it("time spent is capped at the deadline", () => {
    expect(timeSpentSeconds(start, deadline, +start + 754_400)).toBe(754);
    expect(timeSpentSeconds(start, deadline, +deadline + 3_600_000)).toBe(3600);
    expect(timeSpentSeconds(start, deadline, +start - 10)).toBe(0);
  });
  it("formats the countdown", () => {
    expect(formatClock(3600)).toBe("1:00:00");
    expect(formatClock(299)).toBe("4:59");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(-3)).toBe("0:00");
  });
});

describe("navigator states", () => {
  it("tells the five states apart", () => {
    expect(navigatorState(undefined)).toBe("not-visited");
    expect(navigatorState({ visited: true, chosen: null, marked: false })).toBe("not-answered");
    expect(navigatorState({ visited: true, chosen: 2, marked: false })).toBe("answered");
    expect(navigatorState({ visited: true, chosen: null, marked: true })).toBe("marked");
    expect(navigatorState({ visited: true, chosen: 0, marked: true })).toBe("answered-marked");
  });
});

describe("resultsDiscoveryDelayMs", () => {
  it("is a moment between 5 and 60 seconds after the exam opens", () => {
    expect(resultsDiscoveryDelayMs(0, 3_600_000)).toBe(5_000);
    expect(resultsDiscoveryDelayMs(1, 3_600_000)).toBe(60_000);
    expect(resultsDiscoveryDelayMs(0.5, 3_600_000)).toBe(32_500);
  });

  it("comes before half of a short time left is gone, and at once when none is left", () => {
    expect(resultsDiscoveryDelayMs(1, 40_000)).toBe(20_000);
    expect(resultsDiscoveryDelayMs(1, 6_000)).toBe(3_000);
    expect(resultsDiscoveryDelayMs(0.5, 0)).toBe(0);
    expect(resultsDiscoveryDelayMs(0.5, -10_000)).toBe(0);
  });
});

describe("finishStatus", () => {
  const deadline = 1_000_000;
  it("stores a finish before the deadline as submitted, past its grace as time up", () => {
    expect(finishStatus(deadline, deadline - 60_000, false)).toBe("submitted");
    expect(finishStatus(deadline, deadline + 16_000, false)).toBe("expired");
  });
  it("believes the countdown's time up from a little before the deadline, not earlier", () => {
    expect(finishStatus(deadline, deadline + 500, true)).toBe("expired");
    expect(finishStatus(deadline, deadline - 3_000, true)).toBe("expired");
    expect(finishStatus(deadline, deadline - 60_000, true)).toBe("submitted");
  });
});

describe("stayToCount", () => {
  it("counts a page's stay once: a form from a page shown at or before the last counted one adds nothing", () => {
    expect(stayToCount(10_000, null, 52_000)).toBe(42);
    expect(stayToCount(10_000, 10_000, 60_000)).toBe(0);
    expect(stayToCount(5_000, 10_000, 60_000)).toBe(0);
    expect(stayToCount(20_000, 10_000, 25_000)).toBe(5);
    expect(stayToCount(undefined, 10_000, 25_000)).toBe(0);
  });
});

describe("lateAnswerCause", () => {
  const deadlineAt = 1_000_000;
  it("says the test was submitted when Finish came before the deadline (another tab or window)", () => {
    expect(lateAnswerCause({ status: "submitted", completedAt: deadlineAt - 60_000, deadlineAt })).toBe("submitted");
  });
  it("says the time was up for an expired attempt, or one submitted at or after its deadline", () => {
    expect(lateAnswerCause({ status: "expired", completedAt: deadlineAt - 5_000, deadlineAt })).toBe("time-up");
    expect(lateAnswerCause({ status: "submitted", completedAt: deadlineAt, deadlineAt })).toBe("time-up");
    expect(lateAnswerCause({ status: "submitted", completedAt: deadlineAt + 3_000, deadlineAt })).toBe("time-up");
    expect(lateAnswerCause({ status: "submitted", completedAt: null, deadlineAt })).toBe("time-up");
  });
});

describe("retakeVerdict", () => {
  it("offers a retake while an attempt is left and the test is open, and says why not otherwise", () => {
    expect(retakeVerdict({ allowed: true, limit: null, remaining: null }, null)).toEqual({ allowed: true });
    expect(retakeVerdict({ allowed: false, limit: 2, remaining: 0 }, null)).toEqual({
      allowed: false,
      reason: "No retake: you have used all 2 attempts of this test.",
    });
    expect(retakeVerdict({ allowed: false, limit: 1, remaining: 0 }, null)).toEqual({
      allowed: false,
      reason: "No retake: this test allows one attempt, and you have taken it.",
    });
    expect(retakeVerdict({ allowed: true, limit: null, remaining: null }, "Closed on 1 Dec 2026, 1:00 pm")).toEqual({
      allowed: false,
      reason: "No retake: this test is closed on 1 Dec 2026, 1:00 pm.",
    });
  });
});

describe("signedOutWhileWritingMessage", () => {
  it("says what is not saved, what waits on the page, and that the time runs on", () => {
    expect(signedOutWhileWritingMessage(0, false)).toBe(
      "You were signed out, so new answers are not being saved. Sign in again: your answers so far are saved. The time keeps running.",
    );
    expect(signedOutWhileWritingMessage(1, false)).toContain("the 1 answer not yet saved waits on this page and is sent once you are back");
    expect(signedOutWhileWritingMessage(3, false)).toContain("the 3 answers not yet saved wait on this page and are sent once you are back");
  });

  it("at Finish says the test is not submitted yet", () => {
    expect(signedOutWhileWritingMessage(2, true)).toBe(
      "You were signed out, so your test has not been submitted yet. Sign in again and submit it: the 2 answers not yet saved wait on this page and are sent once you are back. The time keeps running.",
    );
  });
});
