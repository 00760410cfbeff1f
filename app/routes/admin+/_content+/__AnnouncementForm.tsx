import { getCollectionProps, getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { ImageUrlField } from "~/routes/admin+/_content+/__ImagePreview";
import { DialogActions, ErrorBox } from "~/components/admin/ui";
import { UserPicker } from "~/routes/admin+/_content+/__UserPicker";
import { Dialog } from "~/components/Dialog";
import { ErrorList, Field, ReceiptField, TextareaField, useSchemaForm } from "~/components/forms";
import { ANNOUNCEMENT_TYPES, announcementSchema, CONTENT_LIMITS } from "~/lib/schemas/admin-schemas";
import { useHydrated } from "~/lib/browser/hooks";

export const ANNOUNCEMENT_TARGET_LABELS = [
  ["all", "Everyone"],
  ["examType", "Exam types"],
  ["specific", "Specific users"],
  ["batch", "Batches"],
] as const;

/**
 * The New Announcement and Edit Announcement dialogs: the announcement form's schema, each error beside
 * its field. Without JavaScript every target's fields show (only the chosen target's are used).
 */
export function AnnouncementForm({
  id,
  title,
  submitLabel,
  lastResult,
  defaultValue,
  examTypes,
  batches,
  timeZone,
  receipt,
  canEmail = false,
}: {
  id: string;
  title: string;
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  examTypes: ReadonlyArray<{ value: string; label: string }>;
  batches: ReadonlyArray<{ value: string; label: string }>;
  timeZone: string;
  /** New Announcement's: created once however often it is sent */
  receipt?: string;
  /** New Announcement, when the site sends mail: offer to e-mail it to its audience */
  canEmail?: boolean;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(announcementSchema, {
    id,
    lastResult,
    defaultValue: { type: "general", targetType: "all", isActive: "on", ...defaultValue },
  });
  const [target, setTarget] = useState(String(fields.targetType.initialValue ?? "all"));
  // changing the target clears the chosen exam types and users
  const [targetKey, setTargetKey] = useState(0);
  const closeHref = "/admin/announcements";
  return (
    <Dialog labelledBy={`${id}-heading`} closeHref={closeHref} className="w-[min(96vw,48rem)]">
      <Form method="post" {...getFormProps(form)} className="grid gap-4 p-5 sm:grid-cols-2">
        <ReceiptField receipt={receipt} />
        <h2 id={`${id}-heading`} className="text-xl font-bold sm:col-span-2">
          {title}
        </h2>
        <div className="sm:col-span-2">
          <ErrorBox message={form.errors?.[0]} />
        </div>
        <Field meta={fields.title} label="Title" className="sm:col-span-2" maxLength={CONTENT_LIMITS.title} />
        <TextareaField meta={fields.content} label="Content" rows={4} className="sm:col-span-2" />
        <div>
          <label htmlFor={fields.type.id} className="label">
            Type
          </label>
          <select {...getSelectProps(fields.type)} key={fields.type.key} className="input capitalize">
            {ANNOUNCEMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={fields.scheduledFor.id} className="label">
            Scheduled for (optional, {timeZone})
          </label>
          <input {...getInputProps(fields.scheduledFor, { type: "datetime-local", ariaAttributes: true })} key={fields.scheduledFor.key} className="input" />
          <ErrorList id={fields.scheduledFor.errorId} errors={fields.scheduledFor.errors} />
        </div>
        <div className="sm:col-span-2">
          <ImageUrlField meta={fields.imageUrl} label="Image URL (optional)" />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="label">Target</legend>
          <div className="flex flex-wrap gap-4">
            {getCollectionProps(fields.targetType, { type: "radio", options: ANNOUNCEMENT_TARGET_LABELS.map(([v]) => v) }).map(({ key, ...props }, i) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  {...props}
                  onChange={() => {
                    setTarget(props.value);
                    setTargetKey((k) => k + 1);
                  }}
                />
                {ANNOUNCEMENT_TARGET_LABELS[i][1]}
              </label>
            ))}
          </div>
        </fieldset>
        {!hydrated || target === "examType" ? (
          <fieldset
            className="sm:col-span-2"
            key={`types-${targetKey}`}
            aria-describedby={fields.targetExamTypes.errors ? fields.targetExamTypes.errorId : undefined}
          >
            <legend className="label">Exam types {hydrated ? "" : "(for the Exam types target)"}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {getCollectionProps(fields.targetExamTypes, { type: "checkbox", options: examTypes.map((t) => t.value) }).map(({ key, ...props }, i) => (
                <label key={key} className="flex items-center gap-2 text-sm">
                  <input {...props} defaultChecked={targetKey === 0 ? props.defaultChecked : false} />
                  {examTypes[i].label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.targetExamTypes.errorId} errors={fields.targetExamTypes.errors} />
          </fieldset>
        ) : null}
        {!hydrated || target === "batch" ? (
          <fieldset
            className="sm:col-span-2"
            key={`batches-${targetKey}`}
            aria-describedby={fields.targetBatches.errors ? fields.targetBatches.errorId : undefined}
          >
            <legend className="label">Batches {hydrated ? "" : "(for the Batches target)"}</legend>
            {batches.length ? (
              <div className="grid gap-2 sm:grid-cols-2">
                {getCollectionProps(fields.targetBatches, { type: "checkbox", options: batches.map((b) => b.value) }).map(({ key, ...props }, i) => (
                  <label key={key} className="flex items-center gap-2 text-sm">
                    <input {...props} defaultChecked={targetKey === 0 ? props.defaultChecked : false} />
                    {batches[i].label}
                  </label>
                ))}
              </div>
            ) : (
              <p className="text-sm text-slate-600">No batches yet: create them under Users → Batches.</p>
            )}
            <ErrorList id={fields.targetBatches.errorId} errors={fields.targetBatches.errors} />
          </fieldset>
        ) : null}
        {!hydrated || target === "specific" ? (
          <div className="sm:col-span-2" key={`users-${targetKey}`}>
            <UserPicker meta={fields.targetEmails} cleared={targetKey > 0} />
          </div>
        ) : null}
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input {...getInputProps(fields.isActive, { type: "checkbox" })} key={fields.isActive.key} /> Active
        </label>
        {canEmail ? (
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input {...getInputProps(fields.emailIt, { type: "checkbox" })} key={fields.emailIt.key} /> Also e-mail it to its audience (students with an e-mail
            address; only when it is active and not scheduled for later)
          </label>
        ) : null}
        <DialogActions closeHref={closeHref} intent="save" pending="Saving..." className="sm:col-span-2">
          {submitLabel}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
