import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Countdown } from "~/components/exam/Countdown";
import { type Entry, QuestionNavigator } from "~/components/exam/QuestionNavigator";
import { RichText } from "~/components/RichText";
import { AnswerQueue, type QueueStatus } from "~/lib/answer-queue";
import { requireStudent } from "~/lib/auth.server";
import { remainingSeconds } from "~/lib/exam-rules";
import { formToObject } from "~/lib/forms";
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
  const result = examAction(user, params.testId ?? "", formToObject(await request.formData()));
  if ("redirect" in result) return redirect(result.redirect);
  return data({ error: result.error }, { status: result.status });
}

/** Moving between questions of a running exam is instant: it only changes ?q, the loader is not re-run. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.has("q") && nextUrl.searchParams.has("q")) return false;
  return defaultShouldRevalidate;
};

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
  const starting = navigation.state !== "idle" && navigation.formData?.get("intent") === "start";
  const { test, allowance } = page;
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
          <li>Your answer is saved the moment you choose it. You can change it until you finish.</li>
          <li>Use Mark for Review to come back to a question; the navigator shows every question's state.</li>
          <li>When the time is up, the test is submitted automatically with your saved answers.</li>
        </ul>
        {allowance.remaining !== null ? (
          <p className="mt-4 text-sm text-slate-600">
            Attempts used: {allowance.used} · remaining: {allowance.remaining}
          </p>
        ) : null}
        {actionData && "error" in actionData ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {actionData.error}
          </p>
        ) : null}
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="start" />
          {allowance.allowed ? (
            <button type="submit" className="btn-primary w-full py-3 text-base" disabled={starting}>
              {starting ? "Starting..." : "Start Test"}
            </button>
          ) : (
            <button type="button" className="btn w-full bg-slate-200 py-3 text-base text-slate-600" disabled>
              Global Limit Reached
            </button>
          )}
        </Form>
      </div>
    </main>
  );
}

type ExamPageData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { state: "in-progress" }>;

function Exam({ page }: { page: ExamPageData }) {
  const { test, attempt, questions } = page;
  const navigate = useNavigate();
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
  const finishFormRef = useRef<HTMLFormElement>(null);
  const [entries, setEntries] = useState<Record<string, Entry | undefined>>(() => {
    const out: Record<string, Entry | undefined> = {};
    for (const [id, a] of Object.entries(page.answers)) out[id] = { visited: true, chosen: a.chosen, marked: a.marked };
    return out;
  });
  const [deadlineAt, setDeadlineAt] = useState(attempt.deadlineAt);
  const [offset, setOffset] = useState(() => attempt.serverNow - Date.now());
  const [queueStatus, setQueueStatus] = useState<QueueStatus>({ pending: 0, failing: false, closed: false });
  const [queue, setQueue] = useState<AnswerQueue | null>(null);
  const finishing = useRef(false);

  useEffect(() => {
    const q = new AnswerQueue(`/api/attempts/${attempt.id}/answers`, `answers:${attempt.id}`, (serverNow, deadline) => {
      setOffset(serverNow - Date.now());
      setDeadlineAt(deadline);
    });
    const unsubscribe = q.subscribe(setQueueStatus);
    setQueue(q);
    return () => {
      unsubscribe();
    };
  }, [attempt.id]);

  // with JS the question number and the confirm dialog follow the URL without re-running the loader
  const [params] = useSearchParams();
  const requested = Number.parseInt(params.get("q") ?? "", 10);
  const current = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), questions.length) : page.current;
  const confirmOpen = params.get("confirm") === "1";
  const question = questions[current - 1];
  const href = useCallback((n: number, extra = "") => `/test/${test.id}?q=${n}${extra}`, [test.id]);

  // mark the question on screen as visited (the server did so too when it rendered it)
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  useEffect(() => {
    if (!question || !queue || entriesRef.current[question.id]?.visited) return;
    queue.push({ questionId: question.id, visit: true });
    setEntries((prev) => ({ ...prev, [question.id]: { visited: true, chosen: null, marked: false, ...prev[question.id] } }));
  }, [question, queue]);

  const finish = useCallback(async () => {
    if (finishing.current) return;
    finishing.current = true;
    await queue?.flush();
    const form = finishFormRef.current;
    if (form) submit(form, { replace: true });
    else submit({ intent: "finish" }, { method: "post", replace: true });
  }, [queue, submit]);

  useEffect(() => {
    if (queueStatus.closed) navigate(`/test/${test.id}`, { replace: true });
  }, [queueStatus.closed, navigate, test.id]);

  if (!question) return null;
  const entry = entries[question.id];

  function change(next: Partial<Entry>) {
    setEntries((prev) => ({ ...prev, [question.id]: { visited: true, chosen: null, marked: false, ...prev[question.id], ...next } }));
    queue?.push({ questionId: question.id, ...("chosen" in next ? { chosen: next.chosen } : {}), ...("marked" in next ? { marked: next.marked } : {}) });
  }

  function onSubmitAnswer(event: FormEvent<HTMLFormElement>) {
    if (!queue) return; // not hydrated yet: the plain form post does the work
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const nav = submitter?.value ?? "next";
    if (nav === "clear") change({ chosen: null, marked: false });
    if (nav === "next" && entry?.marked) change({ marked: false });
    if (nav === "mark-next") change({ marked: true });
    const target = nav === "prev" ? Math.max(1, current - 1) : nav === "clear" ? current : Math.min(current + 1, questions.length);
    if (target !== current) navigate(href(target), { replace: true, preventScrollReset: true });
  }

  const answeredCount = questions.filter((q) => entries[q.id]?.chosen !== null && entries[q.id]?.chosen !== undefined).length;
  const unanswered = questions.map((q, i) => ({ q, n: i + 1 })).filter(({ q }) => entries[q.id]?.chosen === null || entries[q.id]?.chosen === undefined);
  const marked = questions.map((q, i) => ({ q, n: i + 1 })).filter(({ q }) => entries[q.id]?.marked);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "finish";

  return (
    <main className="mx-auto max-w-6xl px-3 py-3 sm:px-4">
      <header className="card sticky top-14 z-30 flex flex-wrap items-center justify-between gap-2 p-3">
        <div className="min-w-0">
          <h1 className="truncate text-base font-bold sm:text-lg">{test.title}</h1>
          <p className="text-sm text-slate-600">
            Question {current} of {questions.length}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Countdown
            deadlineAt={deadlineAt}
            serverOffsetMs={offset}
            deadlineClock={attempt.deadlineClock}
            initialRemaining={remainingSeconds(attempt.deadlineAt, attempt.serverNow)}
            onExpire={finish}
          />
          <Link to={href(current, "&confirm=1")} replace preventScrollReset className="btn-danger">
            Finish Test
          </Link>
        </div>
        <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div className="h-full bg-brand-600 transition-all" style={{ width: `${(answeredCount / Math.max(questions.length, 1)) * 100}%` }} />
        </div>
      </header>

      {queueStatus.failing ? (
        <p role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          Not saved yet: {queueStatus.pending} answer{queueStatus.pending === 1 ? "" : "s"} waiting for the connection. Retrying… Do not close this page.
        </p>
      ) : null}
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}

      <div className="mt-3 grid gap-4 lg:grid-cols-[1fr_18rem]">
        <Form method="post" replace preventScrollReset onSubmit={onSubmitAnswer} className="card p-4 sm:p-6">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="questionId" value={question.id} />
          <input type="hidden" name="q" value={current} />
          <fieldset>
            <legend className="text-base font-semibold leading-relaxed sm:text-lg">
              <span className="mr-1 text-slate-500">Q{current}.</span>
              <RichText text={question.question} />
            </legend>
            <div className="mt-4 space-y-2">
              {question.options.map((option, i) => {
                const checked = entry?.chosen === i;
                return (
                  <label
                    key={`${question.id}-${i}`}
                    className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-base ${
                      checked ? "border-brand-600 bg-brand-50" : "border-slate-200 hover:bg-slate-50"
                    }`}
                  >
                    <input
                      type="radio"
                      name="chosen"
                      value={i}
                      checked={checked}
                      onChange={() => change({ chosen: i })}
                      className="mt-1 h-4 w-4 accent-brand-600"
                    />
                    <span>
                      <span className="mr-1 font-semibold">{String.fromCharCode(65 + i)}.</span>{" "}
                      <RichText text={option} />
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
              <Link to={href(current + 1)} replace preventScrollReset className="btn-secondary">
                Next
              </Link>
            ) : null}
          </div>
        </Form>

        <QuestionNavigator questionIds={questions.map((q) => q.id)} entries={entries} current={current} hrefFor={(n) => href(n)} />
      </div>

      {confirmOpen ? (
        <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
          <div role="dialog" aria-modal="true" aria-labelledby="confirm-heading" className="card w-full max-w-md p-6">
            <h2 id="confirm-heading" className="text-lg font-bold">
              Submit the test?
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              You have answered {answeredCount} of {questions.length} questions.
            </p>
            <p className="mt-2 text-sm text-slate-700">
              Unanswered: {unanswered.length ? unanswered.map((u) => u.n).join(", ") : "none"}
            </p>
            <p className="mt-1 text-sm text-slate-700">Marked for review: {marked.length ? marked.map((m) => m.n).join(", ") : "none"}</p>
            <Form
              method="post"
              ref={finishFormRef}
              replace
              onSubmit={(e) => {
                if (!queue) return;
                e.preventDefault();
                void finish();
              }}
              className="mt-5 flex justify-end gap-2"
            >
              <input type="hidden" name="intent" value="finish" />
              <Link to={href(current)} replace preventScrollReset className="btn-secondary">
                Cancel
              </Link>
              <button type="submit" className="btn-danger" disabled={submitting}>
                {submitting ? "Submitting..." : "Submit Test"}
              </button>
            </Form>
          </div>
        </div>
      ) : (
        // kept in the page so the timer can submit it at zero
        <Form method="post" ref={finishFormRef} replace className="hidden">
          <input type="hidden" name="intent" value="finish" />
        </Form>
      )}
    </main>
  );
}
