import { z } from "zod";
import { parseMarks } from "./marks-input";
/** Rules of the Edit Test dialog and the question editor (spec 001 §5 "Test editing"). Pure. */
/** `marks`: the question's own marks for a right answer (exam patterns) as typed; "" or missing = the test's */
export type EditorQuestion = {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  marks?: string;
  /** the paper's section and the question's topic as typed ("" = none; app/lib/rules/sections.ts) */
  section?: string;
  topic?: string;
};

/** Clear all tests asks for this exact phrase after two confirmations. */
export const DELETE_ALL_PHRASE = "DELETE ALL";

/** The last step of Delete All: the phrase typed exactly. */
export const clearAllSchema = z.object({
  confirmation: z.literal(DELETE_ALL_PHRASE, { message: `Type ${DELETE_ALL_PHRASE} exactly to delete every test.` }),
});

const QUESTION_MARKS_PROBLEM = "its marks must be a number above 0 and at most 100 (such as 2 or 0.5), or empty for the test's";

/** A question's own marks as typed: empty (the test's), or a number above 0 and at most 100 ("1/2" too). */
export function questionMarksValid(text: string | undefined): boolean {
  if (!text?.trim()) return true;
  const n = parseMarks(text);
  return n !== null && n > 0;
}

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
export const TITLE_REQUIRED = "Test title is required";
export const ONE_QUESTION_REQUIRED = "At least one question is required";
export const MIN_OPTIONS_MESSAGE = "Question must have at least 2 options";
export const LAST_QUESTION_MESSAGE = "Test must have at least 1 question";

/**
 * Every problem of each question of an edited test, in the spec's words (the same checks as
 * validateEditedTest, all of them, so the editor shows each beside its question): index → messages.
 */
export function editedQuestionErrors(questions: EditorQuestion[]): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  for (const [i, q] of questions.entries()) {
    const n = i + 1;
    const problems: string[] = [];
    if (!q.question.trim()) problems.push(`Question ${n} text is required`);
    if (q.options.length < MIN_OPTIONS) problems.push(`Question ${n} must have at least 2 options`);
    if (q.options.some((o) => !o.trim())) problems.push(`Question ${n} has empty options`);
    if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 0 || q.correctAnswer >= q.options.length)
      problems.push(`Question ${n} has invalid correct answer`);
    if (!questionMarksValid(q.marks)) problems.push(`Question ${n}: ${QUESTION_MARKS_PROBLEM}`);
    if (problems.length) out[i] = problems;
  }
  return out;
}

/** The first problem of an edited test, in the spec's words, or null when it can be saved. */
export function validateEditedTest(title: string, questions: EditorQuestion[]): string | null {
  if (!title.trim()) return TITLE_REQUIRED;
  if (!questions.length) return ONE_QUESTION_REQUIRED;
  for (const [i, q] of questions.entries()) {
    const n = i + 1;
    if (!q.question.trim()) return `Question ${n} text is required`;
    if (q.options.length < MIN_OPTIONS) return `Question ${n} must have at least 2 options`;
    if (q.options.some((o) => !o.trim())) return `Question ${n} has empty options`;
    if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 0 || q.correctAnswer >= q.options.length) return `Question ${n} has invalid correct answer`;
    if (!questionMarksValid(q.marks)) return `Question ${n}: ${QUESTION_MARKS_PROBLEM}`;
  }
  return null;
}

export function newQuestion(): EditorQuestion {
  return { question: "", options: ["", ""], correctAnswer: 0, explanation: "" };
}

export function addOption(q: EditorQuestion): EditorQuestion {
  if (q.options.length >= MAX_OPTIONS) return q;
  return { ...q, options: [...q.options, ""] };
}

/** Removing the correct option resets the answer to the first; removing an earlier one shifts it down. */
export function removeOption(q: EditorQuestion, index: number): { ok: true; question: EditorQuestion } | { ok: false; error: string } {
  if (q.options.length <= MIN_OPTIONS) return { ok: false, error: MIN_OPTIONS_MESSAGE };
  if (index < 0 || index >= q.options.length) return { ok: true, question: q };
  const options = q.options.filter((_, i) => i !== index);
  const correctAnswer = index === q.correctAnswer ? 0 : index < q.correctAnswer ? q.correctAnswer - 1 : q.correctAnswer;
  return { ok: true, question: { ...q, options, correctAnswer } };
}

export function deleteQuestion(list: EditorQuestion[], index: number): { ok: true; questions: EditorQuestion[] } | { ok: false; error: string } {
  if (list.length <= 1) return { ok: false, error: LAST_QUESTION_MESSAGE };
  return { ok: true, questions: list.filter((_, i) => i !== index) };
}
