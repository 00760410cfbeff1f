import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { questionTemplateCsv } from "~/lib/server/csv-questions.server";

/** The question file's template (/admin/tests/template.csv): every column the upload reads, with examples. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return new Response(questionTemplateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="question-template.csv"',
      "Cache-Control": "no-store",
    },
  });
}
