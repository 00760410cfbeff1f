// Every cache the server keeps is in one register, each with what it keeps, its key, how it is
// invalidated and its bound (app/lib/server/kept.server.ts).
import { describe, expect, it } from "vitest";
import { keptRegister } from "~/lib/server/kept.server";
import "~/models/analytics.server";
import "~/models/attempt.server";
import "~/models/bank.server";
import "~/models/comparison.server";
import "~/models/gradebook.server";
import "~/models/progress.server";
import "~/models/results.server";
import "~/models/test.server";

describe("the cache register", () => {
  it("lists the server's caches, each bounded and explained", () => {
    const register = keptRegister();
    expect(register.map((r) => r.name).sort()).toEqual(
      [
        "admin overview",
        "bank statistics",
        "best scores for ranks",
        "cohort figures",
        "exam questions",
        "gradebook averages",
        "graded questions",
        "leaderboards",
        "median time per question",
        "topper and average",
      ].sort(),
    );
    for (const r of register) {
      expect(r.maxEntries).toBeGreaterThan(0);
      expect([r.keeps, r.key, r.invalidated].every((t) => t.length > 5)).toBe(true);
    }
  });
});
