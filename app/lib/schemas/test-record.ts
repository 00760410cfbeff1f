import { z } from "zod";
import { ANSWER_RELEASES } from "../rules/answer-release";
import { examTypeProblem } from "../rules/exam-type-rules";
import { fromZonedInput } from "../rules/zoned-input";
import { parseMarks } from "../rules/marks-input";
import { SECTION_NAME_MAX, tagOf } from "../rules/sections";

/**
 * The test record's one schema: every path that writes a test's details (single and bulk upload, the
 * Edit Test dialog, the question editor, the JSON import, the seed) checks them here, so the same bad
 * input gets the same message everywhere. Form fields arrive as strings and JSON as numbers: both
 * are read by the same rules. Limits are defined once, in TEST_LIMITS.
 */
export const TEST_LIMITS = {
  title: 200,
  description: 2000,
  unitName: 100,
  examTypeName: 60,
  duration: { min: 1, max: 600, default: 60 },
  unitNumber: { min: 1, max: 999 },
  maxAttempts: { min: 1, max: 100 },
} as const;

export const TITLE_REQUIRED = "Test title is required";
export const TITLE_TOO_LONG = `The title is too long (at most ${TEST_LIMITS.title} characters)`;
export const DESCRIPTION_TOO_LONG = `The description is too long (at most ${TEST_LIMITS.description} characters)`;
export const EXAM_TYPE_REQUIRED = "Choose an exam type";
export const CUSTOM_NAME_REQUIRED = "Please provide a custom exam type name";
export const DURATION_MESSAGE = `Duration must be a whole number of minutes from ${TEST_LIMITS.duration.min} to ${TEST_LIMITS.duration.max}`;
export const UNIT_NUMBER_MESSAGE = `Unit number must be a whole number from ${TEST_LIMITS.unitNumber.min} to ${TEST_LIMITS.unitNumber.max}`;
export const UNIT_NAME_TOO_LONG = `The unit name is too long (at most ${TEST_LIMITS.unitName} characters)`;
export const UNIT_NUMBER_FOR_NAME = "Enter the unit number for this unit name";
export const ANSWER_RELEASE_MESSAGE = "Choose when students see the answers";
export const MARKS_PER_CORRECT_MESSAGE = "Marks per right answer must be a number above 0 and at most 100, such as 1, 2 or 0.5";
export const NEGATIVE_MARKS_MESSAGE = "Negative marks must be 0 or a number up to 100, such as 0.25 or 1/3";
export const QUESTION_MARKS_MESSAGE = "A question's marks must be a number above 0 and at most 100, or empty for the test's";
export const SECTION_TOO_LONG = `A section name is too long (at most ${SECTION_NAME_MAX} characters)`;
export const TOPIC_TOO_LONG = `A topic is too long (at most ${SECTION_NAME_MAX} characters)`;
export const MAX_ATTEMPTS_MESSAGE = `Max attempts must be a whole number from ${TEST_LIMITS.maxAttempts.min} to ${TEST_LIMITS.maxAttempts.max}, or empty for unlimited`;

/** When students see the key: one of the choices, or "" / nothing for the test's default (null). */
export const answerReleaseField = () =>
  z
    .union([z.enum(ANSWER_RELEASES), z.literal("")], { message: ANSWER_RELEASE_MESSAGE })
    .nullish()
    .transform((v) => v || null);

/** A whole number from a form ("" is empty) or from JSON; anything else is the field's message. */
export function wholeNumber(min: number, max: number, message: string) {
  return z.preprocess((v) => {
    if (v === undefined || v === null) return undefined;
    if (typeof v === "string") return v.trim() === "" ? undefined : Number(v.trim());
    return v;
  }, z.number({ message }).int(message).min(min, message).max(max, message).optional());
}

/**
 * A marks figure of the exam pattern (app/lib/rules/exam-pattern.ts) from a form ("0.25", "1/3"; "" is empty) or
 * from JSON (a number); empty gives undefined. `above` is the smallest allowed value, exclusive when `exclusive`.
 */
export function marksNumber(message: string, { exclusiveZero }: { exclusiveZero: boolean }) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      if (typeof v === "string") return v.trim() === "" ? undefined : (parseMarks(v) ?? Number.NaN);
      return v;
    },
    z
      .number({ message })
      .refine((n) => Number.isFinite(n) && n <= 100 && (exclusiveZero ? n > 0 : n >= 0), message)
      .optional(),
  );
}

