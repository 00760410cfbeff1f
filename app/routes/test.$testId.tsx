import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { type ClientLoaderFunctionArgs, Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Dialog, DialogCloseLink } from "~/components/Dialog";
import { Countdown } from "~/components/exam/Countdown";
import { type Entry, QuestionNavigator } from "~/components/exam/QuestionNavigator";
import { TapRecorder } from "~/components/exam/TapRecorder";
import { RichText } from "~/components/RichText";
import { AnswerQueue, type QueueStatus } from "~/lib/answer-queue";
import { requireStudent } from "~/lib/auth.server";
import { type ExamNav, examNavigation, remainingSeconds, resultsDiscoveryDelayMs } from "~/lib/exam-rules";
import { useHydrated, useStartWithExam } from "~/lib/hooks";
import { formToObject } from "~/lib/forms";
import { keepPageData, takePageData } from "~/lib/page-handoff";
import { examAction, loadExamPage } from "~/models/exam-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data && "test" in data ? data.test.title : "Test not found";
  return [{ title }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  const page = loadExamPage(user, params.testId ?? "", new URL(request.url));
  if (page.state === "finished") throw redirect(`/test/${params.testId}/results?attempt=${page.attemptId}`);
  return data(page, { status: page.state === "not-found" ? 404 : 200, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const form = formToObject(await request.formData());
  // a navigator number is a button named `goto`
  if (form.goto) form.nav = "goto";
  // (the hydrated start card starts through /api/tests/:id/start instead, answered with the exam)
  const result = examAction(user, params.testId ?? "", form);
  if ("redirect" in result) return redirect(result.redirect);
  return data({ error: result.error }, { status: result.status });
}

/** After Start from a hydrated page, the exam comes from Start's own answer (app/lib/page-handoff.ts). */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  return (takePageData(new URL(request.url)) as SerializeFrom<typeof loader> | undefined) ?? serverLoader<typeof loader>();
}

/** While an attempt runs, the screen is the exam alone: no site navbar, no Logout (root reads this). */
export const handle = { focused: (data: unknown) => (data as { state?: string } | undefined)?.state === "in-progress" };

export default function TestPage() {
  const page = useLoaderData<typeof loader>();
  if (page.state === "not-found") return <NotFound />;
  if (page.state === "ready") return <StartCard page={page} />;
  if (page.state === "in-progress") return <Exam key={page.attempt.id} page={page} />;
  return null;
}

function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Test not found</h1>
      <p className="mt-2 text-slate-600">This test does not exist or is not available to you.</p>
      <Link to="/dashboard" className="btn-primary mt-6">
        Back to Dashboard
      </Link>
    </main>
  );
}

type ReadyPage = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "ready" }>;

function StartCard({ page }: { page: ReadyPage }) {
  const actionData = useActionData<typeof action>();
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
        <h2 className="mt-6 font-semibold">Instructions</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>Each question has one correct answer. There is no negative marking.</li>
          <li>The timer starts when you press Start Test and keeps running if you close the page.</li>
          <li>
            Your answer is saved the moment you choose it (if your browser runs without JavaScript: as soon as you press any button under the question or a
            number in the navigator). You can change it until you finish.
          </li>
          <li>Use Mark for Review to come back to a question; the navigator shows every question's state.</li>
          <li>When the time is up, the test is submitted automatically with your saved answers.</li>
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
              <button type="button" className="btn w-full bg-slate-200 py-3 text-base text-slate-600" disabled data-testid="start-refused">
                {page.windowNote ?? "Global Limit Reached"}
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

type ExamPageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "in-progress" }>;

const FORM_ID = "exam-form";

/**
 * Before the page's JavaScript runs, a tap on an option is only a checked radio that hydration would
 * reset: an inline script (components/exam/TapRecorder.tsx) notes each tap, and the page
 * queues them. Its form id is FORM_ID.
 */
type Tap = { questionId: string; chosen: number; at: number };
type ExamMessage = { type: "entry"; questionId: string; entry: Entry } | { type: "finished"; resultsUrl: string };

