import { BELIEVED_DEADLINE, TIMES_FIELD } from "~/lib/rules/page-handoff";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/models/auth.server";
import { formFieldsOf } from "~/lib/server/form-body.server";
import { apiResponse, finishReply } from "~/models/exam-api.server";

/**
 * JSON endpoint of the exam page's Finish (and of the countdown at zero): closes the attempt and says
 * where its result is. Idempotent: finishing a closed attempt answers the same. The page sends it once
 * every queued answer is stored, and retries it while the connection is down.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const fields = await formFieldsOf(request);
  // the page's time per question included (TIMES_FIELD)
  return apiResponse(finishReply(params.attemptId ?? "", user, fields.respond, fields.reason, fields[BELIEVED_DEADLINE], fields[TIMES_FIELD]));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStudent(request);
  return new Response("Method Not Allowed", { status: 405 });
}
