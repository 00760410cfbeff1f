import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorBox, ExamTypeOptions, SubmitButton } from "~/components/admin/ui";
import { ErrorList } from "~/components/forms";
import { useHydrated } from "~/lib/browser/hooks";
import type { EditorDetails as Details } from "~/lib/schemas/test-editor-form";
import { TEST_LIMITS } from "~/lib/schemas/test-record";
import { formatDate } from "~/lib/rules/time";

/**
 * The question editor's "Test information" panel. Its fields are checked by the test record's schema
 * (testDetailsSchema) on save; each error shows beside its field with aria-invalid / aria-describedby,
 * as in the Conform dialogs. The values are the editor's working copy (controlled), kept on error.
 */
export function EditorDetailsPanel({
  details,
  setDetails,
  fieldErrors,
  error,
  examTypes,
  questionCount,
  createdAt,
}: {
  details: Details;
  setDetails: (d: Details) => void;
  fieldErrors: Record<string, string>;
  error: string | null;
  examTypes: Array<{ value: string; label: string }>;
  questionCount: number;
  createdAt: number;
}) {
  const hydrated = useHydrated();
  const knownType = examTypes.some((t) => t.value === details.examType) || details.examType === "CUSTOM";
  const set = (key: keyof Details) => (e: { target: { value: string } }) => setDetails({ ...details, [key]: e.target.value });
  /** the aria wiring of a field with its error */
  const aria = (name: string) => (fieldErrors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  /** a text or number field of the panel: label, input, its error */
  const input = (
    name: TextKey,
    label: string,
    extra: { type?: "number"; min?: number; max?: number; maxLength?: number; inputMode?: "decimal"; placeholder?: string } = {},
  ) => (
    <Labelled id={name} label={label} error={fieldErrors[name]}>
      <input id={name} name={name} value={details[name]} onChange={set(name)} className="input" {...extra} {...aria(name)} />
    </Labelled>
  );
  return (
    <section aria-labelledby="info-heading" className="card h-fit space-y-3 p-4 lg:sticky lg:top-16">
      <h2 id="info-heading" className="font-semibold">
        Test information
      </h2>
      {input("title", "Title", { maxLength: TEST_LIMITS.title })}
      <Labelled id="description" label="Description" error={fieldErrors.description}>
        <textarea
          id="description"
          name="description"
          value={details.description}
          onChange={set("description")}
          className="input"
          rows={3}
          {...aria("description")}
        />
      </Labelled>
      <Labelled id="examType" label="Exam type" error={fieldErrors.examType}>
        <select
          id="examType"
          name="examType"
          value={knownType ? details.examType : "CUSTOM"}
          onChange={set("examType")}
          className="input"
          {...aria("examType")}
        >
          <ExamTypeOptions types={examTypes} />
        </select>
      </Labelled>
      {!hydrated || details.examType === "CUSTOM" || !knownType
        ? input("customExamType", "Custom exam type name", { maxLength: TEST_LIMITS.examTypeName })
        : null}
      <div className="grid grid-cols-2 gap-3">
        {input("duration", "Duration (minutes)", { type: "number", min: TEST_LIMITS.duration.min, max: TEST_LIMITS.duration.max })}
        {input("unitNumber", "Unit number", { type: "number", min: 1 })}
      </div>
      {input("unitName", "Unit name", { maxLength: TEST_LIMITS.unitName })}
      <div className="grid grid-cols-2 gap-3">
        {input("marksPerCorrect", "Marks per right answer", { inputMode: "decimal", placeholder: "1" })}
        {input("negativeMarks", "Marks off per wrong answer", { inputMode: "decimal", placeholder: "0, 0.25 or 1/3" })}
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="isActive"
          checked={details.isActive}
          onChange={(e) => setDetails({ ...details, isActive: e.target.checked })}
          className="h-4 w-4"
        />{" "}
        Active
      </label>
      <dl className="text-sm text-slate-600">
        <div className="flex justify-between">
          <dt>Total questions</dt>
          <dd className="font-semibold">{questionCount}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Created</dt>
          <dd>{formatDate(createdAt)}</dd>
        </div>
      </dl>
      <ErrorBox message={error} />
      <div className="flex gap-2">
        <Link to="/admin/csv" className="btn-secondary flex-1">
          Cancel
        </Link>
        <SubmitButton intent="save" pending="Saving..." className="btn-primary flex-1">
          Save Changes
        </SubmitButton>
      </div>
    </section>
  );
}

type TextKey = "title" | "customExamType" | "duration" | "unitNumber" | "unitName" | "marksPerCorrect" | "negativeMarks";

/** A label, its control and the control's error (the id `${id}-error` the control's aria-describedby names). */
function Labelled({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      <ErrorList id={`${id}-error`} errors={error ? [error] : null} />
    </div>
  );
}
