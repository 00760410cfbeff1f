import { describe, expect, it } from "vitest";
import { examTypeProblem, examTypeValue } from "~/lib/rules/exam-type-rules";
import {
  CUSTOM_NAME_REQUIRED,
  DURATION_MESSAGE,
  EXAM_TYPE_REQUIRED,
  MAX_ATTEMPTS_MESSAGE,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  questionsProblem,
  testDetailsProblem,
  testDetailsSchema,
  UNIT_NUMBER_FOR_NAME,
  UNIT_NUMBER_MESSAGE,
} from "~/lib/schemas/test-record";

const base = { title: "Romantic Poets", examType: "NET" };
const messageOf = (input: Record<string, unknown>) => {
  const r = testDetailsSchema.safeParse({ ...base, ...input });
  return r.success ? null : r.error.issues[0]?.message;
};

describe("the test record's schema", () => {
  it("reads form strings and JSON numbers alike, with the defaults", () => {
    expect(testDetailsSchema.parse({ ...base, duration: "45", unitNumber: "3", unitName: "Romantics", maxAttempts: "2" })).toMatchObject({
      duration: 45,
      unitNumber: 3,
      unitName: "Romantics",
      maxAttempts: 2,
    });
    expect(testDetailsSchema.parse({ ...base, duration: 45, unitNumber: 3, maxAttempts: null })).toMatchObject({
      duration: 45,
      unitNumber: 3,
      maxAttempts: null,
    });
    expect(testDetailsSchema.parse({ ...base, duration: "", unitNumber: "", maxAttempts: "" })).toMatchObject({
      duration: 60,
      unitNumber: null,
      unitName: null,
      maxAttempts: null,
    });
  });

  it.each([["0"], ["-5"], ["100000"], ["abc"], ["1.5"], [9999]])("refuses duration %s with one message", (duration) => {
    expect(messageOf({ duration })).toBe(DURATION_MESSAGE);
  });

  it.each([["-1"], ["abc"], ["101"], ["2.5"]])("refuses max attempts %s instead of making the test unlimited", (maxAttempts) => {
    expect(messageOf({ maxAttempts })).toBe(MAX_ATTEMPTS_MESSAGE);
  });

  it("keeps a unit number without a name, and refuses a name without a number", () => {
    expect(testDetailsSchema.parse({ ...base, unitNumber: "4", unitName: "" })).toMatchObject({ unitNumber: 4, unitName: null });
    expect(messageOf({ unitName: "Romantics" })).toBe(UNIT_NUMBER_FOR_NAME);
    expect(messageOf({ unitNumber: "0" })).toBe(UNIT_NUMBER_MESSAGE);
  });

  it("requires a title and an exam type, within their lengths; GENERAL is for materials only", () => {
    expect(messageOf({ title: " " })).toBe(TITLE_REQUIRED);
    expect(messageOf({ title: "x".repeat(201) })).toBe(TITLE_TOO_LONG);
    expect(messageOf({ examType: "" })).toBe(EXAM_TYPE_REQUIRED);
    expect(messageOf({ examType: "GENERAL" })).toBe(EXAM_TYPE_REQUIRED);
  });

  it("a Custom… type needs a name that is not reserved", () => {
    expect(messageOf({ examType: "CUSTOM" })).toBe(CUSTOM_NAME_REQUIRED);
    expect(messageOf({ examType: "CUSTOM", customExamType: "custom" })).toBe("“custom” is reserved: choose another name");
    expect(messageOf({ examType: "CUSTOM", customExamType: "General" })).toBe("“General” is reserved: choose another name");
    expect(messageOf({ examType: "CUSTOM", customExamType: "தமிழ் இலக்கியம்" })).toBeNull();
  });

  it("is also the models' last check (the seed and every write path)", () => {
    expect(testDetailsProblem({ title: "T", examType: "NET", duration: 0 })).toBe(DURATION_MESSAGE);
    expect(testDetailsProblem({ title: "T", examType: "NET", duration: 30 })).toBeNull();
  });
});

describe("exam type values", () => {
  it("keep letters and combining marks of any script", () => {
    expect(examTypeValue("தமிழ் இலக்கியம்")).toBe("தமிழ்_இலக்கியம்");
    expect(examTypeValue("हिंदी साहित्य")).toBe("हिंदी_साहित्य");
    expect(examTypeValue("  Kerala  SET! ")).toBe("KERALA_SET");
  });
  it("refuse reserved, empty and over-long names", () => {
    expect(examTypeProblem("Custom")).toMatch(/reserved/);
    expect(examTypeProblem("general")).toMatch(/reserved/);
    expect(examTypeProblem("!!!")).toBe("Exam type name is required");
    expect(examTypeProblem("x".repeat(61))).toMatch(/too long/);
    expect(examTypeProblem("Kerala SET")).toBeNull();
  });
});

describe("the question record", () => {
  const good = { question: "Who wrote Hamlet?", options: ["Shakespeare", "Marlowe"], correctAnswer: 0, explanation: null };
  it("takes 2 to 6 non-empty options with the correct one among them", () => {
    expect(questionsProblem([good])).toBeNull();
    expect(questionsProblem([{ ...good, options: ["Only"] }])).toBe("Question 1: A question needs at least 2 options");
    expect(questionsProblem([good, { ...good, options: ["a", "b", "c", "d", "e", "f", "g"] }])).toBe("Question 2: A question can have at most 6 options");
    expect(questionsProblem([{ ...good, correctAnswer: 2 }])).toBe("Question 1: The correct answer must be one of the options");
    expect(questionsProblem([{ ...good, options: ["a", " "] }])).toBe("Question 1: Options cannot be empty");
  });
  it("limits lengths and the number of questions", () => {
    expect(questionsProblem([{ ...good, options: ["x".repeat(1001), "b"] }])).toBe("Question 1: An option is too long (at most 1000 characters)");
    expect(questionsProblem(Array.from({ length: 501 }, () => good))).toBe("A test can have at most 500 questions.");
  });
});
