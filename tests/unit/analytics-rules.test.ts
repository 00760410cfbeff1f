import { describe, expect, it } from "vitest";
import { itemAnalysis, topUsers } from "~/lib/rules/analytics-rules";

describe("top users", () => {
  it("ranks by overall percentage, ties by attempts then name, with the User {id} fallback", () => {
    const ranked = topUsers([
      { userId: "a", name: "Zara", marks: 8, maxMarks: 10, attempts: 1 },
      { userId: "b", name: "Anu", marks: 16, maxMarks: 20, attempts: 2 },
      { userId: "c", name: "Bala", marks: 8, maxMarks: 10, attempts: 1 },
      { userId: "d", name: null, marks: 9, maxMarks: 10, attempts: 1 },
      { userId: "e", name: "Nobody", marks: 0, maxMarks: 0, attempts: 0 },
    ]);
    expect(ranked.map((r) => [r.rank, r.name, r.percent])).toEqual([
      [1, "User d", 90],
      [2, "Anu", 80],
      [3, "Bala", 80],
      [4, "Zara", 80],
    ]);
  });
  it("keeps at most 10", () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ userId: String(i), name: `U${i}`, marks: i, maxMarks: 20, attempts: 1 }));
    expect(topUsers(many)).toHaveLength(10);
  });
});

describe("item analysis", () => {
  it("computes facility and discrimination on a hand-worked example", () => {
    // six attempts by score; the top third (60, 50) got it right, the bottom third (20, 10) did not
    const r = itemAnalysis([
      { score: 60, correct: true },
      { score: 50, correct: true },
      { score: 40, correct: false },
      { score: 30, correct: true },
      { score: 20, correct: false },
      { score: 10, correct: false },
    ]);
    expect(r.facility).toBeCloseTo(0.5);
    expect(r.discrimination).toBeCloseTo(1);
  });
  it("flags an item the weak get right and the strong get wrong (negative discrimination)", () => {
    const r = itemAnalysis([
      { score: 9, correct: false },
      { score: 8, correct: false },
      { score: 5, correct: true },
      { score: 2, correct: true },
      { score: 1, correct: true },
      { score: 0, correct: true },
    ]);
    expect(r.discrimination).toBeCloseTo(-1);
  });
  it("has no figures without attempts and no discrimination under 3 attempts", () => {
    expect(itemAnalysis([])).toEqual({ facility: null, discrimination: null });
    expect(itemAnalysis([{ score: 1, correct: true }])).toEqual({ facility: 1, discrimination: null });
  });
});
