import { signedOutWhileWritingMessage } from "~/lib/rules/exam-rules";
import type { useExamSession } from "~/routes/_exam+/__useExamSession";

type Session = ReturnType<typeof useExamSession>;

/** What a finish shows while the connection is down. */
export const waitingNote = (status: Session["status"]) => (status.failing ? " (waiting for the connection)" : "");

/**
 * The lines under the exam's header (in the sticky header, so in sight wherever the student has scrolled): the
 * academy's message, signed out, reconnecting or submitting, more time given.
 */
export function ExamNotices({ session, hydrated, signInHref }: { session: Session; hydrated: boolean; signInHref: string }) {
  const { status } = session;
  return (
    <>
      {session.message ? (
        <div
          role="status"
          className="mt-2 flex items-start gap-2 rounded-lg border border-brand-300 bg-brand-50 px-3 py-1.5 text-sm text-brand-900"
          data-testid="live-message"
        >
          <p className="grow">
            <strong>Message from the academy:</strong> {session.message.text}
          </p>
          {hydrated ? (
            <button type="button" onClick={session.dismissMessage} className="px-1 text-lg leading-none" aria-label="Close the message">
              ×
            </button>
          ) : null}
        </div>
      ) : null}
      {status.signedOut ? (
        <p role="alert" className="mt-2 rounded-lg border border-red-300 bg-red-50 px-3 py-1.5 text-sm font-medium text-red-800" data-testid="signed-out">
          {signedOutWhileWritingMessage(status.unsavedAnswers, status.finishing)}{" "}
          <a href={signInHref} className="font-semibold underline">
            Sign in again
          </a>
        </p>
      ) : status.failing || status.finishing ? (
        <p role="status" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900">
          {status.finishing
            ? `Submitting…${waitingNote(status)}`
            : status.unsavedAnswers > 0
              ? `Reconnecting… ${status.unsavedAnswers} answer${status.unsavedAnswers === 1 ? "" : "s"} not saved yet. Keep this page open: they are sent when the connection is back.`
              : "Reconnecting… Keep this page open: your answers so far are saved."}
        </p>
      ) : session.extended ? (
        <p
          role="status"
          className="mt-2 rounded-lg border border-green-300 bg-green-50 px-3 py-1.5 text-sm font-medium text-green-900"
          data-testid="time-extended"
        >
          The academy gave you more time: the clock shows your new time left.
        </p>
      ) : null}
    </>
  );
}
