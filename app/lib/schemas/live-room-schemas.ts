import { z } from "zod";
import { EXTENSION_LIMITS, EXTENSION_MINUTES_MESSAGE, EXTENSION_REASON_MESSAGE } from "../rules/live-room";

/** The "more time" form of the live room: for one attempt, or (no attempt) everyone writing. */
export const extensionSchema = z.object({
  minutes: z.coerce
    .number({ message: EXTENSION_MINUTES_MESSAGE })
    .int(EXTENSION_MINUTES_MESSAGE)
    .min(EXTENSION_LIMITS.minutes.min, EXTENSION_MINUTES_MESSAGE)
    .max(EXTENSION_LIMITS.minutes.max, EXTENSION_MINUTES_MESSAGE),
  reason: z
    .string({ message: EXTENSION_REASON_MESSAGE })
    .trim()
    .min(1, EXTENSION_REASON_MESSAGE)
    .max(EXTENSION_LIMITS.reason, `The reason is too long (at most ${EXTENSION_LIMITS.reason} characters)`),
  attemptId: z.string().trim().max(100).optional(),
});

/** An admin's decision on a test's answer release (the live room and Edit Test): hold it, release now, or leave it to the rule. */
export const RELEASE_DECISIONS = ["hold", "now", "auto"] as const;
export const releaseDecisionSchema = z.object({
  decision: z.enum(RELEASE_DECISIONS, { message: "Choose hold, release now or automatic" }),
  /** the admin page the form was on (the live room or Edit Test), to go back to */
  back: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/admin\/tests\/[^/?#]+\/(live|edit)(\?[^#]*)?$/, "Unknown page")
    .optional(),
});
