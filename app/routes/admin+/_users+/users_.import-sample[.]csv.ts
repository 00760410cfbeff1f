import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { SAMPLE_STUDENTS_CSV } from "~/lib/rules/student-import-rules";

/** A sample students CSV (/admin/users/import-sample.csv). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return new Response(`\uFEFF${SAMPLE_STUDENTS_CSV}`, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="students-sample.csv"' },
  });
}
