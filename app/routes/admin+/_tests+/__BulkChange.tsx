import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, ErrorBox, HiddenListFilters } from "~/components/admin/ui";
import { DateTimeField, Field, SelectField, useSchemaForm } from "~/components/forms";
import { TEST_LIST_KEYS } from "~/lib/rules/list-href";
import { ANSWER_RELEASE_CHOICES } from "~/lib/rules/answer-release";
import { BULK_CHANGE_MESSAGE, bulkChangeSchema } from "~/lib/schemas/test-record";

/** The flash message's words for each change. */
export const BULK_CHANGE_WORDS = {
  activate: "activated",
  deactivate: "deactivated",
  release: "when answers are shown set",
  "set-window": "window set",
  "clear-window": "window cleared",
  "exam-type": "exam type set",
  unit: "unit set",
} as const;

const CHANGE_CHOICES = [
  { value: "activate", label: "Activate" },
  { value: "deactivate", label: "Deactivate" },
  { value: "release", label: "Set when answers are shown" },
  { value: "set-window", label: "Set the availability window" },
  { value: "clear-window", label: "Clear the availability window" },
  { value: "exam-type", label: "Set the exam type" },
  { value: "unit", label: "Set the unit" },
];

/**
 * Bulk Operations' change of many tests: which tests (the ticked ones, or every test the list's filters match,
 * read again when the change is made), what to change, and the button that does it.
 */
export function BulkChangeConfirm({
  toChange,
  matching,
  closeHref,
  lastResult,
  examTypes,
  timeZone,
}: {
  examTypes: ReadonlyArray<{ value: string; label: string }>;
  timeZone: string;
  toChange: { ids: string[]; count: number; titles: string[] };
  matching: boolean;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(bulkChangeSchema, { id: "bulk-change", lastResult });
  if (toChange.count === 0) return <p className="text-sm text-slate-700">No tests to change: tick tests in the list, or change the filters.</p>;
  const more = toChange.count - toChange.titles.length;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <p className="font-semibold">
        Change {toChange.count} test{toChange.count === 1 ? "" : "s"}
        {matching ? " (every test matching the filters)" : ""}:
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {toChange.titles.map((t) => (
          <li key={t}>{t}</li>
        ))}
        {more > 0 ? <li>and {more} more</li> : null}
      </ul>
      <ErrorBox message={form.errors?.[0]} />
      {matching ? (
        <>
          <input type="hidden" name="matching" value="1" />
          <HiddenListFilters keys={TEST_LIST_KEYS} />
        </>
      ) : (
        toChange.ids.map((id) => <input key={id} type="hidden" name="ids" value={id} />)
      )}
      <SelectField meta={fields.change} label="What to change" options={CHANGE_CHOICES} placeholder={BULK_CHANGE_MESSAGE} />
      <SelectField
        meta={fields.answerRelease}
        label="Answers and explanations shown to students (for “Set when answers are shown”)"
        options={ANSWER_RELEASE_CHOICES}
        placeholder="Default: after the window closes, if it has one"
      />
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">For “Set the availability window” ({timeZone})</legend>
        <DateTimeField meta={fields.opensAt} label="Opens at" />
        <DateTimeField meta={fields.closesAt} label="Closes at" />
      </fieldset>
      <SelectField meta={fields.examType} label="For “Set the exam type”" options={examTypes} placeholder="Choose an exam type…" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field meta={fields.unitNumber} label="For “Set the unit”: unit number" type="number" min={1} hint="Empty: outside any unit." />
        <Field meta={fields.unitName} label="Unit name" />
      </div>
      <DialogActions closeHref={closeHref} intent="change-selected" pending="Changing...">
        Change {toChange.count} Test{toChange.count === 1 ? "" : "s"}
      </DialogActions>
    </Form>
  );
}
