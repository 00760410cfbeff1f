import { describe, expect, it } from "vitest";
import { comparisonOf, topperOf } from "~/lib/rules/comparison";

const best = [
  { attemptId: "a1", userId: "u1", marks: 10, correct: 5, answered: 8, seconds: 600 },
  { attemptId: "a2", userId: "u2", marks: 14, correct: 7, answered: 7, seconds: 900 },
  { attemptId: "a3", userId: "u3", marks: 14, correct: 7, answered: 9, seconds: 700 },
];

describe("the student beside the topper and the average", () => {
  it("the topper has the most marks, then the least time", () => {
    expect(topperOf(best)?.attemptId).toBe("a3");
    expect(topperOf([])).toBeNull();
  });

  it("marks, accuracy and time of the student, the topper and the average", () => {
    const c = comparisonOf(best, [], "u1");
    expect(c).toMatchObject({
      students: 3,
      you: { marks: 10, accuracy: 62.5, seconds: 600 },
      topper: { marks: 14, accuracy: 77.8, seconds: 700 },
      average: { marks: 12.67, seconds: 733 },
      youAreTopper: false,
    });
    expect(c?.average.accuracy).toBeCloseTo((62.5 + 100 + 77.8) / 3, 0);
    expect(comparisonOf(best, [], "u3")?.youAreTopper).toBe(true);
    expect(comparisonOf(best, [], "nobody")).toBeNull();
  });

  it("by section, a student who answered nothing in one has no accuracy there", () => {
    const c = comparisonOf(
      best,
      [
        { attemptId: "a1", section: "Poetry", marks: 4, correct: 2, answered: 0, seconds: 100 },
        { attemptId: "a3", section: "Poetry", marks: 8, correct: 4, answered: 4, seconds: 200 },
      ],
      "u1",
    );
    expect(c?.sections).toEqual([
      {
        name: "Poetry",
        you: { marks: 4, accuracy: null, seconds: 100 },
        topper: { marks: 8, accuracy: 100, seconds: 200 },
        average: { marks: 6, accuracy: 100, seconds: 150 },
      },
    ]);
  });
});
