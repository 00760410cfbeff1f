import { z } from "zod";

const optionalIndex = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === "") return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 5) {
      ctx.addIssue({ code: "custom", message: "Invalid option" });
      return z.NEVER;
    }
    return n;
  });

/** One answer change sent by the exam page (no-JS form or the JS save queue). */
export const answerSchema = z.object({
  questionId: z.string().regex(/^q\d{1,4}$/, "Invalid question"),
  chosen: optionalIndex,
  marked: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  visit: z.literal("1").optional(),
  /** the question's bookmark (star), kept for My mistakes and practice */
  starred: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  /** when the student made the change (ms, server clock as the page knows it) */
  at: z.coerce.number().int().positive().optional(),
});

/**
 * The exam form without JavaScript: every control posts it, so the option chosen on the page is saved
 * whichever button leaves the question. `nav` says where to go next; a navigator number sends `goto`.
 * - next: Save & Next (clears the review mark) · skip: Next (keeps the mark) · mark-next · prev · clear
 * - goto: the navigator · finish: Finish Test (opens the confirmation) · star: the Bookmark (stays on the question)
 */
export const examNavSchema = z.object({
  questionId: z.string().regex(/^q\d{1,4}$/, "Invalid question"),
  chosen: optionalIndex,
  q: z.coerce.number().int().min(1).max(10_000).default(1),
  nav: z.enum(["next", "skip", "prev", "mark-next", "clear", "goto", "finish", "star"]).default("next"),
  goto: z.coerce.number().int().min(1).max(10_000).optional(),
});
