import type { FieldMetadata } from "@conform-to/react";
import { Field, SelectField } from "~/components/forms";
import { ANSWER_RELEASE_CHOICES } from "~/lib/rules/answer-release";
import { TEST_LIMITS } from "~/lib/schemas/test-record";

/** A test's max attempts (Edit Test, the single upload, bulk upload's settings): empty is unlimited. */
export function MaxAttemptsField({ meta }: { meta: FieldMetadata<unknown> }) {
  return <Field meta={meta} label="Max attempts (empty = unlimited)" type="number" min={1} max={TEST_LIMITS.maxAttempts.max} />;
}

/** When students see a test's answers (Edit Test, the single upload, bulk upload's settings; app/lib/rules/answer-release.ts). */
export function AnswerReleaseField({ meta, className }: { meta: FieldMetadata<unknown>; className?: string }) {
  return (
    <SelectField
      meta={meta}
      label="Answers and explanations shown to students"
      options={ANSWER_RELEASE_CHOICES}
      placeholder="Default: after the window closes, if it has one"
      className={className}
    />
  );
}

/**
 * The exam pattern's two fields (Edit Test and the single upload): marks per right answer and marks off per
 * wrong answer, typed as "2", "0.25" or "1/3" (app/lib/rules/exam-pattern.ts). Empty is +1 / 0.
 */
export function PatternFields({
  marksPerCorrect,
  negativeMarks,
  editing = false,
}: {
  marksPerCorrect: FieldMetadata<unknown>;
  negativeMarks: FieldMetadata<unknown>;
  /** Edit Test: saving a change re-marks the finished attempts, and says so */
  editing?: boolean;
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Marking (exam pattern)</legend>
      <Field meta={marksPerCorrect} label="Marks per right answer" inputMode="decimal" placeholder="1" />
      <Field meta={negativeMarks} label="Marks off per wrong answer" inputMode="decimal" placeholder="0, 0.25 or 1/3" />
      <p className="text-xs text-slate-500 sm:col-span-2">
        A question with its own marks (the CSV's <code>marks</code> column) keeps them. An unanswered question scores 0.
        {editing ? " Saving a change re-marks every finished attempt of this test." : ""}
      </p>
    </fieldset>
  );
}
