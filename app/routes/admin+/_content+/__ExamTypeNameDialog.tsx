import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { DialogActions } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, ReceiptField, useSchemaForm } from "~/components/forms";
import { examTypeNameSchema, MAX_EXAM_TYPE_NAME } from "~/lib/rules/exam-type-rules";

/** The Add and Edit Custom Exam Type dialogs: one name, by examTypeNameSchema, its error beside the field. */
export function ExamTypeNameDialog({
  id,
  title,
  hint,
  intent,
  pending,
  submitLabel,
  lastResult,
  defaultName,
  receipt,
}: {
  id: string;
  title: string;
  hint: string;
  intent: string;
  pending: string;
  submitLabel: ReactNode;
  lastResult?: SubmissionResult<string[]> | null;
  defaultName?: string;
  /** Add's: created once however often it is sent */
  receipt?: string;
}) {
  const [form, fields] = useSchemaForm(examTypeNameSchema, { id, lastResult, defaultValue: defaultName === undefined ? undefined : { name: defaultName } });
  return (
    <Dialog labelledBy={`${id}-heading`} closeHref="/admin/exam-types">
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <ReceiptField receipt={receipt} />
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          {title}
        </h2>
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <Field meta={fields.name} label="Name" maxLength={MAX_EXAM_TYPE_NAME} hint={hint} autoComplete="off" />
        <DialogActions closeHref="/admin/exam-types" intent={intent} pending={pending}>
          {submitLabel}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
