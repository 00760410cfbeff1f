import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/ui";
import { ScrollableTable } from "~/components/ScrollableTable";
import { requireAdmin } from "~/models/auth.server";
import { env } from "~/lib/server/env.server";
import { formatDateTime } from "~/lib/rules/time";
import { plural } from "~/lib/rules/words";
import { importReport, REPORT_KIND_LABELS } from "~/models/import-reports.server";

/**
 * One import run's report (/admin/reports/:reportId): what it said when it finished, and every refused
 * item with where it was and why; kept after the run, downloadable as CSV.
 */
export const meta: MetaFunction = () => [{ title: "Import report" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const report = importReport(params.reportId ?? "");
  if (!report) throw new Response("Report not found", { status: 404 });
  return { report: { ...report, label: REPORT_KIND_LABELS[report.kind] }, timeZone: env().ACADEMY_TIME_ZONE };
}

export default function ImportReport() {
  const { report, timeZone } = useLoaderData<typeof loader>();
  return (
    <main className="space-y-4">
      <Link to="/admin/backup#reports-heading" className="text-sm font-medium text-brand-700 hover:underline">
        ← Backup &amp; Import
      </Link>
      <PageHeader title={`${report.label} report`} description={`${report.source} · ${formatDateTime(report.createdAt, timeZone)}`} />
      <section className="card space-y-3 p-4" aria-labelledby="report-summary">
        <h2 id="report-summary" className="font-semibold">
          {plural(report.items.length, "refused item")}
        </h2>
        <p className="text-sm text-slate-700">{report.summary}</p>
        <a href={`/admin/reports/${report.id}.csv`} className="btn-secondary" download>
          Download CSV
        </a>
        <ScrollableTable label="Refused items (scrolls sideways)">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th className="whitespace-nowrap py-1.5 pr-3">Where</th>
                <th className="py-1.5">Why it was refused</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.items.map((item, i) => (
                <tr key={i} data-testid="report-item">
                  <td className="py-1 pr-3 align-top">{item.where}</td>
                  <td className="py-1">{item.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      </section>
    </main>
  );
}
