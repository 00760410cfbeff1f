import { getCollectionProps, getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions, ErrorBox, useUserListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { ErrorList, useSchemaForm } from "~/components/forms";
import { assignExamTypesSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { userListHref } from "~/lib/rules/list-href";
import { assignExamTypes } from "~/models/admin-users.server";
import { testExamTypeOptions } from "~/models/exam-type.server";
import { assignedExamTypes, findUserById } from "~/models/user.server";

/** Assign exam types to a user, a dialog route over User Management (/admin/users/:userId/exam-types). */
export const meta: MetaFunction = () => [{ title: "Assign Exam Types" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  return {
    user: { id: user.id, name: user.name },
    assigned: assignedExamTypes(user.id),
    examTypes: testExamTypeOptions(),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: assignExamTypesSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (!assignExamTypes(params.userId ?? "", submission.value.examTypes)) throw new Response("User not found", { status: 404 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return formFailed(error, "assign exam types", submission, "Error updating exam types. Please try again.");
  }
  return redirectWithFlash(userListHref(request.url), { type: "success", text: "Exam types updated" });
}

export default function AssignExamTypes() {
  const { user, assigned, examTypes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useUserListHref();
  const [form, fields] = useSchemaForm(assignExamTypesSchema, {
    id: `assign-${user.id}`,
    lastResult: actionData?.result,
    defaultValue: { examTypes: assigned },
  });
  return (
    <Dialog labelledBy="assign-title" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <h2 id="assign-title" className="text-xl font-bold">
          Assign exam types to {user.name}
        </h2>
        <ErrorBox message={form.errors?.[0]} />
        <fieldset>
          <legend className="label">Assigned exam types</legend>
          <div className="grid grid-cols-2 gap-2">
            {getCollectionProps(fields.examTypes, { type: "checkbox", options: examTypes.map((t) => t.value) }).map(({ key, ...props }, i) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input {...props} key={key} className="h-4 w-4" />
                {examTypes[i].label}
                {examTypes[i].builtin ? "" : " (custom)"}
              </label>
            ))}
          </div>
          <ErrorList id={fields.examTypes.errorId} errors={fields.examTypes.errors} />
        </fieldset>
        <DialogActions closeHref={closeHref} intent="assign" pending="Saving...">
          Save
        </DialogActions>
      </Form>
    </Dialog>
  );
}
