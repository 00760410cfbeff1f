/** Who sees an announcement, and when (spec 000 §4). Pure; the SQL in the models mirrors it. */
export type AudienceFields = {
  isActive: boolean;
  scheduledFor: Date | number | null;
  targetType: "all" | "examType" | "specific";
  targetExamTypes: string[];
  targetUsers: string[];
};

/** Visible only when active and scheduledFor is absent or not in the future. */
export function isPublished(a: Pick<AudienceFields, "isActive" | "scheduledFor">, now: Date | number = Date.now()): boolean {
  return a.isActive && (a.scheduledFor === null || +a.scheduledFor <= +now);
}

/** all matches everyone; examType if any target type is assigned to the user; specific if the user is listed. */
export function matchesAudience(a: Pick<AudienceFields, "targetType" | "targetExamTypes" | "targetUsers">, user: { id: string; assignedExamTypes: string[] }): boolean {
  if (a.targetType === "all") return true;
  if (a.targetType === "examType") return a.targetExamTypes.some((t) => user.assignedExamTypes.includes(t));
  return a.targetUsers.includes(user.id);
}

export function isScheduled(a: Pick<AudienceFields, "scheduledFor">, now: Date | number = Date.now()): boolean {
  return a.scheduledFor !== null && +a.scheduledFor > +now;
}
