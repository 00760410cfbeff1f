import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { env } from "~/lib/server/env.server";
import { marksRegister, marksRegisterCsv } from "~/models/reports.server";

/** The marks register of a test as CSV (/admin/tests/:testId/marks.csv). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const register = marksRegister(params.testId ?? "", new URL(request.url).searchParams.get("batch") ?? "");
  if (!register) throw new Response("Test not found", { status: 404 });
  const name = register.title.replace(/[^a-zA-Z0-9]+/g, "_").replace(/^_|_$/g, "") || "test";
  return new Response(marksRegisterCsv(register, env().ACADEMY_TIME_ZONE), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="marks-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
