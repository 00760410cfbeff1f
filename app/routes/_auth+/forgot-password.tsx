import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/ui";
import { Field, useSchemaForm } from "~/components/forms";
import { forgotPasswordSchema } from "~/lib/schemas/auth-schemas";
import { parseForm } from "~/lib/schemas/parse-form";
import { mailConfigured } from "~/lib/server/mail.server";
import { academyContact } from "~/models/academy-settings.server";
import { requireSignedOut } from "~/models/auth.server";
import { RESET_LINK_MINUTES, requestPasswordReset } from "~/models/sign-in-links.server";
import { clientAddress } from "~/models/throttle.server";

/**
 * Forgot password (/forgot-password): with the academy's mail configured, a one-time link (30 minutes) is e-mailed
 * to the account with that address; the answer is the same whether or not there is one. Without mail, the page
 * says whom to ask for a sign-in link.
 */
export const meta: MetaFunction = () => [{ title: "Forgot password" }];
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { canEmail: mailConfigured(), sent, minutes: RESET_LINK_MINUTES, contact: academyContact() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSignedOut(request);
  if (!mailConfigured()) throw new Response("This site does not send e-mail. Ask the academy for a sign-in link.", { status: 404 });
  const submission = parseForm(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await requestPasswordReset(submission.value.email, new URL(request.url).origin, clientAddress(request));
  return redirect("/forgot-password?sent=1");
}

export default function ForgotPassword() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { id: "forgot-password", lastResult: actionData?.result });
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 py-10">
      <div className="w-full max-w-md">
        <Link to="/login" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          ← Sign in
        </Link>
        <div className="card p-6 sm:p-8">
          <h1 className="text-2xl font-bold">Forgot your password?</h1>
          {!d.canEmail ? (
            <div className="mt-3 space-y-2 text-sm text-slate-700" data-testid="ask-the-academy">
              <p>This site does not send e-mail. Ask the academy for a one-time sign-in link: with it you choose a new password.</p>
              <p>
                Call <a href={`tel:${d.contact.phone.replace(/\s/g, "")}`}>{d.contact.phone}</a> or write to{" "}
                <a href={`mailto:${d.contact.email}`}>{d.contact.email}</a>.
              </p>
            </div>
          ) : d.sent ? (
            <div role="status" className="mt-3 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="reset-sent">
              If an account uses that e-mail address, we have sent a link to it. The link works once, for {d.minutes} minutes. Check your spam folder if it does
              not arrive in a few minutes.
            </div>
          ) : (
            <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
              <p className="text-sm text-slate-600">Type the e-mail address of your account. We e-mail you a link to choose a new password.</p>
              <Field meta={fields.email} label="Email Address" type="email" autoComplete="email" maxLength={200} />
              <SubmitButton pending="Sending...">Send Reset Link</SubmitButton>
            </Form>
          )}
          <p className="mt-5 text-sm text-slate-600">
            No e-mail address on your account (you sign in with a roll number or phone)? Ask the academy for a sign-in link.
          </p>
        </div>
      </div>
    </main>
  );
}
