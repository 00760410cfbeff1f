import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { RELEASE_DECISION_WORDS } from "~/lib/rules/answer-release";
import { releaseDecisionSchema } from "~/lib/schemas/live-room-schemas";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { findLiveTest, setReleaseOverride } from "~/models/admin-tests.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";

/**
 * An admin holds a test's answer release, releases it now, or leaves it to the rule (POST only; the forms are in
 * the live room and Edit Test, app/components/admin/ReleaseControl.tsx). Logged in the activity log.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/admin/tests/${encodeURIComponent(params.testId ?? "")}/live`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const test = findLiveTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  const parsed = releaseDecisionSchema.safeParse(Object.fromEntries(await request.formData()));
  const back = parsed.success && parsed.data.back ? parsed.data.back : `/admin/tests/${encodeURIComponent(test.id)}/live`;
  if (!parsed.success) return redirectWithFlash(back, { type: "error", text: "Choose hold, release now or automatic" });
  const { decision } = parsed.data;
  setReleaseOverride(test.id, decision);
  logActivity(admin, "answer-release", { testId: test.id, target: test.title, detail: RELEASE_DECISION_WORDS[decision] });
  const text = decision === "hold" ? "Answers held back" : decision === "now" ? "Answers released" : "The release follows the test's rule again";
  return redirectWithFlash(back, { type: "success", text });
}