/** Optional text: empty, missing or null is "" (Conform turns empty fields into undefined). */
const text = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v ?? "");

const testDetailsFields = {
  maxAttempts: z
    .preprocess((v) => (v === 0 ? undefined : v), wholeNumber(TEST_LIMITS.maxAttempts.min, TEST_LIMITS.maxAttempts.max, MAX_ATTEMPTS_MESSAGE))
    .transform((v) => v ?? null),
};

export const testDetailsSchema = z
  .object({
    title: z.string({ message: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(TEST_LIMITS.title, TITLE_TOO_LONG),
    description: text(TEST_LIMITS.description, DESCRIPTION_TOO_LONG),
    examType: z.string({ message: EXAM_TYPE_REQUIRED }).trim().min(1, EXAM_TYPE_REQUIRED).max(TEST_LIMITS.examTypeName, EXAM_TYPE_REQUIRED),
    customExamType: text(TEST_LIMITS.examTypeName, `The exam type name is too long (at most ${TEST_LIMITS.examTypeName} characters)`),
    duration: wholeNumber(TEST_LIMITS.duration.min, TEST_LIMITS.duration.max, DURATION_MESSAGE).transform((v) => v ?? TEST_LIMITS.duration.default),
    unitNumber: wholeNumber(TEST_LIMITS.unitNumber.min, TEST_LIMITS.unitNumber.max, UNIT_NUMBER_MESSAGE).transform((v) => v ?? null),
    unitName: text(TEST_LIMITS.unitName, UNIT_NAME_TOO_LONG),
    maxAttempts: z
      .preprocess((v) => (v === 0 ? undefined : v), wholeNumber(TEST_LIMITS.maxAttempts.min, TEST_LIMITS.maxAttempts.max, MAX_ATTEMPTS_MESSAGE))
      .transform((v) => v ?? null),
    /** when students see the key and explanations (app/lib/rules/answer-release.ts); empty = the default */
    answerRelease: answerReleaseField(),
    /** the exam pattern: +1 / 0 unless given */
    marksPerCorrect: marksNumber(MARKS_PER_CORRECT_MESSAGE, { exclusiveZero: true }).transform((v) => v ?? 1),
    negativeMarks: marksNumber(NEGATIVE_MARKS_MESSAGE, { exclusiveZero: false }).transform((v) => v ?? 0),
  })
  .superRefine((v, ctx) => {
    if (v.examType === "CUSTOM") {
      const problem = v.customExamType ? examTypeProblem(v.customExamType) : CUSTOM_NAME_REQUIRED;
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["customExamType"] });
    } else if (v.examType === "GENERAL") {
      ctx.addIssue({ code: "custom", message: EXAM_TYPE_REQUIRED, path: ["examType"] });
    }
    if (v.unitName && v.unitNumber === null) ctx.addIssue({ code: "custom", message: UNIT_NUMBER_FOR_NAME, path: ["unitNumber"] });
  })
  .transform((v) => ({ ...v, unitName: v.unitNumber === null ? null : v.unitName || null }));

export type TestDetails = z.output<typeof testDetailsSchema>;

export const WINDOW_ORDER = "The closing time must be after the opening time";
export const WINDOW_DATE = "Enter a date and time";

/**
 * A test's availability window as the Edit Test dialog posts it: local date-times (the academy's time
 * zone) or empty. The action turns them into instants; this checks their form.
 */
/** A local date-time field (`2026-11-22T09:30`) or empty. */
export const windowDateTime = () =>
  z
    .string()
    .trim()
    .max(40)
    .nullish()
    .transform((v) => v ?? "")
    .refine((v) => !v || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v), WINDOW_DATE);

/**
 * The defaults of a bulk upload (each file may override them; each file's details then go through
 * testDetailsSchema): the same duration range and custom-name rules as one test.
 */
