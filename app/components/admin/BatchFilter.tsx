import { Form } from "@remix-run/react";

/** A page's batch filter (a GET form: works without JavaScript): every student, or one batch's. */
export function BatchFilter({
  id,
  batches,
  value,
  className = "",
}: {
  id: string;
  batches: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  className?: string;
}) {
  if (!batches.length) return null;
  return (
    <Form method="get" className={`flex flex-wrap items-end gap-2 print:hidden ${className}`}>
      <div>
        <label htmlFor={id} className="label">
          Batch
        </label>
        <select id={id} name="batch" defaultValue={value} className="input">
          <option value="">Every student</option>
          {batches.map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary">
        Show
      </button>
    </Form>
  );
}
