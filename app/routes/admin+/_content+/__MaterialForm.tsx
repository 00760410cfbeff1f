import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ImageUrlField } from "~/routes/admin+/_content+/__ImagePreview";
import { DialogActions, ErrorBox } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { getCollectionProps } from "@conform-to/react";
import { ErrorList, Field, ReceiptField, SelectField, TextareaField, useSchemaForm } from "~/components/forms";
import { CONTENT_LIMITS, materialSchema } from "~/lib/schemas/admin-schemas";

/** The Add Material and Edit Material dialogs: the material record's schema, each error beside its field. */
export function MaterialForm({
  id,
  title,
  submitLabel,
  lastResult,
  defaultValue,
  examTypes,
  batches,
  receipt,
}: {
  id: string;
  title: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, string | string[]>;
  examTypes: ReadonlyArray<{ value: string; label: string }>;
  batches: ReadonlyArray<{ value: string; label: string }>;
  /** Add Material's: added once however often it is sent */
  receipt?: string;
}) {
  const [form, fields] = useSchemaForm(materialSchema, { id, lastResult, defaultValue });
  const closeHref = "/admin/materials";
  return (
    <Dialog labelledBy={`${id}-heading`} closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-5">
        <ReceiptField receipt={receipt} />
        <h2 id={`${id}-heading`} className="text-xl font-bold">
          {title}
        </h2>
        <ErrorBox message={form.errors?.[0]} />
        <Field meta={fields.title} label="Title" maxLength={CONTENT_LIMITS.title} />
        <TextareaField meta={fields.description} label="Description" rows={2} />
        <SelectField meta={fields.examType} label="Exam type" options={examTypes} />
        <Field meta={fields.googleDriveLink} label="Google Drive link" type="url" hint="https://drive.google.com/file/d/…/view or a Google Docs link" />
        <ImageUrlField meta={fields.thumbnailUrl} label="Thumbnail image URL" />
        {batches.length ? (
          <fieldset aria-describedby={fields.batches.errors ? fields.batches.errorId : undefined}>
            <legend className="label">Only for these batches (optional)</legend>
            <p className="mb-2 text-xs text-slate-600">
              Ticked: only their students see it, on their dashboard. None: it is free for everyone on the home page.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {getCollectionProps(fields.batches, { type: "checkbox", options: batches.map((b) => b.value) }).map(({ key, ...props }, i) => (
                <label key={key} className="flex items-center gap-2 text-sm">
                  <input {...props} />
                  {batches[i].label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.batches.errorId} errors={fields.batches.errors} />
          </fieldset>
        ) : null}
        <DialogActions closeHref={closeHref} intent="save" pending="Saving...">
          {submitLabel}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
