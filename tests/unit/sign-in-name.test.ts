import { describe, expect, it } from "vitest";
import { signInSchema } from "~/lib/schemas/auth-schemas";
import { INVALID_SIGN_IN_NAME, looksLikeEmail, normalizeRollNumber, normalizeSignInName, rollNumberProblem, signInNameOf } from "~/lib/rules/sign-in-name";

describe("sign-in names", () => {
  it("treats input with an at sign as an e-mail, anything else as a roll number or phone", () => {
    expect(looksLikeEmail("arun@example.com")).toBe(true);
    expect(looksLikeEmail("PG-TRB-007")).toBe(false);
    expect(looksLikeEmail("+91 98765 43210")).toBe(false);
  });

  it("normalises roll numbers and phones so the same student matches however it is typed", () => {
    // a roll number: without spaces, dashes or case
    for (const typed of ["trb2026 016", "TRB2026-016", "trb2026016", " Trb 2026-016 "]) expect(normalizeRollNumber(typed)).toBe("TRB2026016");
    expect(normalizeRollNumber(" pg-trb-007 ")).toBe("PGTRB007");
    expect(normalizeRollNumber("2026/NET/15")).toBe("2026/NET/15");
    // an Indian phone, however it is written: its 10 digits
    for (const typed of ["+91 98400 12345", "+91-98400-12345", "(+91) 98400-12345", "098400 12345", "919840012345", "9840012345", "98400.12345"])
      expect(normalizeRollNumber(typed)).toBe("9840012345");
    // another country's number keeps its + and digits; another country's rule reads its own
    expect(normalizeRollNumber("+1 415 555 0100")).toBe("+14155550100");
    expect(normalizeRollNumber("+94 77 123 4567", "LK")).toBe("771234567");
    expect(normalizeRollNumber("077 123 4567", "LK")).toBe("771234567");
    // a numeric roll number that is no phone keeps its digits
    expect(normalizeRollNumber("2026-016")).toBe("2026016");
  });

  it("accepts roll numbers and phones, refuses other characters and over-long values", () => {
    expect(rollNumberProblem("PG-TRB-007")).toBeNull();
    expect(rollNumberProblem("+919876543210")).toBeNull();
    expect(rollNumberProblem("2026/NET/15")).toBeNull();
    expect(rollNumberProblem("")).toMatch(/roll number or phone/);
    expect(rollNumberProblem("A;DROP")).toMatch(/letters, digits/);
    expect(rollNumberProblem("9".repeat(41))).toMatch(/at most 40/);
  });

  it("shows the e-mail when there is one, else the roll number", () => {
    expect(signInNameOf({ email: "a@b.co", rollNumber: "R1" })).toBe("a@b.co");
    expect(signInNameOf({ email: null, rollNumber: "R1" })).toBe("R1");
  });

  it("normalises what is typed into the sign-in box, and refuses what is neither an e-mail nor a roll number", () => {
    expect(normalizeSignInName("  Arun@Example.COM ")).toBe("arun@example.com");
    expect(normalizeSignInName(" pg-trb 007 ")).toBe("PGTRB007");
    expect(signInSchema.parse({ email: "+91 98765 43210", password: "x" }).email).toBe("9876543210");
    for (const hostile of ["A;DROP TABLE users", "<script>", "x".repeat(41), "a@b"]) {
      const result = signInSchema.safeParse({ email: hostile, password: "x" });
      expect(result.success ? null : result.error.issues[0].message).toBe(INVALID_SIGN_IN_NAME);
    }
  });
});
