import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { DialogActions, useTestListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, ReceiptField, useSchemaForm } from "~/components/forms";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { testListHref } from "~/lib/rules/list-href";
import { maxAttemptsSchema, TEST_LIMITS } from "~/lib/schemas/test-record";
import { cloneTest, findLiveTest } from "~/models/admin-tests.server";
import { batchesOfTest } from "~/models/batches.server";
import { newId } from "~/lib/server/ids.server";
import { oncePerForm, repeatMessage } from "~/models/form-receipts.server";

/** Clone Test, a dialog route over the tests list (/admin/tests/:testId/clone): a copy with its questions. */
export const meta: MetaFunction = () => [{ title: "Clone Test" }];

const cloneSchema = z.object({ maxAttempts: maxAttemptsSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const test = findLiveTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  return { test: { id: test.id, title: test.title }, batches: batchesOfTest(test.id).map((b) => b.name), receipt: newId() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: cloneSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const back = testListHref(request.url);
  try {
    const once = await oncePerForm(
      form.get("receipt"),
      "test-clone",
      () => cloneTest(params.testId ?? "", submission.value.maxAttempts),
      (copy) => copy !== null,
    );
    if (once.repeated) return redirectWithFlash(back, repeatMessage(once.kept, "This test was already cloned"));
    const copy = once.result;
    if (!copy) return redirectWithFlash(back, { type: "error", text: "Error updating test. Please try again." });
    return redirectWithFlash(back, { type: "success", text: `Test cloned as “${copy.title}”` });
  } catch (error) {
    return flashFailed(error, "clone", back, "Error updating test. Please try again.");
  }
}

export default function CloneTest() {
  const { test, batches, receipt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useTestListHref();
  const [form, fields] = useSchemaForm(cloneSchema, { id: `clone-${test.id}`, lastResult: actionData?.result });
  return (
    <Dialog labelledBy="clone-title" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <ReceiptField receipt={receipt} />
        <h2 id="clone-title" className="text-xl font-bold">
          Clone Test
        </h2>
        <p className="text-sm text-slate-700">A copy named “{test.title} (Copy)” is created, active, with all its questions.</p>
        {batches.length ? (
          <p className="text-sm text-slate-700" data-testid="clone-batches">
            {`It is given to the same batches as the original (${batches.join(", ")}), without their opening and closing times.`}
          </p>
        ) : null}
        <Field meta={fields.maxAttempts} label="Max attempts (optional, at least 1)" type="number" min={1} max={TEST_LIMITS.maxAttempts.max} />
        <DialogActions closeHref={closeHref} intent="clone" pending="Cloning...">
          Clone Test
        </DialogActions>
      </Form>
    </Dialog>
  );
}
