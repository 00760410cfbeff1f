import type { LoaderFunctionArgs } from "@remix-run/node";
import { itemAnalysisCsv, testItemAnalysis } from "~/models/analytics.server";
import { requireAdmin } from "~/models/auth.server";

/** A test's item analysis as CSV (/admin/tests/:testId/analysis.csv), over every finished attempt or one batch's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const analysis = testItemAnalysis(params.testId ?? "", new URL(request.url).searchParams.get("batch") ?? "");
  if (!analysis) throw new Response("Test not found", { status: 404 });
  const name = analysis.test.title.replace(/[^a-zA-Z0-9]+/g, "_").replace(/^_|_$/g, "") || "test";
  return new Response(itemAnalysisCsv(analysis), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="item-analysis-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
