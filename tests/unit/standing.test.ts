import { describe, expect, it } from "vitest";
import { percentOneDecimal, rankList, standing } from "~/lib/rules/standing";

describe("a student's standing on a test", () => {
  const scores = [1, 0.75, 0.75, 0.25];
  it("ranks with ties sharing a place, and gives the percentile of the others below (ties half)", () => {
    expect(standing(scores, 1)).toEqual({ rank: 1, percentile: 100, of: 4 });
    expect(standing(scores, 0.75)).toEqual({ rank: 2, percentile: 50, of: 4 });
    expect(standing(scores, 0.25)).toEqual({ rank: 4, percentile: 0, of: 4 });
    expect(standing([0.5], 0.5)).toEqual({ rank: 1, percentile: 100, of: 1 });
  });

  it("a percent keeps one decimal", () => {
    expect(percentOneDecimal(1.5 / 98)).toBe(1.5);
    expect(percentOneDecimal(2 / 3)).toBe(66.7);
    expect(percentOneDecimal(null)).toBeNull();
  });

  it("a rank list keeps each student's best attempt (of equals the earliest), best first, ties sharing a rank", () => {
    const list = rankList([
      { student: "asha", fraction: 0.5, completedAt: 10 },
      { student: "asha", fraction: 0.9, completedAt: 30 },
      { student: "bala", fraction: 0.9, completedAt: 20 },
      { student: "chitra", fraction: 0.4, completedAt: 5 },
      { student: "chitra", fraction: 0.4, completedAt: 1 },
    ]);
    expect(list.map((r) => [r.student, r.fraction, r.completedAt, r.rank, r.percentile])).toEqual([
      ["bala", 0.9, 20, 1, 75],
      ["asha", 0.9, 30, 1, 75],
      ["chitra", 0.4, 1, 3, 0],
    ]);
  });
});
