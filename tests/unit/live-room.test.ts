import { describe, expect, it } from "vitest";
import { timeWasExtended } from "~/lib/rules/exam-rules";
import { agoText, interventionsNote, isStalled, STALLED_AFTER_MS } from "~/lib/rules/live-room";
import { extensionSchema } from "~/lib/schemas/live-room-schemas";

const NOW = 1_800_000_000_000;

describe("the live exam room's rules", () => {
  it("flags a student with no answer saved for five minutes, counting from the start when none yet", () => {
    expect(isStalled(NOW - STALLED_AFTER_MS, NOW - 60 * 60_000, NOW)).toBe(true);
    expect(isStalled(NOW - STALLED_AFTER_MS + 1, NOW - 60 * 60_000, NOW)).toBe(false);
    expect(isStalled(null, NOW - 4 * 60_000, NOW)).toBe(false);
    expect(isStalled(null, NOW - 6 * 60_000, NOW)).toBe(true);
  });

  it("says how long ago", () => {
    expect(agoText(NOW - 3_000, NOW)).toBe("just now");
    expect(agoText(NOW - 40_000, NOW)).toBe("40 s ago");
    expect(agoText(NOW - 2 * 60_000 - 5_000, NOW)).toBe("2 min ago");
    expect(agoText(NOW - 65 * 60_000, NOW)).toBe("1 h 5 min ago");
    expect(agoText(NOW - 120 * 60_000, NOW)).toBe("2 h ago");
    // a clock a little ahead is not "in the future"
    expect(agoText(NOW + 5_000, NOW)).toBe("just now");
  });

  it("takes 1 to 180 whole minutes and a reason", () => {
    expect(extensionSchema.safeParse({ minutes: "20", reason: " Power cut " }).data).toEqual({ minutes: 20, reason: "Power cut" });
    for (const minutes of ["0", "181", "2.5", "ten", ""]) expect(extensionSchema.safeParse({ minutes, reason: "x" }).success).toBe(false);
    expect(extensionSchema.safeParse({ minutes: "5", reason: "   " }).success).toBe(false);
    expect(extensionSchema.safeParse({ minutes: "5", reason: "x".repeat(201) }).success).toBe(false);
  });
});

describe("a time-up from a page that did not know about more time", () => {
  const deadline = NOW + 15 * 60_000;
  it("is recognised when the stored deadline is later than the page's by more than the tolerance", () => {
    expect(timeWasExtended(NOW, deadline, NOW)).toBe(true);
    // the page knew the right deadline (or near enough): a real time-up
    expect(timeWasExtended(deadline - 5_000, deadline, deadline)).toBe(false);
    // no deadline sent (an older page): today's behaviour
    expect(timeWasExtended(undefined, deadline, NOW)).toBe(false);
    expect(timeWasExtended(Number.NaN, deadline, NOW)).toBe(false);
    // the new deadline itself has come: it is time up after all
    expect(timeWasExtended(NOW, deadline, deadline)).toBe(false);
  });
});

describe("interventionsNote", () => {
  it("says what the academy did to an attempt, or nothing", () => {
    expect(interventionsNote([], null)).toBe("");
    expect(
      interventionsNote(
        [
          { minutes: 10, reason: "power cut", givenBy: "Priya" },
          { minutes: 5, reason: "scribe late", givenBy: "Arun" },
        ],
        "Priya",
      ),
    ).toBe("+10 min by Priya (power cut); +5 min by Arun (scribe late); submitted by Priya from the live room");
  });
});
