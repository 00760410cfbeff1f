import { BELIEVED_DEADLINE, TIMES_FIELD } from "~/lib/rules/page-handoff";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/models/auth.server";
import { formToObject } from "~/lib/schemas/forms";
import { apiResponse, finishReply } from "~/models/exam-api.server";

/**
 * JSON endpoint of the exam page's Finish (and of the countdown at zero): closes the attempt and says
 * where its result is. Idempotent: finishing a closed attempt answers the same. The page sends it once
 * every queued answer is stored, and retries it while the connection is down. Usually answered by
 * the server before it gets here (same code: `examApiFastPath`).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const fields = formToObject(await request.formData());
  // the same fields as the server's own path (examApiFastPath), the page's time per question included
  return apiResponse(finishReply(params.attemptId ?? "", user, fields.respond, fields.reason, fields[BELIEVED_DEADLINE], fields[TIMES_FIELD]));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStudent(request);
  return new Response("Method Not Allowed", { status: 405 });
}
