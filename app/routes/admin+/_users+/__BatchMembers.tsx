import { Form, Link } from "@remix-run/react";
import { EmptyState, SubmitButton } from "~/components/admin/ui";
import { formatDate } from "~/lib/rules/time";

type Student = { id: string; name: string; signInName: string };

/** A batch page's "Add students": a search, then the ticked students of its results added (JavaScript or not). */
export function AddStudents({ find, found }: { find: string; found: Array<Student & { inBatch: number }> }) {
  return (
    <section aria-labelledby="add-heading" className="card p-4">
      <h2 id="add-heading" className="font-semibold">
        Add students
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Search by name, e-mail or roll number. To add many at once, filter the{" "}
        <Link to="/admin/users" className="font-medium text-brand-700 hover:underline">
          user list
        </Link>{" "}
        and choose Bulk actions → Add to a batch (the ticked students, or all matching).
      </p>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="find-students" className="label">
            Find students
          </label>
          <input id="find-students" name="find" type="search" defaultValue={find} className="input" placeholder="Name, e-mail or roll number" />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </Form>
      {find ? (
        found.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No student matches "{find}".</p>
        ) : (
          <Form method="post" className="mt-3">
            <ul className="divide-y divide-slate-100 rounded border border-slate-200">
              {found.map((s) => (
                <li key={s.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <input type="checkbox" name="ids" value={s.id} id={`add-${s.id}`} disabled={!!s.inBatch} className="h-4 w-4" />
                  <label htmlFor={`add-${s.id}`} className="min-w-0 flex-1 break-words">
                    <span className="font-medium">{s.name}</span> <span className="text-slate-600">{s.signInName}</span>
                    {s.inBatch ? <span className="text-slate-600"> · already in this batch</span> : null}
                  </label>
                </li>
              ))}
            </ul>
            <SubmitButton intent="add" pending="Adding..." className="btn-primary mt-3">
              Add Ticked Students
            </SubmitButton>
          </Form>
        )
      ) : null}
    </section>
  );
}

/** A batch page's students: one page of them, each tickable for Remove. */
export function MemberList({ q, total, rows }: { q: string; total: number; rows: Array<Student & { status: string; addedAt: number }> }) {
  return (
    <section aria-labelledby="members-heading" className="card p-4">
      <h2 id="members-heading" className="font-semibold">
        Students ({total})
      </h2>
      <Form method="get" className="mt-2 flex flex-wrap items-end gap-2">
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="member-q" className="label">
            Search this batch
          </label>
          <input id="member-q" name="q" type="search" defaultValue={q} className="input" />
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      {rows.length === 0 ? (
        <div className="mt-3">
          <EmptyState
            title={q ? "No student of this batch matches" : "No students in this batch yet"}
            text={q ? "Try another name." : "Add them above, or from the user list."}
          />
        </div>
      ) : (
        <Form method="post" className="mt-3">
          <ul className="divide-y divide-slate-100 rounded border border-slate-200">
            {rows.map((s) => (
              <li key={s.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid="member-row">
                <input type="checkbox" name="ids" value={s.id} id={`member-${s.id}`} className="h-4 w-4" />
                <label htmlFor={`member-${s.id}`} className="min-w-0 flex-1 break-words">
                  <span className="font-medium">{s.name}</span> <span className="text-slate-600">{s.signInName}</span>
                  {s.status === "inactive" ? <span className="text-slate-600"> · inactive</span> : null}
                </label>
                <span className="hidden text-xs text-slate-600 sm:inline">added {formatDate(s.addedAt)}</span>
              </li>
            ))}
          </ul>
          <SubmitButton intent="remove" pending="Removing..." className="btn-secondary mt-3">
            Remove Ticked Students
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
