import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BatchNameDialog } from "~/routes/admin+/_users+/__BatchNameDialog";
import { batchSchema } from "~/lib/schemas/batch-schemas";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { newId } from "~/lib/server/ids.server";
import { createBatch } from "~/models/batches.server";
import { oncePerForm, repeatMessage } from "~/models/form-receipts.server";

/** New Batch, a dialog route over Batches (/admin/batches/new): its name; then its page, to add students. */
export const meta: MetaFunction = () => [{ title: "New Batch" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { receipt: newId() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: batchSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const once = await oncePerForm(
      form.get("receipt"),
      "batch-new",
      () => createBatch(submission.value.name),
      (r) => r.ok,
    );
    if (once.repeated) return redirectWithFlash("/admin/batches", repeatMessage(once.kept, `Batch "${submission.value.name}" was already created`));
    const r = once.result;
    if (!r.ok) return data({ result: submission.reply({ fieldErrors: { name: [r.error] } }) }, { status: 400 });
    logActivity(admin, "batch", { target: submission.value.name, detail: "created" });
    return redirectWithFlash(`/admin/batches/${r.id}`, { type: "success", text: `Batch "${submission.value.name}" created: now add its students` });
  } catch (error) {
    return formFailed(error, "create batch", submission, "The batch could not be created. Please try again.");
  }
}

export default function NewBatch() {
  const { receipt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <BatchNameDialog
      id="new-batch"
      title="New Batch"
      submitLabel="Create"
      pending="Creating..."
      closeHref="/admin/batches"
      lastResult={actionData?.result}
      receipt={receipt}
    />
  );
}
