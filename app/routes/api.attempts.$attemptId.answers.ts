import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/auth.server";
import { answerSchema } from "~/lib/exam-schemas";
import { formToObject } from "~/lib/forms";
import { saveAnswer } from "~/models/attempt.server";

/** JSON endpoint of the exam page's save queue: stores one answer change, returns the server clock. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const parsed = answerSchema.safeParse(formToObject(await request.formData()));
  if (!parsed.success) return Response.json({ ok: false, error: parsed.error.issues[0]?.message ?? "Invalid answer" }, { status: 400 });
  const { questionId, chosen, marked, visit, at } = parsed.data;
  const result = saveAnswer(params.attemptId ?? "", user.id, {
    questionId,
    chosen,
    marked,
    at,
    visitOnly: visit === "1" && chosen === undefined && marked === undefined,
  });
  if (!result.ok) return Response.json({ ok: false, error: result.error, closed: result.closed }, { status: result.closed ? 409 : 400 });
  return Response.json({ ok: true, serverNow: Date.now(), deadlineAt: +result.deadlineAt }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStudent(request);
  return new Response("Method Not Allowed", { status: 405 });
}