export const bulkDefaultsSchema = z
  .object({
    defaultExamType: text(TEST_LIMITS.examTypeName, EXAM_TYPE_REQUIRED),
    defaultCustomName: text(TEST_LIMITS.examTypeName, `The exam type name is too long (at most ${TEST_LIMITS.examTypeName} characters)`),
    defaultDuration: wholeNumber(TEST_LIMITS.duration.min, TEST_LIMITS.duration.max, DURATION_MESSAGE).transform((v) => v ?? TEST_LIMITS.duration.default),
    // the settings every file's test gets: as a single upload's (the test record's own rules)
    maxAttempts: testDetailsFields.maxAttempts,
    answerRelease: answerReleaseField(),
    marksPerCorrect: marksNumber(MARKS_PER_CORRECT_MESSAGE, { exclusiveZero: true }).transform((v) => v ?? 1),
    negativeMarks: marksNumber(NEGATIVE_MARKS_MESSAGE, { exclusiveZero: false }).transform((v) => v ?? 0),
    opensAt: windowDateTime(),
    closesAt: windowDateTime(),
    /** a batch the tests are given to (none: every student of the type) */
    batchId: text(100, "Choose a batch"),
    /** "inactive": created hidden, to publish after a look */
    publish: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["active", "inactive"]).optional().default("active")),
  })
  .refine((w) => !w.opensAt || !w.closesAt || w.closesAt > w.opensAt, { message: WINDOW_ORDER, path: ["closesAt"] })
  .superRefine((v, ctx) => {
    if (v.defaultExamType === "CUSTOM") {
      const problem = v.defaultCustomName ? examTypeProblem(v.defaultCustomName) : CUSTOM_NAME_REQUIRED;
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["defaultCustomName"] });
    } else if (v.defaultExamType === "GENERAL") {
      ctx.addIssue({ code: "custom", message: EXAM_TYPE_REQUIRED, path: ["defaultExamType"] });
    }
  });

/** Bulk upload's settings as typed (every field of the schema, as text): kept through the preview for "Choose other files". */
export function bulkSettingsOf(form: FormData): Record<string, string> {
  return Object.fromEntries(Object.keys(bulkDefaultsSchema.shape).map((name) => [name, String(form.get(name) ?? "")]));
}

/** Only the Max attempts field (Clone asks for it alone). */
export const maxAttemptsSchema = z
  .preprocess((v) => (v === 0 ? undefined : v), wholeNumber(TEST_LIMITS.maxAttempts.min, TEST_LIMITS.maxAttempts.max, MAX_ATTEMPTS_MESSAGE))
  .transform((v) => v ?? null);

/** The first problem of details about to be stored (a model's last check: no path, the seed included, writes past it). */
export function testDetailsProblem(details: {
  title: string;
  description?: string | null;
  examType: string;
  duration?: number;
  unitNumber?: number | null;
  unitName?: string | null;
  maxAttempts?: number | null;
  answerRelease?: string | null;
  marksPerCorrect?: number;
  negativeMarks?: number;
}): string | null {
  if (details.examType === "CUSTOM") return CUSTOM_NAME_REQUIRED;
  const parsed = testDetailsSchema.safeParse({ ...details, customExamType: "" });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid test details");
}

/** The first message and the message of each field, from a failed parse. */
export function issuesOf(error: z.ZodError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "form";
    fields[key] ??= issue.message;
  }
  return { message: error.issues[0]?.message ?? "Invalid input", fields };
}

/** The question record: text, 2 to 6 options, the correct one among them, an optional explanation. */
export const QUESTION_LIMITS = { question: 5000, option: 1000, explanation: 5000, options: { min: 2, max: 6 }, questions: 500 } as const;

export const questionSchema = z
  .object({
    question: z
      .string()
      .trim()
      .min(1, "Question text is required")
      .max(QUESTION_LIMITS.question, `Question text is too long (at most ${QUESTION_LIMITS.question} characters)`),
    options: z
      .array(
        z.string().trim().min(1, "Options cannot be empty").max(QUESTION_LIMITS.option, `An option is too long (at most ${QUESTION_LIMITS.option} characters)`),
      )
      .min(QUESTION_LIMITS.options.min, "A question needs at least 2 options")
      .max(QUESTION_LIMITS.options.max, "A question can have at most 6 options"),
    correctAnswer: z.number().int().min(0, "The correct answer must be one of the options"),
    explanation: z
      .string()
      .trim()
      .max(QUESTION_LIMITS.explanation, `The explanation is too long (at most ${QUESTION_LIMITS.explanation} characters)`)
      .nullish(),
    /** this question's own marks for a right answer; null = the test's marks per right answer */
    marks: marksNumber(QUESTION_MARKS_MESSAGE, { exclusiveZero: true }).transform((v) => v ?? null),
    /** the paper's section and the question's topic (app/lib/rules/sections.ts); empty = none */
    section: z.string().max(SECTION_NAME_MAX, SECTION_TOO_LONG).nullish().transform(tagOf),
    topic: z.string().max(SECTION_NAME_MAX, TOPIC_TOO_LONG).nullish().transform(tagOf),
  })
  .refine((q) => q.correctAnswer < q.options.length, { message: "The correct answer must be one of the options", path: ["correctAnswer"] });

