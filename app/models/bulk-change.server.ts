import { type bulkChangeSchema, windowInstants } from "~/lib/schemas/test-record";
import { env } from "~/lib/server/env.server";
import type { z } from "zod";
import type { BulkChange } from "./admin-tests.server";
import { testExamTypeOptions } from "./exam-type.server";

/**
 * Bulk Operations' checked form as the change to make: the window's local date-times as instants (the academy's
 * time zone), an exam type that exists (a bulk change makes none). Or the field to say what is wrong.
 */
export function bulkChangeOf(v: z.output<typeof bulkChangeSchema>): BulkChange | { ok: false; field: string; message: string } {
  switch (v.change) {
    case "release":
      return { change: v.change, answerRelease: v.answerRelease };
    case "set-window": {
      const window = windowInstants(v, env().ACADEMY_TIME_ZONE);
      return window.ok ? { change: v.change, opensAt: window.opensAt, closesAt: window.closesAt } : window;
    }
    case "exam-type":
      if (!testExamTypeOptions().some((t) => t.value === v.examType)) return { ok: false, field: "examType", message: "Choose an exam type" };
      return { change: v.change, examType: v.examType };
    case "unit":
      return { change: v.change, unitNumber: v.unitNumber, unitName: v.unitName || null };
    default:
      return { change: v.change };
  }
}
