// The running exam (/test/:id while an attempt runs): the question, its options and the controls, the
// palette, the clock and the finish dialog. Every control is a submit button of one form, so without
// JavaScript the server saves and moves; with it, useExamSession runs the same rules in the page.
import { Form, useActionData } from "@remix-run/react";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { Countdown } from "~/routes/_exam+/__Countdown";
import { type Entry, QuestionNavigator } from "~/routes/_exam+/__QuestionNavigator";
import { TapRecorder } from "~/routes/_exam+/__TapRecorder";
import { SectionTabs } from "~/routes/_exam+/__SectionTabs";
import { ExamNotices } from "~/routes/_exam+/__ExamNotices";
import { FinishDialog } from "~/routes/_exam+/__FinishDialog";
import { QuestionFieldset } from "~/routes/_exam+/__QuestionFieldset";
import { type ExamNav, examNavigation, remainingSeconds } from "~/lib/rules/exam-rules";
import type { ExamPageData, ExamFormRefusal } from "~/routes/_exam+/__exam-page-data";
import { useExamSession } from "~/routes/_exam+/__useExamSession";
import { useHydrated } from "~/lib/browser/hooks";

/** The one form every exam control submits (TapRecorder watches it before hydration). */
const FORM_ID = "exam-form";
const PALETTE_TOGGLE =
  "whitespace-nowrap rounded-md border border-slate-300 px-2 py-1 text-xs text-slate-700 hover:bg-slate-50 lg:pointer-events-none lg:border-0 lg:p-0 lg:text-sm lg:text-slate-600 lg:no-underline";

