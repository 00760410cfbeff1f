import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MaterialForm } from "~/routes/admin+/_content+/__MaterialForm";
import { materialSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { newId } from "~/lib/server/ids.server";
import { addMaterial } from "~/models/content.server";
import { oncePerForm, repeatMessage } from "~/models/form-receipts.server";
import { batchOptions } from "~/models/batches.server";
import { allExamTypeOptions } from "~/models/exam-type.server";

/** Add Material, a dialog route over Study Materials (/admin/materials/new). */
export const meta: MetaFunction = () => [{ title: "Add Material" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { examTypes: allExamTypeOptions().map((t) => ({ value: t.value, label: t.label })), batches: batchOptions(), receipt: newId() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: materialSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const once = await oncePerForm(form.get("receipt"), "material-new", () => addMaterial(submission.value));
    if (once.repeated) return redirectWithFlash("/admin/materials", repeatMessage(once.kept, "This material was already added"));
  } catch (error) {
    return formFailed(error, "add material", submission, "Error adding material. Please try again.");
  }
  return redirectWithFlash("/admin/materials", { type: "success", text: "Material added successfully" });
}

export default function AddMaterial() {
  const { examTypes, batches, receipt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <MaterialForm
      id="add-material"
      title="Add Material"
      submitLabel="Add Material"
      lastResult={actionData?.result}
      examTypes={examTypes}
      batches={batches}
      receipt={receipt}
    />
  );
}
