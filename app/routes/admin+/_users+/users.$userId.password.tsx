import { getFormProps } from "@conform-to/react";
import { logActivity } from "~/models/activity.server";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions, useUserListHref, WritingNowNote } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, useSchemaForm } from "~/components/forms";
import { passwordSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { userListHref } from "~/lib/rules/list-href";
import { setPassword, signOutWarningFor } from "~/models/admin-users.server";
import { findUserById } from "~/models/user.server";

/** Set a password for a student (the academy's answer to "forgot password"), a child of User Management. */
export const meta: MetaFunction = () => [{ title: "Set Password" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  return { user: { id: user.id, name: user.name }, writing: signOutWarningFor(user) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  const submission = parseForm(await request.formData(), { schema: passwordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  await setPassword(user.id, submission.value.password);
  logActivity(admin, "password-reset", { target: user.name });
  return redirectWithFlash(userListHref(request.url), { type: "success", text: "Password set. The user's other sessions were signed out." });
}

export default function SetPassword() {
  const { user, writing } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useUserListHref();
  const [form, fields] = useSchemaForm(passwordSchema, { id: `password-${user.id}`, lastResult: actionData?.result });
  return (
    <Dialog labelledBy="pw-title" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <h2 id="pw-title" className="text-xl font-bold">
          Set a password for {user.name}
        </h2>
        <p className="text-sm text-slate-600">Tell the student the new password; their other sessions are signed out.</p>
        {writing ? <WritingNowNote text={writing} /> : null}
        <Field meta={fields.password} label="New password" autoComplete="off" maxLength={200} />
        <DialogActions closeHref={closeHref} intent="password" pending="Saving...">
          Set Password
        </DialogActions>
      </Form>
    </Dialog>
  );
}
