import { describe, expect, it } from "vitest";
import { rankSummary } from "~/lib/review";

describe("rankSummary", () => {
  it("the first to finish is not 'better than 0%'", () => {
    expect(rankSummary({ better: 0, below: 0, total: 1 })).toEqual({ rank: 1, of: 1, others: 0, top: null, betterThan: null });
  });
  it("counts the other students only", () => {
    // 4 took it: 1 did better, 2 did worse
    expect(rankSummary({ better: 1, below: 2, total: 4 })).toEqual({ rank: 2, of: 4, others: 3, top: 50, betterThan: 67 });
    // the best of 200
    expect(rankSummary({ better: 0, below: 199, total: 200 })).toMatchObject({ rank: 1, top: 1, betterThan: 100 });
    // ties: nobody better, nobody worse
    expect(rankSummary({ better: 0, below: 0, total: 3 })).toMatchObject({ rank: 1, top: 34, betterThan: 0 });
  });
});
