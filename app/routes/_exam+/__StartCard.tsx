// The start card of a test (/test/:id before an attempt): what the test is, the attempts left, and Start.
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Dialog, DialogCloseLink } from "~/components/Dialog";
import { useHydrated, useStartWithExam } from "~/lib/browser/hooks";
import type { ReadyPage, ExamFormRefusal } from "~/routes/_exam+/__exam-page-data";

export function StartCard({ page }: { page: ReadyPage }) {
  const actionData = useActionData<ExamFormRefusal>();
  const navigation = useNavigation();
  const { test, allowance } = page;
  // with JavaScript, Start is one request answered with the exam; without, the form posts and redirects
  const start = useStartWithExam(test.id);
  // (marks the forms whose Start goes through the JSON endpoint; the request-count tests wait for it)
  const startsWithExam = useHydrated() ? "" : undefined;
  const starting = start.starting || (navigation.state !== "idle" && navigation.formData?.get("intent") === "start");
  const startError = start.error ?? (actionData && "error" in actionData ? actionData.error : null);
  const [params] = useSearchParams();
  const confirmStart = params.get("start") === "confirm";
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <Link to="/dashboard" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to Dashboard
      </Link>
      <div className="card mt-3 p-6">
        <span className="badge bg-brand-100 text-brand-800">{test.examType}</span>
        <h1 className="mt-2 text-2xl font-bold">{test.title}</h1>
        {test.description ? <p className="mt-2 text-slate-600">{test.description}</p> : null}
        <dl className="mt-5 grid grid-cols-3 gap-3 text-center">
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Duration</dt>
            <dd className="text-lg font-bold">{test.duration} min</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Questions</dt>
            <dd className="text-lg font-bold">{test.totalQuestions}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">Format</dt>
            <dd className="text-lg font-bold">MCQ</dd>
          </div>
        </dl>
        {page.closesNote && allowance.allowed ? (
          <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="closes-note">
            {page.closesNote}
          </p>
        ) : null}
        <h2 className="mt-6 font-semibold">Instructions</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {page.markingNote ? (
            <li data-testid="marking-note">Each question has one correct answer. Marking: {page.markingNote}.</li>
          ) : (
            <li>Each question has one correct answer. There is no negative marking.</li>
          )}
          <li>The timer starts when you press Start Test and keeps running if you close the page.</li>
          <li>
            Your answer is saved the moment you choose it (if your browser runs without JavaScript: as soon as you press any button under the question or a
            number in the navigator). You can change it until you finish.
          </li>
          <li>Use Mark for Review to come back to a question; the navigator shows every question's state.</li>
          <li>When the time is up, the test is submitted automatically with your saved answers.</li>
          {page.answersNote ? <li data-testid="answers-note">{page.answersNote}</li> : null}
          {page.accommodationNote ? (
            <li data-testid="accommodation-note" className="font-medium text-green-800">
              {page.accommodationNote}
            </li>
          ) : null}
        </ul>
        {allowance.remaining !== null ? (
          <p className="mt-4 text-sm text-slate-600">
            Attempts used: {allowance.used} · remaining: {allowance.remaining}
          </p>
        ) : null}
        {startError ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {startError}
          </p>
        ) : null}
        {allowance.allowed && allowance.remaining !== null ? (
          // a limited test: starting uses an attempt, so it is confirmed first
          <Link to="?start=confirm" replace preventScrollReset className="btn-primary mt-6 w-full py-3 text-base">
            Start Test
          </Link>
        ) : (
          <Form method="post" className="mt-6" onSubmit={start.onSubmit} data-start-with-exam={startsWithExam}>
            <input type="hidden" name="intent" value="start" />
            {allowance.allowed ? (
              <button type="submit" className="btn-primary w-full py-3 text-base" disabled={starting}>
                {starting ? "Starting..." : "Start Test"}
              </button>
            ) : (
              <button
                type="button"
                className="btn w-full whitespace-normal bg-slate-200 py-3 text-center text-base text-slate-600"
                disabled
                data-testid="start-refused"
              >
                {page.windowNote ?? allowance.limitNote}
              </button>
            )}
          </Form>
        )}
        {page.latestResultId ? (
          <Link to={`/test/${test.id}/results?attempt=${page.latestResultId}`} className="btn-secondary mt-3 w-full">
            View your latest result
          </Link>
        ) : null}
      </div>
      {confirmStart && allowance.allowed && allowance.remaining !== null ? (
        <Dialog labelledBy="start-heading" closeHref={`/test/${test.id}`}>
          <Form method="post" className="p-6" onSubmit={start.onSubmit} data-start-with-exam={startsWithExam}>
            <h2 id="start-heading" className="text-lg font-bold">
              Start attempt {allowance.used + 1}?
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              You have {allowance.remaining} attempt{allowance.remaining === 1 ? "" : "s"} left for this test. Starting now uses one of them, and the timer
              starts at once.
            </p>
            <input type="hidden" name="intent" value="start" />
            {startError ? (
              <p role="alert" className="mt-3 text-sm text-red-700">
                {startError}
              </p>
            ) : null}
            <div className="mt-5 flex justify-end gap-2">
              <DialogCloseLink href={`/test/${test.id}`}>Cancel</DialogCloseLink>
              <button type="submit" className="btn-primary" disabled={starting}>
                {starting ? "Starting..." : "Start Test"}
              </button>
            </div>
          </Form>
        </Dialog>
      ) : null}
    </main>
  );
}
