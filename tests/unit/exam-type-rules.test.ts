import { describe, expect, it } from "vitest";
import { examTypeLabel, examTypeNameSchema, examTypeValue, isDuplicateExamType, NAME_REQUIRED } from "~/lib/rules/exam-type-rules";

describe("exam type value derivation", () => {
  it.each([
    ["Kerala SET", "KERALA_SET"],
    ["  TN  -- TRB (2026) ", "TN_TRB_2026"],
    ["polytechnic/trb", "POLYTECHNIC_TRB"],
    ["__x__", "X"],
    ["!!!", ""],
    ["Lecturer Exam", "LECTURER_EXAM"],
  ])("%s → %s", (name, value) => {
    expect(examTypeValue(name)).toBe(value);
  });
  it("keeps the trimmed name as the label", () => {
    expect(examTypeLabel("  Kerala   SET ")).toBe("Kerala SET");
  });
  it("detects duplicates against built-in and custom types", () => {
    expect(isDuplicateExamType("net", [])).toBe(true);
    expect(isDuplicateExamType("UG TRB", [])).toBe(true);
    expect(isDuplicateExamType("kerala-set", ["KERALA_SET"])).toBe(true);
    expect(isDuplicateExamType("Kerala SET", ["KERALA_SET"], "KERALA_SET")).toBe(false);
    expect(isDuplicateExamType("Kerala SET", ["TN_SET"])).toBe(false);
  });
});

describe("examTypeNameSchema (the Exam Types tab's form)", () => {
  const messages = (name: unknown) => {
    const r = examTypeNameSchema.safeParse({ name });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it("accepts a name in any script, trimmed", () => {
    expect(examTypeNameSchema.parse({ name: "  தமிழ் இலக்கியம் " })).toEqual({ name: "தமிழ் இலக்கியம்" });
  });
  it("gives one message for each bad name", () => {
    expect(messages("")).toEqual([NAME_REQUIRED]);
    expect(messages(undefined)).toEqual([NAME_REQUIRED]);
    expect(messages("---")).toEqual([NAME_REQUIRED]);
    expect(messages("custom")).toEqual(["“custom” is reserved: choose another name"]);
    expect(messages("y".repeat(61))).toEqual(["The exam type name is too long (at most 60 characters)"]);
  });
});
