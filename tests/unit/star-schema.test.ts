import { describe, expect, it } from "vitest";
import { starValue } from "~/lib/rules/star";
import { starSchema } from "~/lib/schemas/star-schema";

describe("a question's star (one form per list, the button says what it changes)", () => {
  it("reads back what the button sends, a test id with spaces included", () => {
    for (const [on, target] of [
      [true, { testId: "t0", version: 3, questionId: "q12" }],
      [false, { testId: "imported test 7", version: 1, questionId: "q1" }],
    ] as const) {
      const parsed = starSchema.safeParse({ star: starValue(on, target), redirectTo: "/test/t0/results" });
      expect(parsed.success && parsed.data).toEqual({ on, target, redirectTo: "/test/t0/results" });
    }
  });

  it("refuses what no button sends", () => {
    for (const star of ["", "bookmark", "star q1 1 t0", "bookmark q1 1.5 t0", "bookmark q1 1 ", "bookmark 1 1 t0", "bookmark q12345 1 t0"]) {
      expect(starSchema.safeParse({ star }).success, star).toBe(false);
    }
  });
});
