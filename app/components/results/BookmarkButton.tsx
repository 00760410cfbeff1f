import { Form } from "@remix-run/react";

/** The star of a question (a review's or My mistakes'): a form that posts to /mistakes and comes back here. */
export function BookmarkButton({
  target,
  bookmarked,
  redirectTo,
}: {
  target: { testId: string; version: number; questionId: string };
  bookmarked: boolean;
  redirectTo: string;
}) {
  return (
    <Form method="post" action="/mistakes" preventScrollReset className="shrink-0 print:hidden">
      <input type="hidden" name="testId" value={target.testId} />
      <input type="hidden" name="version" value={target.version} />
      <input type="hidden" name="questionId" value={target.questionId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        name="intent"
        value={bookmarked ? "unbookmark" : "bookmark"}
        aria-pressed={bookmarked}
        className={`rounded-md border px-2 py-1 text-xs font-medium ${bookmarked ? "border-amber-400 bg-amber-50 text-amber-900" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
      >
        <span aria-hidden="true">{bookmarked ? "★" : "☆"}</span> {bookmarked ? "Bookmarked" : "Bookmark"}
      </button>
    </Form>
  );
}
