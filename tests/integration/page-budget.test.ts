// The exam page's JavaScript stays within its budget (DESIGN.md "Performance budgets"): read from the Remix
// manifest of the browser build that `npm run build` wrote (build/client/build/), as the page loads it.
import { describe, expect, it } from "vitest";
import { budgetProblems, pageWeights } from "../../bench/page-weight.js";

describe("the browser build", () => {
  const weights = pageWeights();

  it("the exam page loads at most 4 script files before it is interactive", () => {
    expect(weights.exam.files).toBeLessThanOrEqual(4);
  });

  it("the exam page's JavaScript is under 100 KB gzip", () => {
    expect(weights.exam.jsKB).toBeGreaterThan(20);
    expect(budgetProblems(weights)).toEqual([]);
  });
});
