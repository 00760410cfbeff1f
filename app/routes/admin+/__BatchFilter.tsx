import { Form } from "@remix-run/react";
import { FilterSelect } from "~/components/FilterSelect";

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
      <FilterSelect id={id} name="batch" label="Batch" defaultValue={value} allLabel="Every student" options={batches} />
      <button type="submit" className="btn-secondary">
        Show
      </button>
    </Form>
  );
}
