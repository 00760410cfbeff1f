import { z } from "zod";
import { SECTION_NAME_MAX } from "../rules/sections";
import { lineBreaksAsLf } from "../rules/words";
import {
  DURATION_MESSAGE,
  MARKS_PER_CORRECT_MESSAGE,
  marksNumber,
  NEGATIVE_MARKS_MESSAGE,
  QUESTION_LIMITS,
  questionSchema,
  SECTION_TOO_LONG,
  TEST_LIMITS,
  TITLE_REQUIRED,
  TITLE_TOO_LONG,
  TOPIC_TOO_LONG,
  wholeNumber,
} from "./test-record";

/** The question bank's forms, each schema used for the server's check and the fields' errors. */

/** A bank question's tags (empty: none). */
export const bankTagsSchema = z.object({
  topic: z.string().trim().max(SECTION_NAME_MAX, TOPIC_TOO_LONG).optional().default(""),
  section: z.string().trim().max(SECTION_NAME_MAX, SECTION_TOO_LONG).optional().default(""),
});

export const PICK_COUNT_MESSAGE = "A count is a whole number from 0 to 200";
export const ASK_FOR_QUESTIONS = "Ask for at least one question: give a count to a topic or a section";
export const TOO_MANY_QUESTIONS = `A test can have at most ${QUESTION_LIMITS.questions} questions`;

/** Generate a test: its details, its pattern, and how many questions of each topic and section. */
export const generateTestSchema = z
  .object({
    title: z.string({ message: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(TEST_LIMITS.title, TITLE_TOO_LONG),
    description: z.string().trim().max(TEST_LIMITS.description).optional().default(""),
    examType: z.string().trim().min(1).max(TEST_LIMITS.examTypeName),
    duration: wholeNumber(TEST_LIMITS.duration.min, TEST_LIMITS.duration.max, DURATION_MESSAGE).transform((v) => v ?? TEST_LIMITS.duration.default),
    marksPerCorrect: marksNumber(MARKS_PER_CORRECT_MESSAGE, { exclusiveZero: true }).transform((v) => v ?? 1),
    negativeMarks: marksNumber(NEGATIVE_MARKS_MESSAGE, { exclusiveZero: false }).transform((v) => v ?? 0),
    preferUnseenBy: z.string().trim().max(100).optional().default(""),
    picks: z
      .array(
        z.object({
          kind: z.enum(["topic", "section"]),
          tag: z.string().max(SECTION_NAME_MAX),
          count: wholeNumber(0, 200, PICK_COUNT_MESSAGE).transform((v) => v ?? 0),
        }),
      )
      .max(1000)
      .default([]),
  })
  .superRefine((v, ctx) => {
    const total = v.picks.reduce((sum, p) => sum + p.count, 0);
    if (total === 0) ctx.addIssue({ code: "custom", message: ASK_FOR_QUESTIONS, path: ["picks"] });
    if (total > QUESTION_LIMITS.questions) ctx.addIssue({ code: "custom", message: TOO_MANY_QUESTIONS, path: ["picks"] });
  });

export const CHOOSE_RIGHT_ANSWER = "Choose the right answer";
const bankQuestionRecord = questionSchema.shape;

/**
 * Edit a bank question: its words, up to 6 options (empty boxes after the last one are not options), the right
 * one, an explanation, and whether the tests nobody has sat yet take the change.
 */
export const bankQuestionSchema = z
  .object({
    question: z.string({ message: "Question text is required" }).transform(lineBreaksAsLf).pipe(bankQuestionRecord.question),
    options: z
      .array(z.string().optional())
      .default([])
      .transform((list) => {
        const given = list.map((o) => lineBreaksAsLf(o?.trim() ?? ""));
        while (given.length && !given[given.length - 1]) given.pop();
        return given;
      })
      .pipe(bankQuestionRecord.options),
    correctAnswer: z.number({ message: CHOOSE_RIGHT_ANSWER }).int().min(0, CHOOSE_RIGHT_ANSWER),
    explanation: z
      .string()
      .trim()
      .max(QUESTION_LIMITS.explanation, `The explanation is too long (at most ${QUESTION_LIMITS.explanation} characters)`)
      .optional()
      .default(""),
    changeTests: z.boolean().optional().default(false),
  })
  .refine((q) => q.correctAnswer < q.options.length, { message: "The right answer must be one of the options", path: ["correctAnswer"] });
