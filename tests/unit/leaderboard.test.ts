import { describe, expect, it } from "vitest";
import { leaderboardFor, leaderboardName, rankedBest } from "~/lib/rules/leaderboard";

describe("leaderboardName", () => {
  it("gives full names or initials", () => {
    expect(leaderboardName("Priya Raman", "names")).toBe("Priya Raman");
    expect(leaderboardName("Priya Raman", "initials")).toBe("P. R.");
    expect(leaderboardName("  anu  ", "initials")).toBe("A.");
    expect(leaderboardName("Ébène de la Cour Smith", "initials")).toBe("É. D. L.");
    expect(leaderboardName("", "initials")).toBe("—");
  });
});

describe("leaderboardFor", () => {
  const rows = Array.from({ length: 15 }, (_, i) => ({ userId: `u${i + 1}`, place: i + 1 }));
  it("is the top ten, with the student's own row after them when further down", () => {
    expect(leaderboardFor(rows, "u3")).toEqual({ top: rows.slice(0, 10), mine: null });
    expect(leaderboardFor(rows, "u13")).toEqual({ top: rows.slice(0, 10), mine: rows[12] });
    expect(leaderboardFor(rows, "nobody")).toEqual({ top: rows.slice(0, 10), mine: null });
    expect(leaderboardFor(rows.slice(0, 3), "u2").top).toHaveLength(3);
  });
});

describe("rankedBest", () => {
  const row = (userId: string, p: number, timeSpent: number, name = userId) => ({ userId, name, p, marks: p * 4, maxMarks: 4, timeSpent });
  it("adds attempts closed late, keeps each student's best, and gives ties one place", () => {
    const ranked = rankedBest([row("a", 0.5, 100), row("b", 0.75, 200), row("c", 0.5, 100)], [row("d", 1, 300), row("a", 0.25, 10)]);
    expect(ranked.map((r) => [r.userId, r.place])).toEqual([
      ["d", 1],
      ["b", 2],
      ["a", 3],
      ["c", 3],
    ]);
    // a late attempt better than the student's finished best replaces it
    expect(rankedBest([row("a", 0.5, 100)], [row("a", 0.75, 400)])).toMatchObject([{ userId: "a", p: 0.75, place: 1 }]);
  });
});
