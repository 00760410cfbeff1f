import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { logActivity } from "~/models/activity.server";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog, useTestListHref } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { testListHref } from "~/lib/rules/list-href";
import { attemptCountOf, deleteTest, findLiveTest } from "~/models/admin-tests.server";

/**
 * Delete Test, a confirmation dialog route over the tests list (/admin/tests/:testId/delete). A test
 * that students have attempted is archived instead, so their results stay readable.
 */
export const meta: MetaFunction = () => [{ title: "Delete Test" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const test = findLiveTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  return { test: { id: test.id, title: test.title, questions: test.totalQuestions }, attempts: attemptCountOf(test.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = testListHref(request.url);
  try {
    const title = findLiveTest(params.testId ?? "")?.title ?? "";
    const r = deleteTest(params.testId ?? "");
    if (r === "missing") return redirectWithFlash(back, { type: "error", text: "Error deleting test. Please try again." });
    logActivity(admin, "test-delete", { testId: params.testId, target: title, detail: r });
    return redirectWithFlash(back, {
      type: "success",
      text: r === "archived" ? "Test deleted successfully (students' past attempts on it are kept in their history)" : "Test deleted successfully",
    });
  } catch (error) {
    return flashFailed(error, "delete test", back, "Error deleting test. Please try again.");
  }
}

export default function DeleteTest() {
  const { test, attempts } = useLoaderData<typeof loader>();
  const closeHref = useTestListHref();
  return (
    <ConfirmDialog id={test.id} title={`Delete “${test.title}”?`} closeHref={closeHref} label="Delete Test">
      <p className="text-sm text-slate-700">
        {attempts
          ? `Students have made ${attempts} attempt${attempts === 1 ? "" : "s"} on it, so it is archived instead: hidden everywhere, with their results kept.`
          : `The test is deleted. Its ${test.questions} questions stay in the Question Bank.`}
      </p>
    </ConfirmDialog>
  );
}
