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
