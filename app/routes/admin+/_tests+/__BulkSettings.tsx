import type { FieldMetadata } from "@conform-to/react";
import { DateTimeField, SelectField } from "~/components/forms";
import { AnswerReleaseField, MaxAttemptsField, PatternFields } from "~/routes/admin+/_tests+/__PatternFields";

type Meta = FieldMetadata<unknown>;

/** Bulk Upload's settings for every file's test: attempts, answer release, marking, window, batch, published or not. */
export function BulkSettings({
  fields,
  batches,
}: {
  fields: Record<"maxAttempts" | "answerRelease" | "marksPerCorrect" | "negativeMarks" | "opensAt" | "closesAt" | "batchId" | "publish", Meta>;
  batches: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2" data-testid="bulk-settings">
      <legend className="px-1 text-sm font-semibold">Settings for every file's test</legend>
      <MaxAttemptsField meta={fields.maxAttempts} />
      <AnswerReleaseField meta={fields.answerRelease} />
      <PatternFields marksPerCorrect={fields.marksPerCorrect} negativeMarks={fields.negativeMarks} />
      <DateTimeField meta={fields.opensAt} label="Opens (optional)" />
      <DateTimeField meta={fields.closesAt} label="Closes (optional)" />
      <SelectField meta={fields.batchId} label="Give to a batch (optional)" options={batches} placeholder="Every student of the exam type" />
      <SelectField
        meta={fields.publish}
        label="Publish"
        options={[
          { value: "active", label: "Active at once (files with flagged rows stay inactive)" },
          { value: "inactive", label: "Inactive: publish after a look" },
        ]}
        placeholder="Active at once"
      />
    </fieldset>
  );
}
