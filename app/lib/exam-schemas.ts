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
});

/** The no-JS exam form: the answer plus where to go next. */
export const examNavSchema = z.object({
  questionId: z.string().regex(/^q\d{1,4}$/, "Invalid question"),
  chosen: optionalIndex,
  q: z.coerce.number().int().min(1).default(1),
  nav: z.enum(["next", "prev", "mark-next", "clear"]).default("next"),
});
