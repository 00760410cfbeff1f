import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MaterialForm } from "~/routes/admin+/_content+/__MaterialForm";
import { materialSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { findMaterial, updateMaterial } from "~/models/content.server";
import { batchOptions } from "~/models/batches.server";
import { allExamTypeOptions } from "~/models/exam-type.server";

/** Edit Material, a dialog route over Study Materials (/admin/materials/:materialId/edit). */
export const meta: MetaFunction = () => [{ title: "Edit Material" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const m = findMaterial(params.materialId ?? "");
  if (!m) throw new Response("Material not found", { status: 404 });
  return {
    material: {
      id: m.id,
      title: m.title,
      description: m.description,
      examType: m.examType,
      googleDriveLink: m.googleDriveLink,
      thumbnailUrl: m.thumbnailUrl,
      batches: m.batchIds,
    },
    examTypes: allExamTypeOptions().map((t) => ({ value: t.value, label: t.label })),
    batches: batchOptions(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: materialSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (!updateMaterial(params.materialId ?? "", submission.value)) throw new Response("Material not found", { status: 404 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return formFailed(error, "update material", submission, "Error updating material. Please try again.");
  }
  return redirectWithFlash("/admin/materials", { type: "success", text: "Material updated successfully" });
}

export default function EditMaterial() {
  const { material, examTypes, batches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <MaterialForm
      id={`edit-material-${material.id}`}
      title="Edit Material"
      submitLabel="Save Changes"
      lastResult={actionData?.result}
      defaultValue={material}
      examTypes={examTypes}
      batches={batches}
    />
  );
}
