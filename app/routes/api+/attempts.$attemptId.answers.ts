import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/models/auth.server";
import { formToObject } from "~/lib/schemas/forms";
import { answerReply, apiResponse } from "~/models/exam-api.server";

/**
 * JSON endpoint of the exam page's save queue: stores one answer change, returns the server clock.
 * A signed-in student's posts are usually answered by the server before they get here (same code:
 * `examApiFastPath`); this route answers the rest.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  return apiResponse(answerReply(params.attemptId ?? "", user.id, formToObject(await request.formData())));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStudent(request);
  return new Response("Method Not Allowed", { status: 405 });
}
