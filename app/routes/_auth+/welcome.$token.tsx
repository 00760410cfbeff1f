import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/ui";
import { Field, useSchemaForm } from "~/components/forms";
import { newPasswordSchema } from "~/lib/schemas/admin-schemas";
import { homeFor } from "~/models/auth.server";
import { createUserSession } from "~/models/session.server";
import { linkMessage } from "~/lib/rules/sign-in-link-rules";
import { findSignInLink, redeemSignInLink } from "~/models/sign-in-links.server";
import { findUserById, stampLastLogin } from "~/models/user.server";
import { mailConfigured } from "~/lib/server/mail.server";

/**
 * A one-time sign-in link (/welcome/:token): the student sets a password once and is signed in. A used,
 * expired or unknown link says so. The page is never cached and sends its address (the token) to no other site.
 */
export const meta: MetaFunction = () => [{ title: "Set your password" }, { name: "referrer", content: "same-origin" }];

/** The link's address is a password in itself: never kept by a cache, though its visitor is not signed in yet. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ params }: LoaderFunctionArgs) {
  const found = findSignInLink(params.token ?? "");
  if (found.state !== "valid" || !found.user)
    return data({ state: found.state, message: linkMessage(found.state), name: null, canEmail: mailConfigured() }, { status: 410 });
  return { state: found.state, message: null, name: found.user.name, canEmail: mailConfigured() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  // a link that cannot be used is answered before the form is read (the page, reloaded, says why)
  if (findSignInLink(params.token ?? "").state !== "valid") return data({ result: undefined }, { status: 410 });
  const submission = parseForm(await request.formData(), { schema: newPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password", "confirm"] }) }, { status: 400 });
  const used = await redeemSignInLink(params.token ?? "", submission.value.password);
  if (!used.ok) return data({ result: submission.reply({ formErrors: [linkMessage(used.state)], hideFields: ["password", "confirm"] }) }, { status: 410 });
  const user = findUserById(used.userId);
  if (user?.status !== "active")
    return data(
      { result: submission.reply({ formErrors: ["Your password is set, but your account is inactive. Please contact the academy."] }) },
      { status: 403 },
    );
  stampLastLogin(user.id);
  return createUserSession(user.id, homeFor(user.role));
}

export default function Welcome() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(newPasswordSchema, { id: "welcome", lastResult: actionData?.result });
  return (
    <main className="mx-auto max-w-md px-4 py-10">
      <div className="card p-6">
        {d.state !== "valid" ? (
          <>
            <h1 className="text-xl font-bold">This link cannot be used</h1>
            <p className="mt-2 text-slate-700" role="alert">
              {d.message}
            </p>
            <Link to="/login" className="btn-primary mt-4">
              Go to sign in
            </Link>
            {d.canEmail ? (
              <p className="mt-3 text-sm">
                <Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline">
                  Get a new link by e-mail
                </Link>
              </p>
            ) : null}
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <h1 className="text-xl font-bold">Welcome, {d.name}</h1>
            <p className="text-sm text-slate-600">Choose a password for your account. This link works once.</p>
            {form.errors?.length ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
                {form.errors[0]}
              </p>
            ) : null}
            <Field meta={fields.password} label="New password" type="password" autoComplete="new-password" maxLength={200} />
            <Field meta={fields.confirm} label="Type it again" type="password" autoComplete="new-password" maxLength={200} />
            <SubmitButton pending="Saving...">Set Password and Sign In</SubmitButton>
          </Form>
        )}
      </div>
    </main>
  );
}
