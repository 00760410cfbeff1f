import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, ReceiptField, useSchemaForm } from "~/components/forms";
import { MAX_BATCH_NAME } from "~/lib/rules/batches";
import { batchSchema } from "~/lib/schemas/batch-schemas";

/** The New Batch and Edit Batch dialogs: one name by batchSchema (and, when editing, Archived). */
export function BatchNameDialog({
  id,
  title,
  submitLabel,
  pending,
  closeHref,
  lastResult,
  defaultValue,
  editing = false,
  receipt,
}: {
  id: string;
  title: string;
  submitLabel: string;
  pending: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: { name: string; archived?: string };
  editing?: boolean;
  /** New Batch's: created once however often it is sent */
  receipt?: string;
}) {
  const [form, fields] = useSchemaForm(batchSchema, { id, lastResult, defaultValue });
  return (
    <Dialog labelledBy={`${id}-heading`} closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <ReceiptField receipt={receipt} />
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          {title}
        </h2>
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <Field meta={fields.name} label="Name" maxLength={MAX_BATCH_NAME} hint='For example "PG TRB weekend batch 2026".' autoComplete="off" />
        {editing ? (
          <label className="flex items-start gap-2 text-sm">
            <input {...getInputProps(fields.archived, { type: "checkbox" })} className="mt-1 h-4 w-4" /> Archived: left out of the pickers and filters. Its
            students keep what it was given.
          </label>
        ) : null}
        <DialogActions closeHref={closeHref} intent="save" pending={pending}>
          {submitLabel}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
