import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { gradebookCsvRows, gradebookTypes, parseGradebookQuery } from "~/models/gradebook.server";
import { csv } from "~/models/reports.server";

/** The gradebook of an exam type as CSV (/admin/gradebook.csv?type=…&mode=…): every student, percent per test. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseGradebookQuery(
    new URL(request.url),
    gradebookTypes().map((t) => t.value),
  );
  const { header, rows } = gradebookCsvRows(query);
  return new Response(csv(header, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gradebook-${query.type.replace(/[^A-Za-z0-9_-]/g, "_")}-${query.mode}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
