import { z } from "zod";

/** A key dispute's decision on one question (Test → Key disputes): one schema for the form and the action. */
export const DISPUTE_KINDS = [
  { value: "stands", label: "The key stands" },
  { value: "accept", label: "Accept other options too" },
  { value: "bonus", label: "Everyone gets the marks" },
  { value: "drop", label: "Drop it from scoring (the total shrinks)" },
] as const;

export const disputeSchema = z
  .object({
    questionId: z.string().regex(/^q\d{1,4}$/, "This question cannot be found"),
    kind: z.enum(["stands", "accept", "bonus", "drop"], { message: "Choose what was decided" }),
    accepted: z.array(z.coerce.number().int().min(0).max(5)).max(6).optional().default([]),
    reason: z
      .string({ message: "Say why (the students' objection upheld, a typo …): it is kept with the regrade" })
      .trim()
      .min(1, "Say why (the students' objection upheld, a typo …): it is kept with the regrade")
      .max(500),
  })
  .refine((v) => v.kind !== "accept" || v.accepted.length > 0, { message: "Tick the options accepted besides the key", path: ["accepted"] });
export type DisputeDecision = z.output<typeof disputeSchema>;
