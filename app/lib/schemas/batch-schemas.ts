import { z } from "zod";
import { MAX_BATCH_NAME } from "../rules/batches";
import { answerReleaseField, WINDOW_ORDER, windowDateTime } from "./test-record";

/** The batch forms' schemas, each used for the server's check and the fields' errors. */

export const BATCH_NAME_REQUIRED = "Give the batch a name";
export const BATCH_NAME_TOO_LONG = `The name is too long (at most ${MAX_BATCH_NAME} characters)`;
export const CHOOSE_STUDENTS = "Tick at least one student";
export const CHOOSE_A_BATCH = "Choose a batch";

/** New Batch and Edit Batch: its name (and, when editing, whether it is archived). */
export const batchSchema = z.object({
  name: z
    .string({ message: BATCH_NAME_REQUIRED })
    .trim()
    .min(1, BATCH_NAME_REQUIRED)
    .max(MAX_BATCH_NAME, BATCH_NAME_TOO_LONG)
    .transform((v) => v.replace(/\s+/g, " ")),
  archived: z.string().optional(),
});

/** A batch page's add and remove: the ticked students. */
export const batchMembersSchema = z.object({
  intent: z.enum(["add", "remove"]),
  ids: z.array(z.string().max(100), { message: CHOOSE_STUDENTS }).min(1, CHOOSE_STUDENTS).max(1000),
});

/** Giving a test to a batch: the batch, and its own window and answer release (empty: the test's own). */
export const testBatchSchema = z
  .object({
    batchId: z.string({ message: CHOOSE_A_BATCH }).trim().min(1, CHOOSE_A_BATCH).max(100),
    opensAt: windowDateTime(),
    closesAt: windowDateTime(),
    answerRelease: answerReleaseField(),
  })
  .refine((w) => !w.opensAt || !w.closesAt || w.closesAt > w.opensAt, { message: WINDOW_ORDER, path: ["closesAt"] });
