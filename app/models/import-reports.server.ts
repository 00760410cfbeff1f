import { desc, eq, sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { db } from "~/db/db.server";
import { importReports } from "~/db/schema.server";
import { neutraliseFormula } from "~/lib/rules/csv-cells";
import { newId } from "~/lib/server/ids.server";

/**
 * Lasting reports of import runs (JSON import, bulk test upload, student import): every refused item
 * with where it was and why, listed on Backup & Import and downloadable as CSV. The newest
 * IMPORT_REPORTS_KEPT are kept; a run that refused nothing leaves no report.
 */
export const IMPORT_REPORTS_KEPT = 200;
/** at most this many refused items are kept per run (a broken file can refuse millions) */
export const REPORT_ITEMS_KEPT = 10_000;

export type ReportKind = (typeof importReports.$inferSelect)["kind"];
export type ReportItem = { where: string; reason: string };

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  "json-import": "JSON import",
  "bulk-upload": "Bulk test upload",
  "student-import": "Student import",
};

/** Keeps a run's refused items; returns the report's id, or null when nothing was refused. */
export function saveImportReport(kind: ReportKind, source: string, summary: string, items: ReportItem[], createdBy: string | null): string | null {
  if (!items.length) return null;
  const id = newId();
  db()
    .insert(importReports)
    .values({
      id,
      kind,
      source: source.slice(0, 300),
      summary: summary.slice(0, 1000),
      items: items.slice(0, REPORT_ITEMS_KEPT),
      createdBy,
      createdAt: new Date(),
    })
    .run();
  // the newest IMPORT_REPORTS_KEPT stay (ties in time broken by insertion order)
  db().run(sql`DELETE FROM import_reports WHERE id NOT IN (SELECT id FROM import_reports ORDER BY created_at DESC, rowid DESC LIMIT ${IMPORT_REPORTS_KEPT})`);
  return id;
}

/** The newest reports, without their items (the list on Backup & Import). */
export function recentImportReports(limit = 10) {
  return db()
    .select({
      id: importReports.id,
      kind: importReports.kind,
      source: importReports.source,
      summary: importReports.summary,
      createdAt: importReports.createdAt,
      refused: sql<number>`json_array_length(${importReports.items})`,
    })
    .from(importReports)
    .orderBy(desc(importReports.createdAt))
    .limit(limit)
    .all()
    .map((r) => ({ ...r, createdAt: +r.createdAt }));
}

export function importReport(id: string) {
  const r = db().select().from(importReports).where(eq(importReports.id, id)).get();
  return r ? { ...r, createdAt: +r.createdAt } : null;
}

/** A report as CSV (where, reason), every cell that could start a formula neutralised. */
export function importReportCsv(report: { items: ReportItem[] }): string {
  return stringify([["where", "reason"], ...report.items.map((i) => [neutraliseFormula(i.where), neutraliseFormula(i.reason)])]);
}
