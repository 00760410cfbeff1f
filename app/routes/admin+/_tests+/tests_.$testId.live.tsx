import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LiveRoom } from "~/routes/admin+/_tests+/__LiveRoom";
import { extensionSchema } from "~/lib/schemas/live-room-schemas";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { plural } from "~/lib/rules/words";
import { findLiveTest } from "~/models/admin-tests.server";
import { requireAdmin } from "~/models/auth.server";
import { extendAttempts, LIVE_MESSAGE_MAX, liveRoomPage, sendLiveMessage, studentOfAttempt, submitAttemptNow } from "~/models/live-room.server";
import { logActivity } from "~/models/activity.server";

/**
 * The live exam room of a test (/admin/tests/:testId/live): who has not started, is writing, finished or ran
 * out of time, and a row per student writing; with JavaScript it refreshes itself every few seconds, without
 * it has a Refresh link. More time for one student or everyone writing (the reason is kept); Submit now.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Live room · ${data.test.title}` : "Test not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const test = findLiveTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  return data(liveRoomPage(test, new URL(request.url)), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const test = findLiveTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  const form = await request.formData();
  const back = new URL(request.url);
  back.searchParams.delete("extend");
  back.searchParams.delete("submit");
  const backHref = `${back.pathname}${back.search}`;
  if (form.get("intent") === "message") {
    const text = String(form.get("message") ?? "")
      .trim()
      .slice(0, LIVE_MESSAGE_MAX);
    if (!text) return redirectWithFlash(backHref, { type: "error", text: "Write the message first" });
    sendLiveMessage(test.id, text, admin.name);
    logActivity(admin, "live-message", { testId: test.id, detail: `${test.title}: ${text}` });
    return redirectWithFlash(backHref, { type: "success", text: "Message sent: everyone writing sees it in their exam within seconds" });
  }
  if (form.get("intent") === "submit") {
    const attemptId = String(form.get("attemptId") ?? "");
    const student = studentOfAttempt(test.id, attemptId);
    const done = submitAttemptNow(test.id, attemptId, admin.name);
    if (done) logActivity(admin, "submit-now", { testId: test.id, target: student ?? "", detail: `${test.title}: submitted from the live room` });
    return redirectWithFlash(backHref, done ? { type: "success", text: "Attempt submitted" } : { type: "error", text: "That attempt is no longer running" });
  }
  const submission = parseForm(form, { schema: extensionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { minutes, reason, attemptId } = submission.value;
  const given = extendAttempts(test.id, { minutes, reason, attemptId: attemptId || undefined }, admin.name);
  if (!given) return data({ result: submission.reply({ formErrors: ["Nobody is writing this test now"] }) }, { status: 400 });
  logActivity(admin, "more-time", {
    testId: test.id,
    target: attemptId ? (studentOfAttempt(test.id, attemptId) ?? "") : plural(given, "student"),
    detail: `${plural(minutes, "minute")} more on ${test.title}: ${reason}`,
  });
  return redirectWithFlash(backHref, { type: "success", text: `${plural(minutes, "minute")} more given to ${plural(given, "student")}` });
}

export default function LiveRoomPage() {
  const room = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <LiveRoom room={room} lastResult={actionData?.result} />;
}
