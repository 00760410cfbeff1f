import { describe, expect, it } from "vitest";
import { rankCounts, rankNote, rankSummary } from "~/lib/rules/review";

describe("rankSummary", () => {
  it("the first to finish is not 'better than 0%'", () => {
    expect(rankSummary({ better: 0, below: 0, total: 1 })).toEqual({ rank: 1, of: 1, others: 0, top: null, betterThan: null, above: 0, below: 0 });
  });
  it("counts the other students only", () => {
    // 4 took it: 1 did better, 2 did worse
    expect(rankSummary({ better: 1, below: 2, total: 4 })).toEqual({ rank: 2, of: 4, others: 3, top: 50, betterThan: 67, above: 1, below: 2 });
    // the best of 200
    expect(rankSummary({ better: 0, below: 199, total: 200 })).toMatchObject({ rank: 1, top: 1, betterThan: 100 });
    // ties: nobody better, nobody worse
    expect(rankSummary({ better: 0, below: 0, total: 3 })).toMatchObject({ rank: 1, top: 34, betterThan: 0 });
  });
});

describe("rankCounts", () => {
  it("counts the others above and below, the student's own (stale) entry left out", () => {
    // everyone's best, a few seconds old: 0.2, 0.5, 0.5, 0.8 (the student's stale 0.5 among them)
    expect(rankCounts([0.2, 0.5, 0.5, 0.8], 0.5, 0.5)).toEqual({ better: 1, below: 1, total: 4 });
    // the student has since improved to 0.9: nobody is better, three are below
    expect(rankCounts([0.2, 0.5, 0.5, 0.8], 0.9, 0.5)).toEqual({ better: 0, below: 3, total: 4 });
    // a first finish not yet in the list
    expect(rankCounts([0.2, 0.8], 0.5, undefined)).toEqual({ better: 1, below: 1, total: 3 });
    // alone
    expect(rankCounts([], 0.7, undefined)).toEqual({ better: 0, below: 0, total: 1 });
    expect(rankCounts([0.7], 0.7, 0.7)).toEqual({ better: 0, below: 0, total: 1 });
  });
  it("agrees with rankSummary's reading of ties", () => {
    expect(rankSummary(rankCounts([0.6, 0.6, 0.6], 0.6, 0.6))).toMatchObject({ rank: 1, of: 3, betterThan: 0 });
  });
});

describe("rankNote", () => {
  const note = (better: number, below: number, total: number, own = 1) => rankNote(rankSummary({ better, below, total }), own);
  it("says a first finish is first, and a retake that nobody else has taken yet is alone", () => {
    expect(note(0, 0, 1, 1)).toBe("You are the first student to finish this test.");
    expect(note(0, 0, 1, 2)).toBe("No other student has finished this test yet.");
  });
  it("words the top, a shared top and the last place from the facts", () => {
    expect(note(0, 4, 5)).toBe("The best score of the 5 students who took this test (best attempts).");
    expect(note(0, 1, 3)).toBe("The top score, shared with 1 other student (best attempts).");
    expect(note(1, 0, 2)).toBe("The other student who took this test scored higher (best attempts).");
    expect(note(3, 0, 4)).toBe("All 3 other students who took this test scored higher (best attempts).");
  });
  it("gives the percentages in between", () => {
    expect(note(1, 2, 4)).toBe("Top 50% · better than 67% of the 3 other students who took this test (best attempts)");
  });
});
