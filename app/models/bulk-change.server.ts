import { fromZonedInput } from "~/lib/rules/time";
import { WINDOW_DATE } from "~/lib/schemas/test-record";
import type { bulkChangeSchema } from "~/lib/schemas/test-record";
import { env } from "~/lib/server/env.server";
import type { z } from "zod";
import type { BulkChange } from "./admin-tests.server";
import { testExamTypeOptions } from "./exam-type.server";

/**
 * Bulk Operations' checked form as the change to make: the window's local date-times as instants (the academy's
 * time zone), an exam type that exists (a bulk change makes none). Or the field to say what is wrong.
 */
export function bulkChangeOf(v: z.output<typeof bulkChangeSchema>): BulkChange | { field: string; message: string } {
  switch (v.change) {
    case "release":
      return { change: v.change, answerRelease: v.answerRelease };
    case "set-window": {
      const tz = env().ACADEMY_TIME_ZONE;
      const opensAt = v.opensAt ? fromZonedInput(v.opensAt, tz) : null;
      const closesAt = v.closesAt ? fromZonedInput(v.closesAt, tz) : null;
      if (v.opensAt && !opensAt) return { field: "opensAt", message: WINDOW_DATE };
      if (v.closesAt && !closesAt) return { field: "closesAt", message: WINDOW_DATE };
      return { change: v.change, opensAt, closesAt };
    }
    case "exam-type":
      if (!testExamTypeOptions().some((t) => t.value === v.examType)) return { field: "examType", message: "Choose an exam type" };
      return { change: v.change, examType: v.examType };
    case "unit":
      return { change: v.change, unitNumber: v.unitNumber, unitName: v.unitName || null };
    default:
      return { change: v.change };
  }
}
