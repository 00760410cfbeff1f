import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { importReport, importReportCsv } from "~/models/import-reports.server";

/** An import run's report as CSV (/admin/reports/:reportId.csv): every refused item and why. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const report = importReport(params.reportId ?? "");
  if (!report) throw new Response("Report not found", { status: 404 });
  const day = new Date(report.createdAt).toISOString().slice(0, 10);
  return new Response(importReportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="import-report-${report.kind}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
