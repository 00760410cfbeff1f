import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions, ErrorBox, useUserListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, useSchemaForm } from "~/components/forms";
import { globalLimitSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { userListHref } from "~/lib/rules/list-href";
import { setGlobalLimit } from "~/models/admin-users.server";
import { findUserById } from "~/models/user.server";

/** A user's attempts per test (the global limit), a dialog route over User Management (/admin/users/:userId/limit). */
export const meta: MetaFunction = () => [{ title: "Test Attempt Limit" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  return { user: { id: user.id, name: user.name, globalTestLimit: user.globalTestLimit } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: globalLimitSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    if (!setGlobalLimit(params.userId ?? "", submission.value.globalTestLimit)) throw new Response("User not found", { status: 404 });
  } catch (error) {
    if (error instanceof Response) throw error;
    return formFailed(error, "set global limit", submission, "Error updating test limits. Please try again.");
  }
  return redirectWithFlash(userListHref(request.url), { type: "success", text: "Test limit updated" });
}

export default function GlobalLimit() {
  const { user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useUserListHref();
  const [form, fields] = useSchemaForm(globalLimitSchema, {
    id: `limit-${user.id}`,
    lastResult: actionData?.result,
    defaultValue: { globalTestLimit: user.globalTestLimit === null ? "" : String(user.globalTestLimit) },
  });
  return (
    <Dialog labelledBy="limit-title" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <h2 id="limit-title" className="text-xl font-bold">
          Test attempt limit for {user.name}
        </h2>
        <p className="text-sm text-slate-600">The most attempts {user.name} may make on each test. Leave empty (or 0) for no limit.</p>
        <ErrorBox message={form.errors?.[0]} />
        <Field meta={fields.globalTestLimit} label="Attempts per test" type="number" min={0} max={1000} />
        <DialogActions closeHref={closeHref} intent="limit" pending="Saving...">
          Save
        </DialogActions>
      </Form>
    </Dialog>
  );
}
