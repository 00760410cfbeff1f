import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DialogActions } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, useSchemaForm } from "~/components/forms";
import { SECTION_NAME_MAX } from "~/lib/rules/sections";
import { plural } from "~/lib/rules/words";
import { bankTagsSchema } from "~/lib/schemas/bank-schemas";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { bankQuestionOr404, setBankTags } from "~/models/bank.server";
import { RichText } from "~/components/RichText";

/** Edit a bank question's topic and section, a dialog route over the question bank (/admin/bank/:key/tags). */
export const meta: MetaFunction = () => [{ title: "Edit tags" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = bankQuestionOr404(params.key);
  return { question: { key: q.key, text: q.question, topic: q.topic ?? "", section: q.section ?? "", tests: q.tests } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const q = bankQuestionOr404(params.key);
  const submission = parseForm(await request.formData(), { schema: bankTagsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const r = setBankTags(q.key, submission.value);
    logActivity(admin, "bank-tags", { target: q.question.slice(0, 120), detail: `topic "${submission.value.topic}", section "${submission.value.section}"` });
    const kept = r.sectionsKept ? `; the section stays as it was in ${plural(r.sectionsKept, "version")} students have sat (it orders their paper)` : "";
    const back = `/admin/bank${new URL(request.url).search}`;
    return redirectWithFlash(back, { type: "success", text: `Tags saved in ${plural(r.tests, "test")}${kept}` });
  } catch (error) {
    return formFailed(error, "bank tags", submission, "The tags could not be saved. Please try again.");
  }
}

export default function EditBankTags() {
  const { question } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = `/admin/bank${useLocation().search}`;
  const [form, fields] = useSchemaForm(bankTagsSchema, {
    id: `bank-tags-${question.key}`,
    lastResult: actionData?.result,
    defaultValue: { topic: question.topic, section: question.section },
  });
  return (
    <Dialog labelledBy="bank-tags-heading" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <h2 id="bank-tags-heading" className="text-xl font-bold">
          Edit tags
        </h2>
        <p className="line-clamp-3 text-sm text-slate-600">
          <RichText text={question.text} />
        </p>
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <Field meta={fields.topic} label="Topic" maxLength={SECTION_NAME_MAX} hint='For example "Chaucer". Empty: no topic.' autoComplete="off" />
        <Field
          meta={fields.section}
          label="Section"
          maxLength={SECTION_NAME_MAX}
          hint="Changed only where no student has sat the question yet."
          autoComplete="off"
        />
        <p className="text-xs text-slate-600">The tags change in every test that has this question ({plural(question.tests, "test")}).</p>
        <DialogActions closeHref={closeHref} intent="save" pending="Saving...">
          Save Tags
        </DialogActions>
      </Form>
    </Dialog>
  );
}
