/**
 * When an announcement counts as scheduled (spec 000 §4). Who sees it (active, published, audience) is
 * decided in SQL (dashboard.server.ts, landing.server.ts) and tested there, through the pages.
 */
export type AudienceFields = {
  isActive: boolean;
  scheduledFor: Date | number | null;
  targetType: "all" | "examType" | "specific";
  targetExamTypes: string[];
  targetUsers: string[];
};

export function isScheduled(a: Pick<AudienceFields, "scheduledFor">, now: Date | number = Date.now()): boolean {
  return a.scheduledFor !== null && +a.scheduledFor > +now;
}
