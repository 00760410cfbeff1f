import { describe, expect, it } from "vitest";
import { examTypeLabel, examTypeValue, isDuplicateExamType } from "~/lib/exam-type-rules";

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
