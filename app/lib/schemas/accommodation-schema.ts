import { z } from "zod";
import { ACCOMMODATION_LIMITS } from "../rules/accommodation";
import { WINDOW_ORDER, wholeNumber, windowDateTime } from "./test-record";

export const ACCOMMODATION_EMPTY = "Give extra time, extra attempts or a personal window";
export const PERSONAL_WINDOW_NEEDS_TEST = "A personal window is for one test: choose the test";
export const ACCOMMODATION_BOTH_TIMES = "Give extra time in minutes or as a percentage, not both";

/** A whole number from a form field within 0..max ("" is 0). */
const count = (max: number, message: string) => wholeNumber(0, max, message).transform((v) => v ?? 0);

/** The accommodation form on a student's page: for one test or ("") every test. */
export const accommodationSchema = z
  .object({
    testId: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => v || null),
    extraMinutes: count(ACCOMMODATION_LIMITS.extraMinutes, `Extra minutes: a whole number from 0 to ${ACCOMMODATION_LIMITS.extraMinutes}`),
    extraPercent: count(ACCOMMODATION_LIMITS.extraPercent, `Extra time %: a whole number from 0 to ${ACCOMMODATION_LIMITS.extraPercent}`),
    extraAttempts: count(ACCOMMODATION_LIMITS.extraAttempts, `Extra attempts: a whole number from 0 to ${ACCOMMODATION_LIMITS.extraAttempts}`),
    /** a personal window, as local date-times in the academy's time zone (the action turns them into instants) */
    opensAt: windowDateTime(),
    closesAt: windowDateTime(),
    note: z
      .string()
      .trim()
      .max(ACCOMMODATION_LIMITS.note, `The note is too long (at most ${ACCOMMODATION_LIMITS.note} characters)`)
      .nullish()
      .transform((v) => v ?? ""),
  })
  .superRefine((v, ctx) => {
    if (v.extraMinutes && v.extraPercent) ctx.addIssue({ code: "custom", message: ACCOMMODATION_BOTH_TIMES, path: ["extraPercent"] });
    if (!v.extraMinutes && !v.extraPercent && !v.extraAttempts && !v.opensAt && !v.closesAt)
      ctx.addIssue({ code: "custom", message: ACCOMMODATION_EMPTY, path: ["extraMinutes"] });
    if ((v.opensAt || v.closesAt) && !v.testId) ctx.addIssue({ code: "custom", message: PERSONAL_WINDOW_NEEDS_TEST, path: ["testId"] });
    if (v.opensAt && v.closesAt && v.closesAt <= v.opensAt) ctx.addIssue({ code: "custom", message: WINDOW_ORDER, path: ["closesAt"] });
  });
