import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/lib/auth.server";
import { finishAttempt } from "~/models/attempt.server";

/**
 * JSON endpoint of the exam page's Finish (and of the countdown at zero): closes the attempt and says
 * where its result is. Idempotent: finishing a closed attempt answers the same. The page sends it once
 * every queued answer is stored, and retries it while the connection is down.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const attempt = finishAttempt(params.attemptId ?? "", user.id);
  if (!attempt) return Response.json({ ok: false, error: "Attempt not found" }, { status: 404 });
  const resultsUrl = `/test/${encodeURIComponent(attempt.testId)}/results?attempt=${encodeURIComponent(attempt.id)}`;
  return Response.json({ ok: true, status: attempt.status, resultsUrl }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStudent(request);
  return new Response("Method Not Allowed", { status: 405 });
}
