import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { logActivity } from "~/models/activity.server";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions, useUserListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { ErrorList, Field, ReceiptField, useSchemaForm } from "~/components/forms";
import { addUserSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { userListHref } from "~/lib/rules/list-href";
import { newId } from "~/lib/server/ids.server";
import { addUser } from "~/models/admin-users.server";
import { oncePerForm, repeatMessage } from "~/models/form-receipts.server";
import { testExamTypeOptions } from "~/models/exam-type.server";

/**
 * Add User, a child of User Management (/admin/users/new, the list's filters kept in the query): the
 * user record's schema on both sides, each error beside its field, name, e-mail or roll number, role and ticks kept
 * when refused (with and without JavaScript).
 */
export const meta: MetaFunction = () => [{ title: "Add User" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { examTypes: testExamTypeOptions(), receipt: newId() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: addUserSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const once = await oncePerForm(
    form.get("receipt"),
    "user-new",
    () => addUser(submission.value),
    (added) => added.ok,
  );
  if (once.repeated) return redirectWithFlash(userListHref(request.url), repeatMessage(once.kept, `User ${submission.value.name} was already added`));
  const added = once.result;
  if (!added.ok) return data({ result: submission.reply({ fieldErrors: { [added.field]: [added.error] }, hideFields: ["password"] }) }, { status: 400 });
  logActivity(admin, "user-create", { target: added.user.name, detail: `role ${submission.value.role}` });
  return redirectWithFlash(userListHref(request.url), { type: "success", text: `User ${added.user.name} added` });
}

export default function AddUser() {
  const { examTypes, receipt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useUserListHref();
  const [form, fields] = useSchemaForm(addUserSchema, { id: "add-user", lastResult: actionData?.result, defaultValue: { role: "user", examTypes: [] } });
  return (
    <Dialog labelledBy="add-user-title" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <ReceiptField receipt={receipt} />
        <h2 id="add-user-title" className="text-xl font-bold">
          Add User
        </h2>
        <Field meta={fields.name} label="Name" autoComplete="off" maxLength={100} />
        <Field meta={fields.email} label="Email" type="email" autoComplete="off" />
        <Field
          meta={fields.rollNumber}
          label="Roll number or phone (for a student without an e-mail)"
          autoComplete="off"
          maxLength={60}
          hint="They sign in with it instead of an e-mail. Give an email, a roll number or both."
        />
        <Field meta={fields.password} label="Password" type="password" autoComplete="new-password" />
        <div>
          <label htmlFor={fields.role.id} className="label">
            Role
          </label>
          <select {...getSelectProps(fields.role)} key={fields.role.key} className="input">
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <fieldset aria-describedby={fields.examTypes.errors ? fields.examTypes.errorId : undefined}>
          <legend className="label">Assigned exam types</legend>
          <div className="grid grid-cols-2 gap-2">
            {examTypes.map((t) => (
              <label key={t.value} className="flex items-center gap-2 text-sm">
                <input
                  {...getInputProps(fields.examTypes, { type: "checkbox", value: t.value })}
                  id={`${fields.examTypes.id}-${t.value}`}
                  className="h-4 w-4"
                />
                {t.label}
                {t.builtin ? "" : " (custom)"}
              </label>
            ))}
          </div>
          <ErrorList id={fields.examTypes.errorId} errors={fields.examTypes.errors} />
        </fieldset>
        <DialogActions closeHref={closeHref} intent="add" pending="Adding...">
          Add User
        </DialogActions>
      </Form>
    </Dialog>
  );
}
