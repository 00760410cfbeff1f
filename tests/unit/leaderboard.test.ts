import { describe, expect, it } from "vitest";
import { leaderboardFor, leaderboardName } from "~/lib/rules/leaderboard";

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
