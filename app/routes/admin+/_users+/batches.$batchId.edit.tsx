import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { BatchNameDialog } from "~/routes/admin+/_users+/__BatchNameDialog";
import { batchSchema } from "~/lib/schemas/batch-schemas";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { batchById, updateBatch } from "~/models/batches.server";

/** Edit Batch, a dialog route over Batches (/admin/batches/:batchId/edit): rename, archive or restore. */
export const meta: MetaFunction = () => [{ title: "Edit Batch" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batch = batchById(params.batchId ?? "");
  if (!batch) throw new Response("Batch not found", { status: 404 });
  return { batch: { id: batch.id, name: batch.name, archived: batch.archivedAt !== null } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: batchSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const archived = submission.value.archived === "on";
  try {
    const r = updateBatch(params.batchId ?? "", { name: submission.value.name, archived });
    if (!r.ok) return data({ result: submission.reply({ fieldErrors: { name: [r.error] } }) }, { status: 400 });
  } catch (error) {
    return formFailed(error, "update batch", submission, "The batch could not be saved. Please try again.");
  }
  logActivity(admin, "batch", { target: submission.value.name, detail: archived ? "saved, archived" : "saved" });
  const back = new URL(request.url).searchParams.get("archived") === "1" ? "/admin/batches?archived=1" : "/admin/batches";
  return redirectWithFlash(back, { type: "success", text: "Batch saved" });
}

export default function EditBatch() {
  const { batch } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useLocation().search.includes("archived=1") ? "/admin/batches?archived=1" : "/admin/batches";
  return (
    <BatchNameDialog
      id={`edit-batch-${batch.id}`}
      title="Edit Batch"
      submitLabel="Save"
      pending="Saving..."
      closeHref={closeHref}
      lastResult={actionData?.result}
      defaultValue={{ name: batch.name, ...(batch.archived ? { archived: "on" } : {}) }}
      editing
    />
  );
}
