import { z } from "zod";

/** Report a question (from a review or My mistakes) and the academy's answer: one schema each, for both sides. */
export const REPORT_KINDS = [
  { value: "wrong-key", label: "The answer key is wrong" },
  { value: "mistake", label: "A mistake in the question or its options" },
  { value: "other", label: "Something else" },
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number]["value"];

export const reportKindLabel = (kind: string) => REPORT_KINDS.find((k) => k.value === kind)?.label ?? kind;

export const REPORT_NOTE_MAX = 1000;

export const reportQuestionSchema = z
  .object({
    kind: z.enum(["wrong-key", "mistake", "other"], { message: "Choose what is wrong" }),
    note: z.string().trim().max(REPORT_NOTE_MAX, `Keep the note under ${REPORT_NOTE_MAX} characters`).optional(),
  })
  .refine((v) => v.kind !== "other" || (v.note ?? "").length > 0, { message: "Say what is wrong", path: ["note"] });

export const resolveReportsSchema = z.object({
  testId: z.string({ message: "This question cannot be found" }).min(1).max(200),
  questionId: z.string({ message: "This question cannot be found" }).min(1).max(200),
  resolution: z
    .string({ message: "Write what the academy decided; the students who reported it read this" })
    .trim()
    .min(1, "Write what the academy decided; the students who reported it read this")
    .max(500, "Keep the answer under 500 characters"),
});
