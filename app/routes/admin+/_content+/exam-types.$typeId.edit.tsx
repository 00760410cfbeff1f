import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ExamTypeNameDialog } from "~/routes/admin+/_content+/__ExamTypeNameDialog";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { examTypeNameSchema } from "~/lib/rules/exam-type-rules";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { findCustomExamType, renameCustomExamType } from "~/models/exam-type.server";

/** Rename a custom exam type, a dialog route over the Exam Types tab (/admin/exam-types/:typeId/edit). */
export const meta: MetaFunction = () => [{ title: "Edit Custom Exam Type" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const type = findCustomExamType(params.typeId ?? "");
  if (!type) throw new Response("Exam type not found", { status: 404 });
  return { type: { id: type.id, label: type.label } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: examTypeNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const r = renameCustomExamType(params.typeId ?? "", submission.value.name);
    if (!r.ok) return data({ result: submission.reply({ fieldErrors: { name: [r.error] } }) }, { status: 400 });
  } catch (error) {
    return formFailed(error, "rename exam type", submission, "Failed to update custom exam type");
  }
  return redirectWithFlash("/admin/exam-types", { type: "success", text: "Custom exam type updated successfully" });
}

export default function EditExamType() {
  const { type } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ExamTypeNameDialog
      id={`edit-type-${type.id}`}
      title="Edit Custom Exam Type"
      hint="Renaming updates the tests, students and materials that use it."
      intent="update"
      pending="Saving..."
      submitLabel="Save"
      lastResult={actionData?.result}
      defaultName={type.label}
    />
  );
}