function Exam({ page }: { page: ExamPageData }) {
  const { test, attempt, questions } = page;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  const resultsUrl = `/test/${test.id}/results?attempt=${attempt.id}`;
  const [entries, setEntries] = useState<Record<string, Entry | undefined>>(() => {
    const out: Record<string, Entry | undefined> = {};
    for (const [id, a] of Object.entries(page.answers)) out[id] = { visited: true, chosen: a.chosen, marked: a.marked };
    return out;
  });
  const [current, setCurrent] = useState(page.current);
  const [confirmOpen, setConfirmOpen] = useState(page.confirm);
  const [deadlineAt, setDeadlineAt] = useState(attempt.deadlineAt);
  const [offset, setOffset] = useState(() => attempt.serverNow - Date.now());
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  const [status, setStatus] = useState<QueueStatus>({ pending: 0, unsavedAnswers: 0, failing: false, closed: false, finishing: false });
  const [ended, setEnded] = useState<null | "closed" | "elsewhere">(null);
  const queueRef = useRef<AnswerQueue | null>(null);
  const channelRef = useRef<BroadcastChannel | null>(null);
  const questionRef = useRef<HTMLFormElement>(null);
  const legendRef = useRef<HTMLLegendElement>(null);
  // after Start (or Resume), keyboard and screen-reader focus is on the question, not the page body
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) legendRef.current?.focus({ preventScroll: true });
  }, []);

  // the save queue, the other tabs of this attempt, and the taps made before hydration
  useEffect(() => {
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`exam:${attempt.id}`);
    channelRef.current = channel;
    const queue = new AnswerQueue(`/api/attempts/${attempt.id}`, `answers:${attempt.id}`, {
      onServerTime: (serverNow, deadline) => {
        setOffset(serverNow - Date.now());
        setDeadlineAt(deadline);
      },
      onFinished: (url, results) => {
        channel?.postMessage({ type: "finished", resultsUrl: url } satisfies ExamMessage);
        // the results came with Finish's answer: shown without asking the server again. They take the
        // exam's place in the history, so Back leaves them (to the start card), not back into the exam
        if (results) keepPageData(url, results);
        navigate(url, { replace: true });
      },
      onClosed: () => setEnded((e) => e ?? "closed"),
    });
    queueRef.current = queue;
    const unsubscribe = queue.subscribe(setStatus);
    // what this device chose but the server has not stored yet is what the student sees
    const overlay: Record<string, Entry | undefined> = {};
    for (const c of queue.unsent())
      if (c.chosen !== undefined || c.marked !== undefined) overlay[c.questionId] = { visited: true, chosen: c.chosen ?? null, marked: c.marked ?? false };
    const w = window as unknown as { __examTaps?: Tap[]; __examHydrated?: boolean };
    w.__examHydrated = true;
    for (const tap of w.__examTaps ?? []) {
      overlay[tap.questionId] = { visited: true, marked: false, ...overlay[tap.questionId], chosen: tap.chosen };
      queue.push({ questionId: tap.questionId, chosen: tap.chosen, at: tap.at + offsetRef.current });
    }
    w.__examTaps = [];
    if (Object.keys(overlay).length) {
      setEntries((prev) => {
        const next = { ...prev };
        for (const [id, e] of Object.entries(overlay)) next[id] = { ...prev[id], ...(e as Entry) };
        return next;
      });
    }
    queue.reconcile(page.answers);
    if (channel) {
      channel.onmessage = (event: MessageEvent<ExamMessage>) => {
        const m = event.data;
        if (m.type === "entry") setEntries((prev) => ({ ...prev, [m.questionId]: m.entry }));
        if (m.type === "finished") setEnded("elsewhere");
      };
    }
    return () => {
      unsubscribe();
      queue.dispose();
      channel?.close();
    };
  }, [attempt.id, page.answers, navigate]);

  const question = questions[current - 1];

  // the question on screen counts as visited: the visit travels with the save queue
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  useEffect(() => {
    const queue = queueRef.current;
    if (!question || !queue || !hydrated || entriesRef.current[question.id]?.visited) return;
    queue.push({ questionId: question.id, visit: true, at: Date.now() + offsetRef.current });
    setEntries((prev) => ({ ...prev, [question.id]: { visited: true, chosen: null, marked: false, ...prev[question.id] } }));
  }, [question, hydrated]);

  // the results page's route, learned a while before Finish (see resultsDiscoveryDelayMs)
  const [discoverResults, setDiscoverResults] = useState(false);
  useEffect(() => {
    const wait = resultsDiscoveryDelayMs(Math.random(), attempt.deadlineAt - (Date.now() + offsetRef.current));
    const timer = window.setTimeout(() => setDiscoverResults(true), wait);
    return () => window.clearTimeout(timer);
  }, [attempt.deadlineAt]);

  const finish = useCallback(() => {
    setConfirmOpen(true);
    queueRef.current?.finish();
  }, []);
  const timeUp = useCallback(() => {
    setConfirmOpen(true);
    queueRef.current?.finish(true);
  }, []);

  if (!question) return null;
  const entry = entries[question.id];

  function change(next: Partial<Entry>) {
    const merged: Entry = { visited: true, chosen: null, marked: false, ...entriesRef.current[question.id], ...next };
    setEntries((prev) => ({ ...prev, [question.id]: merged }));
    channelRef.current?.postMessage({ type: "entry", questionId: question.id, entry: merged } satisfies ExamMessage);
    queueRef.current?.push({
      questionId: question.id,
      at: Date.now() + offsetRef.current,
      ...("chosen" in next ? { chosen: next.chosen } : {}),
      ...("marked" in next ? { marked: next.marked } : {}),
    });
  }

  function moveTo(n: number) {
    setCurrent(n);
    // the address follows, so a reload opens the same question; no request is made
    window.history.replaceState(window.history.state, "", `/test/${test.id}?q=${n}`);
    const top = questionRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0 || top > window.innerHeight / 2) questionRef.current?.scrollIntoView({ block: "start" });
  }

  // every control of the exam is a submit button of one form: without JavaScript the server saves the
  // chosen option and moves; with it, the same rule runs here and nothing waits for the network
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!queueRef.current) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const isGoto = submitter?.name === "goto";
    const nav = (isGoto ? "goto" : (submitter?.value ?? "next")) as ExamNav;
    const step = examNavigation(nav, entry?.chosen ?? undefined, current, questions.length, isGoto ? Number(submitter?.value) : undefined);
    const wanted: Partial<Entry> = {};
    if (step.change.marked !== undefined && step.change.marked !== (entry?.marked ?? false)) wanted.marked = step.change.marked;
    if (nav === "clear" && (entry?.chosen ?? null) !== null) wanted.chosen = null;
    if (Object.keys(wanted).length) change(wanted);
    if (step.confirm) setConfirmOpen(true);
    if (step.target !== current) moveTo(step.target);
  }

  const answeredCount = questions.filter((q) => entries[q.id]?.chosen !== null && entries[q.id]?.chosen !== undefined).length;
  const unanswered = questions.map((q, i) => ({ q, n: i + 1 })).filter(({ q }) => entries[q.id]?.chosen === null || entries[q.id]?.chosen === undefined);
  const marked = questions.map((q, i) => ({ q, n: i + 1 })).filter(({ q }) => entries[q.id]?.marked);
  const waiting = status.failing ? " (waiting for the connection)" : "";

  return (
    <main className="mx-auto max-w-6xl px-3 pb-6 sm:px-4">
      <header className="sticky top-0 z-30 -mx-3 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:mx-0 sm:mt-3 sm:rounded-xl sm:border">
        {/* on a phone the title has a line of its own (two at most): beside the clock it was cut after a dozen characters */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h1 className="line-clamp-2 min-w-0 basis-full break-words text-sm font-bold leading-snug sm:basis-0 sm:flex-1 sm:text-lg">{test.title}</h1>
          <div className="min-w-0 flex-1 sm:flex-none">
            <p className="whitespace-nowrap text-xs text-slate-600 sm:text-sm" aria-live="polite">
              Question {current} of {questions.length}
            </p>
          </div>
          <Countdown
            deadlineAt={deadlineAt}
            serverOffsetMs={offset}
            deadlineClock={attempt.deadlineClock}
            initialRemaining={remainingSeconds(attempt.deadlineAt, attempt.serverNow)}
            onExpire={timeUp}
          />
          <button type="submit" form={FORM_ID} name="nav" value="finish" className="btn-danger shrink-0 px-2.5 text-sm sm:px-4">
            Finish Test
          </button>
        </div>
        <div className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${(answeredCount / Math.max(questions.length, 1)) * 100}%` }} />
        </div>
        {/* inside the sticky header, so it stays in sight wherever the student has scrolled */}
        {status.failing || status.finishing ? (
          <p role="status" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900">
            {status.finishing
              ? `Submitting…${waiting}`
              : status.unsavedAnswers > 0
                ? `Reconnecting… ${status.unsavedAnswers} answer${status.unsavedAnswers === 1 ? "" : "s"} not saved yet. Keep this page open: they are sent when the connection is back.`
                : "Reconnecting… Keep this page open: your answers so far are saved."}
          </p>
        ) : null}
      </header>

      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}

      <div className="mt-3 grid gap-4 lg:grid-cols-[1fr_18rem]">
        <Form id={FORM_ID} ref={questionRef} method="post" replace preventScrollReset onSubmit={onSubmit} className="card scroll-mt-28 p-4 sm:p-6">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="questionId" value={question.id} />
          <input type="hidden" name="q" value={current} />
          <fieldset>
            <legend ref={legendRef} tabIndex={-1} className="text-base font-semibold leading-relaxed focus:outline-none sm:text-lg">
              <span className="mr-1 text-slate-500">Q{current}.</span>
              <RichText text={question.question} />
            </legend>
            <div className="mt-4 space-y-2">
              {question.options.map((option, i) => {
                // a shuffled test shows the options in this attempt's order; the answer is the option's own index
                const index = question.optionIndex?.[i] ?? i;
                const checked = entry?.chosen === index;
                return (
                  <label
                    key={`${question.id}-${index}`}
                    className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-base ${
                      checked ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50"
                    }`}
                  >
                    <input
                      type="radio"
                      name="chosen"
                      value={index}
                      checked={checked}
                      onChange={() => change({ chosen: index })}
                      className="mt-1 h-4 w-4 accent-brand-600"
                    />
                    <span>
                      <span className="mr-1 font-semibold">{String.fromCharCode(65 + i)}.</span> <RichText text={option} />
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          {entry?.marked ? <p className="mt-3 text-sm font-medium text-purple-700">Marked for review</p> : null}
          <div className="mt-6 flex flex-wrap gap-2">
            <button type="submit" name="nav" value="prev" className="btn-secondary" disabled={current === 1}>
              Previous
            </button>
            <button type="submit" name="nav" value="clear" className="btn-secondary">
              Clear Response
            </button>
            <button type="submit" name="nav" value="mark-next" className="btn bg-purple-600 text-white hover:bg-purple-700">
              Mark for Review & Next
            </button>
            <button type="submit" name="nav" value="next" className="btn-primary">
              {current === questions.length ? "Save" : "Save & Next"}
            </button>
            {current < questions.length ? (
              <button type="submit" name="nav" value="skip" className="btn-secondary">
                Next
              </button>
            ) : null}
          </div>
        </Form>
        {/* after the form: the question is parsed before this script waits for the stylesheet, as every
            parser-blocking script does, and it runs before the first paint, which needs the stylesheet too */}
        <TapRecorder formId={FORM_ID} />

        <QuestionNavigator questionIds={questions.map((q) => q.id)} entries={entries} current={current} formId={FORM_ID} />
      </div>
      {/* Remix learns the route of any form or link marked data-discover once it is on the page */}
      {discoverResults ? <form hidden data-discover="true" action={`/test/${test.id}/results`} data-testid="results-discovery" /> : null}

      {ended ? (
        <Dialog labelledBy="ended-heading" closeHref={resultsUrl} onClose={() => window.location.assign(resultsUrl)}>
          <div className="p-6">
            <h2 id="ended-heading" className="text-lg font-bold">
              {ended === "elsewhere" ? "This test was submitted in another tab" : "This attempt is closed"}
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              {ended === "elsewhere"
                ? "Your answers were submitted from another tab or window of this browser."
                : "Time is up, or the attempt was submitted elsewhere. Your saved answers have been scored."}
            </p>
            <a href={resultsUrl} className="btn-primary mt-5">
              View result
            </a>
          </div>
        </Dialog>
      ) : confirmOpen ? (
        <Dialog labelledBy="confirm-heading" closeHref={`/test/${test.id}?q=${current}`} onClose={status.finishing ? () => {} : () => setConfirmOpen(false)}>
          <Form
            method="post"
            replace
            onSubmit={(e) => {
              if (!queueRef.current) return;
              e.preventDefault();
              finish();
            }}
            className="p-6"
          >
            <h2 id="confirm-heading" className="text-lg font-bold">
              Submit the test?
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              You have answered {answeredCount} of {questions.length} questions.
            </p>
            <p className="mt-2 text-sm text-slate-700">Unanswered: {unanswered.length ? unanswered.map((u) => u.n).join(", ") : "none"}</p>
            <p className="mt-1 text-sm text-slate-700">Marked for review: {marked.length ? marked.map((m) => m.n).join(", ") : "none"}</p>
            {status.finishing ? (
              <p role="status" className="mt-3 text-sm font-medium text-amber-800">
                Submitting…{waiting}
              </p>
            ) : null}
            <input type="hidden" name="intent" value="finish" />
            <div className="mt-5 flex justify-end gap-2">
              {status.finishing ? null : (
                <DialogCloseLink href={`/test/${test.id}?q=${current}`} onClose={() => setConfirmOpen(false)}>
                  Cancel
                </DialogCloseLink>
              )}
              <button type="submit" className="btn-danger" disabled={status.finishing}>
                {status.finishing ? "Submitting..." : "Submit Test"}
              </button>
            </div>
          </Form>
        </Dialog>
      ) : null}
    </main>
  );
}
