import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ImageUrlField } from "~/routes/admin+/_content+/__ImagePreview";
import { DialogActions, ErrorBox } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { Field, ReceiptField, TextareaField, useSchemaForm } from "~/components/forms";
import { bookSchema, CONTENT_LIMITS } from "~/lib/schemas/admin-schemas";

/** The Add Book and Edit Book dialogs: the book record's schema, each error beside its field. */
export function BookForm({
  id,
  title,
  submitLabel,
  lastResult,
  defaultValue,
  receipt,
}: {
  id: string;
  title: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, string>;
  /** Add Book's: added once however often it is sent */
  receipt?: string;
}) {
  const [form, fields] = useSchemaForm(bookSchema, { id, lastResult, defaultValue });
  return (
    <Dialog labelledBy={`${id}-heading`} closeHref="/admin/books">
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <ReceiptField receipt={receipt} />
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          {title}
        </h2>
        <ErrorBox message={form.errors?.[0]} />
        <Field meta={fields.title} label="Title" maxLength={CONTENT_LIMITS.title} />
        <ImageUrlField meta={fields.coverUrl} label="Cover image URL" />
        <TextareaField meta={fields.description} label="Description (optional)" rows={3} />
        <DialogActions closeHref="/admin/books" intent="save" pending="Saving...">
          {submitLabel}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
