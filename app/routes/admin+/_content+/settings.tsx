import { getCollectionProps, getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink, PageHeader, SubmitButton } from "~/components/admin/ui";
import { ErrorList, Field, useSchemaForm } from "~/components/forms";
import { parseForm } from "~/lib/schemas/parse-form";
import { academySettingsSchema } from "~/lib/schemas/settings-schemas";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { academySettingsPage, saveAcademySettings } from "~/models/academy-settings.server";
import { requireAdmin } from "~/models/auth.server";

/**
 * Admin → Academy settings (/admin/settings): the contact the site shows (the landing page, the footer, book
 * orders, a student with no exam yet) and the exams a new student may choose at sign-up.
 */
export const meta: MetaFunction = () => [{ title: "Academy settings" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return academySettingsPage();
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: academySettingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  saveAcademySettings(submission.value, admin.name);
  return redirectWithFlash("/admin/settings", { type: "success", text: "Academy settings saved" });
}

export default function AcademySettings() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(academySettingsSchema, {
    id: "academy-settings",
    lastResult: actionData?.result,
    defaultValue: { phone: d.phone, whatsappNumber: d.whatsappNumber, email: d.email, address: d.address, selfSignUpExamTypes: d.selfSignUpExamTypes },
  });
  return (
    <main className="max-w-3xl">
      <BackLink to="/admin">Overview</BackLink>
      <PageHeader title="Academy settings" description="What students see of the academy, and what a new student may choose." />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <section className="card space-y-4 p-5" aria-labelledby="contact-heading">
          <h2 id="contact-heading" className="text-lg font-semibold">
            Contact
          </h2>
          <p className="text-sm text-slate-600">Shown on the landing page and its footer, on book orders, and to a student who has no exam yet.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field meta={fields.phone} label="Phone" autoComplete="off" maxLength={40} />
            <Field meta={fields.whatsappNumber} label="WhatsApp number (with country code)" inputMode="numeric" maxLength={20} />
            <Field meta={fields.email} label="E-mail" type="email" maxLength={200} />
            <Field meta={fields.address} label="Address" maxLength={200} />
          </div>
        </section>
        <section className="card p-5" aria-labelledby="signup-heading">
          <fieldset aria-describedby={fields.selfSignUpExamTypes.errorId}>
            <legend id="signup-heading" className="text-lg font-semibold">
              Exams open to self sign-up
            </legend>
            <p className="mt-1 text-sm text-slate-600">
              A new student may choose these when creating an account, and sees their tests at once. None ticked: the academy assigns every exam (a batch's join
              code still works).
            </p>
            <div className="mt-3 grid gap-2 sm:grid-cols-3">
              {getCollectionProps(fields.selfSignUpExamTypes, { type: "checkbox", options: d.examTypeOptions.map((o) => o.value) }).map(({ key, ...props }) => (
                <label key={key} className="flex items-center gap-2 text-sm">
                  <input {...props} />
                  {d.examTypeOptions.find((o) => o.value === props.value)?.label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.selfSignUpExamTypes.errorId} errors={fields.selfSignUpExamTypes.errors} />
          </fieldset>
        </section>
        <SubmitButton pending="Saving...">Save Settings</SubmitButton>
      </Form>
    </main>
  );
}
