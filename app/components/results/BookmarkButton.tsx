import { Form, useNavigation } from "@remix-run/react";
import { type StarTarget, starValue } from "~/lib/rules/star";

/**
 * The one star form of a list of questions (a review, My mistakes): it posts to /mistakes and comes back to
 * `redirectTo`. The questions' star buttons sit beside them and name it with their `form` attribute.
 */
export function StarForm({ id, redirectTo }: { id: string; redirectTo: string }) {
  return (
    <Form id={id} method="post" action="/mistakes" preventScrollReset className="hidden">
      <input type="hidden" name="redirectTo" value={redirectTo} />
    </Form>
  );
}

/** The star of a question: a submit button of the list's star form (`form`), "Saving…" while it posts. */
export function BookmarkButton({ form, target, bookmarked }: { form: string; target: StarTarget; bookmarked: boolean }) {
  const value = starValue(!bookmarked, target);
  const pending = useNavigation().formData?.get("star") === value;
  return (
    <button
      type="submit"
      form={form}
      name="star"
      value={value}
      aria-pressed={bookmarked}
      disabled={pending}
      className={`shrink-0 rounded-md border px-2 py-1 text-xs font-medium print:hidden ${bookmarked ? "border-amber-400 bg-amber-50 text-amber-900" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
    >
      <span aria-hidden="true">{bookmarked ? "★" : "☆"}</span>
      {pending ? " Saving…" : bookmarked ? " Bookmarked" : " Bookmark"}
    </button>
  );
}