export function Exam({ page }: { page: ExamPageData }) {
  const { test, attempt, questions } = page;
  const actionData = useActionData<ExamFormRefusal>();
  const resultsUrl = `/test/${test.id}/results?attempt=${attempt.id}`;
  const [current, setCurrent] = useState(page.current);
  const [confirmOpen, setConfirmOpen] = useState(page.confirm);
  // on a phone the palette is a sheet opened from the header (without JavaScript: a link down to it)
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openConfirm = useCallback(() => setConfirmOpen(true), []);
  const question = questions[current - 1];
  const closeConfirm = useCallback(() => setConfirmOpen(false), []);
  const session = useExamSession(page, question, openConfirm, closeConfirm);
  const hydrated = useHydrated();
  const { entries, change, deadlineAt, offset, timeUp, discoverResults } = session;
  const questionRef = useRef<HTMLFormElement>(null);
  const legendRef = useRef<HTMLLegendElement>(null);
  // after Start (or Resume), keyboard and screen-reader focus is on the question, not the page body
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) legendRef.current?.focus({ preventScroll: true });
  }, []);
  // after Save & Next, Previous or a palette button, focus goes to the new question (not left on the button,
  // several Shift+Tab presses away from its options)
  const shown = useRef(current);
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    legendRef.current?.focus({ preventScroll: true });
  }, [current]);

  if (!question) return null;
  const entry = entries[question.id];

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
    if (!session.runsInPage()) return;
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // the Bookmark: saved like an answer (kept offline in the queue), the question stays on screen
    if (submitter?.value === "star") {
      change({ starred: !(entry?.starred ?? false) });
      return;
    }
    const isGoto = submitter?.name === "goto";
    const nav = (isGoto ? "goto" : (submitter?.value ?? "next")) as ExamNav;
    const step = examNavigation(nav, entry?.chosen ?? undefined, current, questions.length, isGoto ? Number(submitter?.value) : undefined);
    const wanted: Partial<Entry> = {};
    if (step.change.marked !== undefined && step.change.marked !== (entry?.marked ?? false)) wanted.marked = step.change.marked;
    if (nav === "clear" && (entry?.chosen ?? null) !== null) wanted.chosen = null;
    if (Object.keys(wanted).length) change(wanted);
    if (step.confirm) setConfirmOpen(true);
    if (step.target !== current) moveTo(step.target);
    if (isGoto) setPaletteOpen(false);
  }

  const answeredCount = questions.filter((q) => entries[q.id]?.chosen !== null && entries[q.id]?.chosen !== undefined).length;
  // a sectioned test: tabs above the question and the palette by section (app/lib/rules/sections.ts)
  const ranges = page.sections;
  const answeredIn = ranges.map((r) => questions.slice(r.from - 1, r.to).filter((q) => (entries[q.id]?.chosen ?? null) !== null).length);

  return (
    <main className="mx-auto max-w-6xl px-3 pb-6 sm:px-4">
      <header className="sticky top-0 z-30 -mx-3 border-b border-slate-200 bg-white/95 px-3 py-2 backdrop-blur sm:mx-0 sm:mt-3 sm:rounded-xl sm:border">
        {/* on a phone the title has a line of its own (two at most): beside the clock it was cut after a dozen characters */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h1 className="line-clamp-2 min-w-0 basis-full break-words text-sm font-bold leading-snug sm:basis-0 sm:flex-1 sm:text-lg">{test.title}</h1>
          <div className="min-w-0 flex-1 sm:flex-none">
            {/* the question's place; on a phone it opens the palette as a sheet (without JavaScript: a link down to it) */}
            {hydrated ? (
              <button
                type="button"
                className={PALETTE_TOGGLE}
                aria-controls="palette"
                aria-expanded={paletteOpen}
                data-testid="palette-toggle"
                onClick={() => setPaletteOpen((open) => !open)}
              >
                <span aria-live="polite">
                  Question {current} of {questions.length}
                </span>
                <span aria-hidden="true" className="lg:hidden">
                  {" "}
                  ▾
                </span>
              </button>
            ) : (
              <a href="#palette" className={PALETTE_TOGGLE} data-testid="palette-toggle">
                Question {current} of {questions.length}
                <span aria-hidden="true" className="lg:hidden">
                  {" "}
                  ▾
                </span>
              </a>
            )}
          </div>
          <Countdown
            deadlineAt={deadlineAt}
            serverOffsetMs={offset}
            deadlineClock={attempt.deadlineClock}
            timeZone={attempt.timeZone}
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
        <ExamNotices session={session} hydrated={hydrated} signInHref={`/login?redirectTo=${encodeURIComponent(`/test/${test.id}?q=${current}`)}`} />
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
          {/* without JavaScript, the time on this question is counted from when the page showed it */}
          <input type="hidden" name="shownAt" value={attempt.serverNow} />
          {ranges.length ? <SectionTabs ranges={ranges} current={current} answered={answeredIn} /> : null}
          <div className="mb-2 flex justify-end">
            <button
              type="submit"
              name="nav"
              value="star"
              aria-pressed={entry?.starred ?? false}
              data-testid="exam-star"
              className={`rounded-md border px-2 py-1 text-xs font-medium ${entry?.starred ? "border-amber-400 bg-amber-50 text-amber-900" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
            >
              <span aria-hidden="true">{entry?.starred ? "★" : "☆"}</span> {entry?.starred ? "Bookmarked" : "Bookmark"}
            </button>
          </div>
          <QuestionFieldset
            question={question}
            number={current}
            chosen={entry?.chosen}
            negativeMarks={page.negativeMarks}
            legendRef={legendRef}
            onChoose={(index) => change({ chosen: index })}
          />
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

        {paletteOpen ? (
          <button
            type="button"
            aria-label="Close the question palette"
            className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden"
            onClick={() => setPaletteOpen(false)}
          />
        ) : null}
        <div
          id="palette"
          className={
            paletteOpen
              ? "fixed inset-x-0 bottom-0 z-50 max-h-[75vh] overflow-y-auto rounded-t-2xl bg-white shadow-2xl lg:static lg:max-h-none lg:rounded-none lg:shadow-none"
              : "scroll-mt-28"
          }
          data-testid="palette"
          data-open={paletteOpen ? "true" : undefined}
        >
          {paletteOpen ? (
            <div className="flex justify-end px-3 pt-2 lg:hidden">
              <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={() => setPaletteOpen(false)}>
                Close
              </button>
            </div>
          ) : null}
          <QuestionNavigator questionIds={questions.map((q) => q.id)} entries={entries} current={current} formId={FORM_ID} sections={ranges} />
        </div>
      </div>
      {/* Remix learns the route of any form or link marked data-discover once it is on the page */}
      {discoverResults ? <form hidden data-discover="true" action={`/test/${test.id}/results`} data-testid="results-discovery" /> : null}

      <FinishDialog
        session={session}
        questionIds={questions.map((q) => q.id)}
        open={confirmOpen}
        onClose={closeConfirm}
        resultsUrl={resultsUrl}
        stayHref={`/test/${test.id}?q=${current}`}
      />
    </main>
  );
}
