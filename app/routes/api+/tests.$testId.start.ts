import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStudent } from "~/models/auth.server";
import { apiResponse, startReply } from "~/models/exam-api.server";

/**
 * JSON endpoint of the hydrated start card's Start Test: starts (or resumes) the test and answers with
 * the running exam, which the page shows without a second request. Without JavaScript the card posts to /test/:id.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  return apiResponse(startReply(user, params.testId ?? ""));
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStudent(request);
  return new Response("Method Not Allowed", { status: 405 });
}