/** The first problem of a test's questions, as "Question n: …", or null (the models' last check). */
export function questionsProblem(list: ReadonlyArray<z.input<typeof questionSchema>>): string | null {
  if (list.length > QUESTION_LIMITS.questions) return `A test can have at most ${QUESTION_LIMITS.questions} questions.`;
  for (const [i, q] of list.entries()) {
    const parsed = questionSchema.safeParse(q);
    if (!parsed.success) return `Question ${i + 1}: ${parsed.error.issues[0]?.message ?? "invalid"}`;
  }
  return null;
}

/**
 * A window's local date-times (the academy's time zone) as instants, or the field whose date-time names no
 * instant. Used by Edit Test, Bulk Operations and a student's personal window.
 */
export function windowInstants(
  local: { opensAt: string; closesAt: string },
  timeZone: string,
): { ok: true; opensAt: Date | null; closesAt: Date | null } | { ok: false; field: "opensAt" | "closesAt"; message: string } {
  const opensAt = local.opensAt ? fromZonedInput(local.opensAt, timeZone) : null;
  const closesAt = local.closesAt ? fromZonedInput(local.closesAt, timeZone) : null;
  if (local.opensAt && !opensAt) return { ok: false, field: "opensAt", message: WINDOW_DATE };
  if (local.closesAt && !closesAt) return { ok: false, field: "closesAt", message: WINDOW_DATE };
  return { ok: true, opensAt, closesAt };
}

export const testWindowSchema = z
  .object({ opensAt: windowDateTime(), closesAt: windowDateTime() })
  .refine((w) => !w.opensAt || !w.closesAt || w.closesAt > w.opensAt, { message: WINDOW_ORDER, path: ["closesAt"] });

/** The Edit Test dialog: the test's details and its availability window. */
export const editTestSchema = testDetailsSchema.and(testWindowSchema);

/** Bulk Operations' change of many tests: what to change (and, for the answer release, to what). */
export const BULK_CHANGES = ["activate", "deactivate", "release", "set-window", "clear-window", "exam-type", "unit"] as const;
export const BULK_CHANGE_MESSAGE = "Choose what to change";
export const BULK_WINDOW_MESSAGE = "Give an opening or a closing time";
export const bulkChangeSchema = z
  .object({
    change: z.enum(BULK_CHANGES, { message: BULK_CHANGE_MESSAGE }),
    answerRelease: answerReleaseField(),
    opensAt: windowDateTime(),
    closesAt: windowDateTime(),
    examType: text(TEST_LIMITS.examTypeName, EXAM_TYPE_REQUIRED),
    unitNumber: wholeNumber(TEST_LIMITS.unitNumber.min, TEST_LIMITS.unitNumber.max, UNIT_NUMBER_MESSAGE).transform((v) => v ?? null),
    unitName: text(TEST_LIMITS.unitName, UNIT_NAME_TOO_LONG),
  })
  .superRefine((v, ctx) => {
    if (v.change === "set-window" && !v.opensAt && !v.closesAt) ctx.addIssue({ code: "custom", message: BULK_WINDOW_MESSAGE, path: ["opensAt"] });
    if (v.change === "set-window" && v.opensAt && v.closesAt && v.closesAt <= v.opensAt)
      ctx.addIssue({ code: "custom", message: WINDOW_ORDER, path: ["closesAt"] });
    if (v.change === "exam-type" && !v.examType) ctx.addIssue({ code: "custom", message: EXAM_TYPE_REQUIRED, path: ["examType"] });
    if (v.change === "unit" && v.unitName && v.unitNumber === null) ctx.addIssue({ code: "custom", message: UNIT_NUMBER_FOR_NAME, path: ["unitNumber"] });
  });
