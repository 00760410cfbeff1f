import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorBox, ExamTypeOptions, SubmitButton } from "~/components/admin/ui";
import { ErrorList } from "~/components/forms";
import { useHydrated } from "~/lib/hooks";
import type { EditorDetails as Details } from "~/lib/test-editor-form";
import { TEST_LIMITS } from "~/lib/test-record";
import { formatDate } from "~/lib/time";

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
  const errorOf = (name: string) => <ErrorList id={`${name}-error`} errors={fieldErrors[name] ? [fieldErrors[name]] : null} />;
  return (
    <section aria-labelledby="info-heading" className="card h-fit space-y-3 p-4 lg:sticky lg:top-16">
      <h2 id="info-heading" className="font-semibold">
        Test information
      </h2>
      <Labelled id="title" label="Title">
        <input id="title" name="title" value={details.title} onChange={set("title")} className="input" maxLength={TEST_LIMITS.title} {...aria("title")} />
        {errorOf("title")}
      </Labelled>
      <Labelled id="description" label="Description">
        <textarea
          id="description"
          name="description"
          value={details.description}
          onChange={set("description")}
          className="input"
          rows={3}
          {...aria("description")}
        />
        {errorOf("description")}
      </Labelled>
      <Labelled id="examType" label="Exam type">
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
        {errorOf("examType")}
      </Labelled>
      {!hydrated || details.examType === "CUSTOM" || !knownType ? (
        <Labelled id="customExamType" label="Custom exam type name">
          <input
            id="customExamType"
            name="customExamType"
            value={details.customExamType}
            onChange={set("customExamType")}
            className="input"
            maxLength={TEST_LIMITS.examTypeName}
            {...aria("customExamType")}
          />
          {errorOf("customExamType")}
        </Labelled>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <Labelled id="duration" label="Duration (minutes)">
          <input
            id="duration"
            name="duration"
            type="number"
            min={TEST_LIMITS.duration.min}
            max={TEST_LIMITS.duration.max}
            value={details.duration}
            onChange={set("duration")}
            className="input"
            {...aria("duration")}
          />
          {errorOf("duration")}
        </Labelled>
        <Labelled id="unitNumber" label="Unit number">
          <input
            id="unitNumber"
            name="unitNumber"
            type="number"
            min={1}
            value={details.unitNumber}
            onChange={set("unitNumber")}
            className="input"
            {...aria("unitNumber")}
          />
          {errorOf("unitNumber")}
        </Labelled>
      </div>
      <Labelled id="unitName" label="Unit name">
        <input
          id="unitName"
          name="unitName"
          value={details.unitName}
          onChange={set("unitName")}
          className="input"
          maxLength={TEST_LIMITS.unitName}
          {...aria("unitName")}
        />
        {errorOf("unitName")}
      </Labelled>
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

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
    </div>
  );
}
