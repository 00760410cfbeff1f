import { describe, expect, it } from "vitest";
import { isPublished, isScheduled, matchesAudience } from "~/lib/announcement-rules";

const now = new Date("2026-06-01T12:00:00Z");
const user = { id: "u1", assignedExamTypes: ["TET", "NET"] };

describe("announcement visibility", () => {
  it("shows active ones without a schedule or scheduled in the past, or exactly now", () => {
    expect(isPublished({ isActive: true, scheduledFor: null }, now)).toBe(true);
    expect(isPublished({ isActive: true, scheduledFor: new Date("2026-05-31T00:00:00Z") }, now)).toBe(true);
    expect(isPublished({ isActive: true, scheduledFor: now }, now)).toBe(true);
  });
  it("hides inactive and future-scheduled ones", () => {
    expect(isPublished({ isActive: false, scheduledFor: null }, now)).toBe(false);
    expect(isPublished({ isActive: true, scheduledFor: new Date("2026-06-02T00:00:00Z") }, now)).toBe(false);
    expect(isScheduled({ scheduledFor: new Date("2026-06-02T00:00:00Z") }, now)).toBe(true);
    expect(isScheduled({ scheduledFor: null }, now)).toBe(false);
  });
  it("applies the audience", () => {
    expect(matchesAudience({ targetType: "all", targetExamTypes: [], targetUsers: [] }, user)).toBe(true);
    expect(matchesAudience({ targetType: "examType", targetExamTypes: ["SET", "NET"], targetUsers: [] }, user)).toBe(true);
    expect(matchesAudience({ targetType: "examType", targetExamTypes: ["SET"], targetUsers: [] }, user)).toBe(false);
    expect(matchesAudience({ targetType: "specific", targetExamTypes: [], targetUsers: ["u1"] }, user)).toBe(true);
    expect(matchesAudience({ targetType: "specific", targetExamTypes: ["TET"], targetUsers: ["u2"] }, user)).toBe(false);
  });
});
