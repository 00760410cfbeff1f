import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { DialogActions } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, useSchemaForm } from "~/components/forms";
import { requireAdmin } from "~/lib/auth.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";
import { examTypeNameSchema, MAX_EXAM_TYPE_NAME } from "~/lib/exam-type-rules";
import { redirectWithFlash } from "~/lib/flash.server";
import { createCustomExamType } from "~/models/exam-type.server";

/** Add Custom Exam Type, a dialog route over the Exam Types tab (/admin/exam-types/new). */
export const meta: MetaFunction = () => [{ title: "Add Custom Exam Type" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: examTypeNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const r = createCustomExamType(submission.value.name);
    if (!r.ok) return data({ result: submission.reply({ fieldErrors: { name: [r.error] } }) }, { status: 400 });
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("create exam type failed", error);
    return data({ result: submission.reply({ formErrors: ["Failed to create custom exam type"] }) }, { status: 500 });
  }
  return redirectWithFlash("/admin/exam-types", { type: "success", text: "Custom exam type created successfully" });
}

export default function AddExamType() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(examTypeNameSchema, { id: "add-exam-type", lastResult: actionData?.result });
  return (
    <Dialog labelledBy="add-type-title" closeHref="/admin/exam-types">
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <h2 id="add-type-title" className="text-xl font-bold">
          Add Custom Exam Type
        </h2>
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <Field
          meta={fields.name}
          label="Name"
          maxLength={MAX_EXAM_TYPE_NAME}
          hint="The value is the name in capitals with underscores, e.g. KERALA_SET."
          autoComplete="off"
        />
        <DialogActions closeHref="/admin/exam-types" intent="create" pending="Creating...">
          Create
        </DialogActions>
      </Form>
    </Dialog>
  );
}
