import { describe, expect, it } from "vitest";
import { addOption, deleteQuestion, editedQuestionErrors, newQuestion, removeOption, validateEditedTest } from "~/lib/rules/test-editor-rules";

const good = { question: "Who?", options: ["A", "B", "C"], correctAnswer: 2, explanation: "" };

describe("question editor validation messages", () => {
  it.each([
    ["", [good], "Test title is required"],
    ["T", [], "At least one question is required"],
    ["T", [good, { ...good, question: "  " }], "Question 2 text is required"],
    ["T", [{ ...good, options: ["A"], correctAnswer: 0 }], "Question 1 must have at least 2 options"],
    ["T", [{ ...good, options: ["A", " "], correctAnswer: 0 }], "Question 1 has empty options"],
    ["T", [good, good, { ...good, correctAnswer: 3 }], "Question 3 has invalid correct answer"],
    ["T", [{ ...good, correctAnswer: -1 }], "Question 1 has invalid correct answer"],
  ])("title %j → %s", (title, questions, message) => {
    expect(validateEditedTest(title as string, questions as never)).toBe(message);
  });
  it("accepts a valid test", () => {
    expect(validateEditedTest("T", [good])).toBeNull();
  });
});

describe("option and question operations", () => {
  it("a new question has two empty options and answer 0", () => {
    expect(newQuestion()).toEqual({ question: "", options: ["", ""], correctAnswer: 0, explanation: "" });
  });
  it("adds options up to 6", () => {
    let q = newQuestion();
    for (let i = 0; i < 10; i++) q = addOption(q);
    expect(q.options).toHaveLength(6);
  });
  it("blocks removing below 2 options", () => {
    expect(removeOption({ ...good, options: ["A", "B"], correctAnswer: 1 }, 0)).toEqual({ ok: false, error: "Question must have at least 2 options" });
  });
  it("removing the correct option resets the answer to the first", () => {
    const r = removeOption(good, 2);
    expect(r).toEqual({ ok: true, question: { ...good, options: ["A", "B"], correctAnswer: 0 } });
  });
  it("removing an earlier option shifts the answer down; a later one keeps it", () => {
    expect(removeOption(good, 0)).toMatchObject({ question: { options: ["B", "C"], correctAnswer: 1 } });
    expect(removeOption({ ...good, correctAnswer: 0 }, 2)).toMatchObject({ question: { options: ["A", "B"], correctAnswer: 0 } });
  });
  it("blocks deleting the last question", () => {
    expect(deleteQuestion([good], 0)).toEqual({ ok: false, error: "Test must have at least 1 question" });
    expect(deleteQuestion([good, { ...good, question: "2" }], 0)).toEqual({ ok: true, questions: [{ ...good, question: "2" }] });
  });
});

import { questionsFromForm } from "~/lib/schemas/test-editor-form";

describe("editor form", () => {
  it("reads the posted working copy in order", () => {
    const f = new FormData();
    f.append("q.1.question", "Second");
    f.append("q.1.option.1", "Y");
    f.append("q.1.option.0", "X");
    f.append("q.1.correct", "1");
    f.append("q.0.question", "First");
    f.append("q.0.option.0", "A");
    f.append("q.0.option.1", "B");
    f.append("q.0.option.2", "C");
    f.append("q.0.explanation", "Because");
    f.append("q.0.marks", "2");
    f.append("q.0.section", "Paper 1");
    f.append("q.1.topic", "Chaucer");
    f.append("title", "ignored");
    expect(questionsFromForm(f)).toEqual([
      { question: "First", options: ["A", "B", "C"], correctAnswer: 0, explanation: "Because", marks: "2", section: "Paper 1", topic: "" },
      { question: "Second", options: ["X", "Y"], correctAnswer: 1, explanation: "", marks: "", section: "", topic: "Chaucer" },
    ]);
  });
});

describe("editedQuestionErrors", () => {
  it("lists every problem of every question, by index, in the spec's words", () => {
    expect(editedQuestionErrors([good, { ...good, question: " ", options: ["A", " ", "C"] }, good, { ...good, correctAnswer: 7 }])).toEqual({
      1: ["Question 2 text is required", "Question 2 has empty options"],
      3: ["Question 4 has invalid correct answer"],
    });
    expect(editedQuestionErrors([good, good])).toEqual({});
  });

  it("refuses a question's marks that are not a number above 0; empty is the test's", () => {
    expect(
      editedQuestionErrors([
        { ...good, marks: "" },
        { ...good, marks: "1/2" },
        { ...good, marks: "0" },
        { ...good, marks: "two" },
      ]),
    ).toEqual({
      2: ["Question 3: its marks must be a number above 0 and at most 100 (such as 2 or 0.5), or empty for the test's"],
      3: ["Question 4: its marks must be a number above 0 and at most 100 (such as 2 or 0.5), or empty for the test's"],
    });
  });
});
