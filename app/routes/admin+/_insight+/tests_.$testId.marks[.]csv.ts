import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { env } from "~/lib/server/env.server";
import { marksRegister, marksRegisterCsv, rankListCsv, rankListOf } from "~/models/reports.server";

/** The marks register of a test as CSV (/admin/tests/:testId/marks.csv), or its rank list (`?view=rank`). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = new URL(request.url).searchParams;
  const register = marksRegister(params.testId ?? "", query.get("batch") ?? "");
  if (!register) throw new Response("Test not found", { status: 404 });
  const name = register.title.replace(/[^a-zA-Z0-9]+/g, "_").replace(/^_|_$/g, "") || "test";
  const ranks = query.get("view") === "rank";
  const body = ranks ? rankListCsv(rankListOf(register), env().ACADEMY_TIME_ZONE) : marksRegisterCsv(register, env().ACADEMY_TIME_ZONE);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ranks ? "ranks" : "marks"}-${name}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
