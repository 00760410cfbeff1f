import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/models/auth.server";
import { apiResponse, statusReply } from "~/models/exam-api.server";

/** JSON endpoint a running exam page asks every few seconds: its deadline (more time shows at once) and the live room's message. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  return apiResponse(statusReply(params.attemptId ?? "", user.id));
}
