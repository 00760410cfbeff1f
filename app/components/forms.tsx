import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { useState, type ReactNode } from "react";
import { useHydrated } from "~/lib/browser/hooks";

/**
 * The admin form pattern: a field is its label, its control and its errors, wired together with
 * Conform (the record's zod schema runs in the action, and in the browser when JavaScript runs). The
 * control carries `aria-invalid` and `aria-describedby` pointing at its errors; the values come from
 * Conform, so the admin's input is kept when the action refuses it, with or without JavaScript.
 */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const list = (errors ?? []).filter(Boolean);
  if (!list.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type Meta = FieldMetadata<unknown>;

/**
 * The admin form pattern in one call: Conform with the record's zod schema in the browser (the action
 * parses the same schema with `parseWithZod`). Errors appear after the first submit and clear as the
 * admin types: checking on blur moved fields and buttons under the pointer between press and release,
 * and the click was lost.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: Partial<Record<keyof z.input<Schema>, unknown>> },
) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}

export function Field({
  meta,
  label,
  type = "text",
  className = "",
  hint,
  ...rest
}: {
  meta: Meta;
  label: ReactNode;
  type?: "text" | "number" | "email" | "url" | "password";
  className?: string;
  hint?: ReactNode;
  maxLength?: number;
  min?: number;
  max?: number;
  autoComplete?: string;
  inputMode?: "decimal" | "numeric";
  placeholder?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input {...getInputProps(meta, { type, ariaAttributes: true })} key={meta.key} className="input" {...rest} />
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextareaField({ meta, label, rows = 3, className = "" }: { meta: Meta; label: ReactNode; rows?: number; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <textarea {...getTextareaProps(meta, { ariaAttributes: true })} key={meta.key} rows={rows} className="input" />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * An exam-type select with its "Custom…" name field: the name shows when Custom… is chosen (always
 * without JavaScript, where it is read only for Custom…).
 */
export function ExamTypeField({
  type,
  custom,
  options,
  label = "Exam type",
}: {
  type: Meta;
  custom: Meta;
  options: Array<{ value: string; label: string }>;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(type.initialValue ?? ""));
  return (
    <>
      <div>
        <label htmlFor={type.id} className="label">
          {label}
        </label>
        <select {...getSelectProps(type, { ariaAttributes: true })} key={type.key} className="input" onChange={(e) => setValue(e.target.value)}>
          <option value="">Choose…</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          <option value="CUSTOM">Custom…</option>
        </select>
        <ErrorList id={type.errorId} errors={type.errors} />
      </div>
      {!hydrated || value === "CUSTOM" ? <Field meta={custom} label={`Custom exam type name${hydrated ? "" : " (only for Custom…)"}`} maxLength={60} /> : null}
    </>
  );
}

/** A select of the admin form pattern, with a first "Choose…" option. */
export function SelectField({
  meta,
  label,
  options,
  placeholder = "Choose…",
  className = "",
}: {
  meta: Meta;
  label: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <select {...getSelectProps(meta, { ariaAttributes: true })} key={meta.key} className="input">
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A date and time field (datetime-local) of the admin form pattern. */
export function DateTimeField({ meta, label, className = "" }: { meta: Meta; label: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input {...getInputProps(meta, { type: "datetime-local", ariaAttributes: true })} key={meta.key} className="input" />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A create form's receipt (its loader's `newId()`): the server does the form's work once (oncePerForm in app/models/form-receipts.server.ts). */
export function ReceiptField({ receipt }: { receipt?: string }) {
  return receipt ? <input type="hidden" name="receipt" value={receipt} /> : null;
}
