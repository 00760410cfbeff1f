import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ExamTypeNameDialog } from "~/routes/admin+/_content+/__ExamTypeNameDialog";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { examTypeNameSchema } from "~/lib/rules/exam-type-rules";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { newId } from "~/lib/server/ids.server";
import { createCustomExamType } from "~/models/exam-type.server";
import { oncePerForm, repeatMessage } from "~/models/form-receipts.server";

/** Add Custom Exam Type, a dialog route over the Exam Types tab (/admin/exam-types/new). */
export const meta: MetaFunction = () => [{ title: "Add Custom Exam Type" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { receipt: newId() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: examTypeNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const once = await oncePerForm(
      form.get("receipt"),
      "exam-type-new",
      () => createCustomExamType(submission.value.name),
      (r) => r.ok,
    );
    if (once.repeated) return redirectWithFlash("/admin/exam-types", repeatMessage(once.kept, "This exam type was already created"));
    const r = once.result;
    if (!r.ok) return data({ result: submission.reply({ fieldErrors: { name: [r.error] } }) }, { status: 400 });
  } catch (error) {
    return formFailed(error, "create exam type", submission, "Failed to create custom exam type");
  }
  return redirectWithFlash("/admin/exam-types", { type: "success", text: "Custom exam type created successfully" });
}

export default function AddExamType() {
  const { receipt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ExamTypeNameDialog
      id="add-exam-type"
      title="Add Custom Exam Type"
      hint="The value is the name in capitals with underscores, e.g. KERALA_SET."
      intent="create"
      pending="Creating..."
      submitLabel="Create"
      lastResult={actionData?.result}
      receipt={receipt}
    />
  );
}
