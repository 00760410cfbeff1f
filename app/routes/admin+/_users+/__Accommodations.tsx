import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorBox, SubmitButton } from "~/components/admin/ui";
import { DateTimeField, Field, SelectField, useSchemaForm } from "~/components/forms";
import { formatDateTime } from "~/lib/rules/time";
import { ACCOMMODATION_LIMITS } from "~/lib/rules/accommodation";
import { accommodationSchema } from "~/lib/schemas/accommodation-schema";

type Row = {
  id: string;
  testId: string | null;
  testTitle: string | null;
  extraMinutes: number;
  extraPercent: number;
  extraAttempts: number;
  opensAt: Date | string | null;
  closesAt: Date | string | null;
  note: string;
};

/** What an accommodation gives, in words: "+15 min · +1 attempt". */
function gives(r: Row, timeZone: string): string {
  return [
    r.extraMinutes ? `+${r.extraMinutes} min` : null,
    r.extraPercent ? `+${r.extraPercent}% time` : null,
    r.extraAttempts ? `+${r.extraAttempts} attempt${r.extraAttempts === 1 ? "" : "s"}` : null,
    r.opensAt || r.closesAt
      ? `own window: ${r.opensAt ? formatDateTime(r.opensAt, timeZone) : "as the test"} to ${r.closesAt ? formatDateTime(r.closesAt, timeZone) : "as the test"}`
      : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A student's accommodations on their page (Moodle's user overrides): more time (minutes or a share of the
 * duration) and more attempts, for one test or every test. The start card, the timer, the deadline sweep and
 * the attempt limit use them.
 */
export function Accommodations({
  rows,
  tests,
  timeZone,
  lastResult,
}: {
  rows: readonly Row[];
  timeZone: string;
  tests: ReadonlyArray<{ value: string; label: string }>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(accommodationSchema, { id: "accommodation", lastResult });
  return (
    <section className="card mb-4 p-4" aria-labelledby="accommodations-heading">
      <h2 id="accommodations-heading" className="font-semibold">
        Accommodations
      </h2>
      <p className="text-sm text-slate-600">More time or more attempts for this student, on one test or on every test (a test's own wins).</p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">None.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="accommodations">
          {rows.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{r.testId ? (r.testTitle ?? "A deleted test") : "Every test"}</span>: {gives(r, timeZone)}
                {r.note ? <span className="text-slate-500"> ({r.note})</span> : null}
              </span>
              <Form method="post">
                <input type="hidden" name="id" value={r.id} />
                <SubmitButton intent="accommodation-delete" pending="Removing..." className="btn-secondary px-2 py-1 text-xs">
                  Remove
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-3">
        <div className="sm:col-span-3">
          <ErrorBox message={form.errors?.[0]} />
        </div>
        <SelectField meta={fields.testId} label="Test" options={tests} placeholder="Every test" className="sm:col-span-3" />
        <Field meta={fields.extraMinutes} label="Extra minutes" type="number" min={0} max={ACCOMMODATION_LIMITS.extraMinutes} />
        <Field meta={fields.extraPercent} label="or extra time %" type="number" min={0} max={ACCOMMODATION_LIMITS.extraPercent} />
        <Field meta={fields.extraAttempts} label="Extra attempts" type="number" min={0} max={ACCOMMODATION_LIMITS.extraAttempts} />
        <DateTimeField meta={fields.opensAt} label={`Personal window opens (one test; ${timeZone})`} />
        <DateTimeField meta={fields.closesAt} label="Personal window closes" />
        <p className="self-end pb-2 text-xs text-slate-500">
          Replaces the test's own times for this student; ranks and answers after the window wait for the latest close.
        </p>
        <Field meta={fields.note} label="Note (why; kept)" maxLength={ACCOMMODATION_LIMITS.note} className="sm:col-span-2" />
        <div className="flex items-end">
          <SubmitButton intent="accommodation-save" pending="Saving...">
            Save accommodation
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
