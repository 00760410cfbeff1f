import { Form } from "@remix-run/react";
import { Dialog, DialogCloseLink } from "~/components/Dialog";
import { waitingNote } from "~/routes/_exam+/__ExamNotices";
import type { useExamSession } from "~/routes/_exam+/__useExamSession";

/**
 * The exam's end: the attempt closed (time up, or submitted in another tab) leads to the results; Finish Test asks
 * first, with what is unanswered and marked for review. Without JavaScript the dialog is an address
 * (`?confirm`) and Submit Test a form post.
 */
export function FinishDialog({
  session,
  questionIds,
  open,
  onClose,
  resultsUrl,
  stayHref,
}: {
  session: ReturnType<typeof useExamSession>;
  questionIds: string[];
  open: boolean;
  onClose: () => void;
  resultsUrl: string;
  /** the exam at the question shown (Cancel) */
  stayHref: string;
}) {
  if (!session.ended && !open) return null;
  const numbers = (which: (id: string) => boolean) => questionIds.flatMap((id, i) => (which(id) ? [i + 1] : []));
  const unanswered = numbers((id) => (session.entries[id]?.chosen ?? null) === null);
  const marked = numbers((id) => session.entries[id]?.marked === true);
  const { status } = session;
  return session.ended ? (
    <Dialog labelledBy="ended-heading" closeHref={resultsUrl} onClose={() => window.location.assign(resultsUrl)}>
      <div className="p-6">
        <h2 id="ended-heading" className="text-lg font-bold">
          {session.ended === "elsewhere" ? "This test was submitted in another tab" : "This attempt is closed"}
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          {session.ended === "elsewhere"
            ? "Your answers were submitted from another tab or window of this browser."
            : "Time is up, or the attempt was submitted elsewhere. Your saved answers have been scored."}
        </p>
        <a href={resultsUrl} className="btn-primary mt-5">
          View result
        </a>
      </div>
    </Dialog>
  ) : (
    <Dialog labelledBy="confirm-heading" closeHref={stayHref} onClose={status.finishing ? () => {} : onClose}>
      <Form
        method="post"
        replace
        onSubmit={(e) => {
          if (!session.runsInPage()) return;
          e.preventDefault();
          session.finish();
        }}
        className="p-6"
      >
        <h2 id="confirm-heading" className="text-lg font-bold">
          Submit the test?
        </h2>
        <p className="mt-2 text-sm text-slate-700">
          You have answered {questionIds.length - unanswered.length} of {questionIds.length} questions.
        </p>
        <p className="mt-2 text-sm text-slate-700">Unanswered: {unanswered.length ? unanswered.join(", ") : "none"}</p>
        <p className="mt-1 text-sm text-slate-700">Marked for review: {marked.length ? marked.join(", ") : "none"}</p>
        {status.finishing ? (
          <p role="status" className="mt-3 text-sm font-medium text-amber-800">
            Submitting…{waitingNote(status)}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="finish" />
        <div className="mt-5 flex justify-end gap-2">
          {status.finishing ? null : (
            <DialogCloseLink href={stayHref} onClose={onClose}>
              Cancel
            </DialogCloseLink>
          )}
          <button type="submit" className="btn-danger" disabled={status.finishing}>
            {status.finishing ? "Submitting..." : "Submit Test"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
