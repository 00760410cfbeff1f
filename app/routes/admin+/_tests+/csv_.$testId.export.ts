import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { exportFileName, questionsToCsv } from "~/lib/server/csv-questions.server";
import { testWithQuestions } from "~/models/admin-tests.server";
import { parseMarks } from "~/lib/rules/marks-input";

/** Downloads a test's questions in the export format (question, option_a…d, correct_answer, explanation[, marks]). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const found = testWithQuestions(params.testId ?? "");
  if (!found) return new Response("Test not found", { status: 404 });
  const csv = questionsToCsv(found.questions.map((q) => ({ ...q, explanation: q.explanation || null, marks: q.marks ? parseMarks(q.marks) : null })));
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(found.test.title)}"`,
      "Cache-Control": "no-store",
    },
  });
}
