import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, useSchemaForm } from "~/components/forms";
import { requireAdmin } from "~/lib/auth.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";
import { examTypeNameSchema, MAX_EXAM_TYPE_NAME } from "~/lib/exam-type-rules";
import { redirectWithFlash } from "~/lib/flash.server";
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
  const submission = parseWithZod(await request.formData(), { schema: examTypeNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const r = renameCustomExamType(params.typeId ?? "", submission.value.name);
    if (!r.ok) return data({ result: submission.reply({ fieldErrors: { name: [r.error] } }) }, { status: 400 });
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("rename exam type failed", error);
    return data({ result: submission.reply({ formErrors: ["Failed to update custom exam type"] }) }, { status: 500 });
  }
  return redirectWithFlash("/admin/exam-types", { type: "success", text: "Custom exam type updated successfully" });
}

export default function EditExamType() {
  const { type } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(examTypeNameSchema, { id: `edit-type-${type.id}`, lastResult: actionData?.result, defaultValue: { name: type.label } });
  return (
    <Dialog labelledBy="edit-type-title" closeHref="/admin/exam-types">
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <h2 id="edit-type-title" className="text-xl font-bold">
          Edit Custom Exam Type
        </h2>
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <Field
          meta={fields.name}
          label="Name"
          maxLength={MAX_EXAM_TYPE_NAME}
          hint="Renaming updates the tests, students and materials that use it."
          autoComplete="off"
        />
        <DialogActions closeHref="/admin/exam-types" intent="update" pending="Saving...">
          Save
        </DialogActions>
      </Form>
    </Dialog>
  );
}
