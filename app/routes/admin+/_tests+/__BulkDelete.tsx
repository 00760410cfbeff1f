import { Form } from "@remix-run/react";
import { DialogActions } from "~/components/admin/ui";

/** The confirmation of a bulk delete: how many tests, which ones, and the button that deletes them. */
export function ConfirmBulkDelete({
  toDelete,
  closeHref,
}: {
  toDelete: { ids: string[]; count: number; titles: string[]; archived: number };
  closeHref: string;
}) {
  if (toDelete.count === 0) return <p className="text-sm text-slate-700">No tests to delete: tick tests in the list first.</p>;
  const more = toDelete.count - toDelete.titles.length;
  return (
    <Form method="post" className="space-y-3">
      <p className="font-semibold text-red-700">
        Delete {toDelete.count} test{toDelete.count === 1 ? "" : "s"}?
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {toDelete.titles.map((t) => (
          <li key={t}>{t}</li>
        ))}
        {more > 0 ? <li>and {more} more</li> : null}
      </ul>
      <p className="text-sm text-slate-600">
        {toDelete.archived
          ? `${toDelete.archived} of them ${toDelete.archived === 1 ? "was" : "were"} attempted by students and will be archived (their results stay readable; restore them under Archived tests); ${toDelete.count - toDelete.archived} will be deleted with their questions.`
          : "None of them has been attempted: they are deleted with their questions."}
      </p>
      {toDelete.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <DialogActions closeHref={closeHref} intent="delete-selected" pending="Deleting..." danger>
        Delete {toDelete.count} Test{toDelete.count === 1 ? "" : "s"}
      </DialogActions>
    </Form>
  );
}
