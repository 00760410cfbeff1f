import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/models/auth.server";
import { formFieldsOf } from "~/lib/server/form-body.server";
import { answerReply, apiResponse } from "~/models/exam-api.server";

/** JSON endpoint of the exam page's save queue: stores one answer change, returns the server clock. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  return apiResponse(answerReply(params.attemptId ?? "", user.id, await formFieldsOf(request)));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStudent(request);
  return new Response("Method Not Allowed", { status: 405 });
}
