import { z } from "zod";
import { STAR } from "~/lib/rules/star";

/** The star form (app/lib/rules/star.ts): the button's `star` and where to come back to, read as `{ on, target, redirectTo }`. */
export const starSchema = z
  .object({
    star: z
      .string()
      .regex(STAR, "This question cannot be starred.")
      .transform((value) => {
        const [, intent, questionId, version, testId] = STAR.exec(value) as RegExpExecArray;
        return { on: intent === "bookmark", target: { testId, version: Number(version), questionId } };
      }),
    redirectTo: z.string().optional(),
  })
  .transform(({ star, redirectTo }) => ({ ...star, redirectTo }));
