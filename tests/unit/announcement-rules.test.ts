import { describe, expect, it } from "vitest";
import { isScheduled } from "~/lib/rules/announcement-rules";

// who sees an announcement is decided in SQL: tests/integration/dashboard.test.ts exercises it
const now = new Date("2026-06-01T12:00:00Z");

describe("announcement schedule", () => {
  it("is scheduled only while its time is in the future", () => {
    expect(isScheduled({ scheduledFor: new Date("2026-06-02T00:00:00Z") }, now)).toBe(true);
    expect(isScheduled({ scheduledFor: now }, now)).toBe(false);
    expect(isScheduled({ scheduledFor: null }, now)).toBe(false);
  });
});
