import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReleaseControl } from "~/routes/admin+/_tests+/__ReleaseControl";
import { BackLink } from "~/components/admin/ui";
import { releaseStatusOf } from "~/models/results.server";
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
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Answers release · ${data.test.title}` : "Test not found" }];

/** The release on a page of its own (where a post without JavaScript could land): the same control. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const test = findLiveTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  return { test: { id: test.id, title: test.title }, release: releaseStatusOf(test) };
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

export default function AnswersRelease() {
  const { test, release } = useLoaderData<typeof loader>();
  const live = `/admin/tests/${test.id}/live`;
  return (
    <main>
      <div className="mb-3">
        <BackLink to={live}>Live room</BackLink>
      </div>
      <h1 className="mb-4 text-2xl font-bold">Answers release: {test.title}</h1>
      <ReleaseControl testId={test.id} status={release} back={live} />
    </main>
  );
}
