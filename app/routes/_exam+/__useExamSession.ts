// The running exam's connection to the server and to the other tabs of the attempt: the save queue
// (app/lib/browser/answer-queue.ts), the taps made before hydration, the visits, the server's clock, and the
// moment to learn the results page's route. The exam page (components/exam/Exam.tsx) renders what it keeps.
import { useNavigate } from "@remix-run/react";
import { TimeOnQuestion } from "~/lib/browser/time-on-question";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Entry } from "~/routes/_exam+/__QuestionNavigator";
import { AnswerQueue, type QueueStatus, withUnsentChanges } from "~/lib/browser/answer-queue";
import { resultsDiscoveryDelayMs, STATUS_POLL_JITTER_MS, STATUS_POLL_MS, TIME_UP_TOLERANCE_MS } from "~/lib/rules/exam-rules";
import { useHydrated } from "~/lib/browser/hooks";
import { keepPageData } from "~/lib/rules/page-handoff";
import type { ExamPageData } from "~/routes/_exam+/__exam-page-data";

/**
 * Before the page's JavaScript runs, a tap on an option is only a checked radio that hydration would
 * reset: an inline script (components/exam/TapRecorder.tsx) notes each tap, and the session queues them.
 */
type Tap = { questionId: string; chosen: number; at: number };
type StatusReply = { ok: boolean; closed?: boolean; serverNow: number; deadlineAt: number; message: { text: string; at: number } | null };
type ExamMessage = { type: "entry"; questionId: string; entry: Entry } | { type: "finished"; resultsUrl: string };

export function useExamSession(page: ExamPageData, question: ExamPageData["questions"][number] | undefined, openConfirm: () => void, closeConfirm: () => void) {
  const { attempt } = page;
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [entries, setEntries] = useState<Record<string, Entry | undefined>>(() => {
    const out: Record<string, Entry | undefined> = {};
    for (const [id, a] of Object.entries(page.answers)) out[id] = { visited: true, chosen: a.chosen, marked: a.marked, starred: a.starred ?? false };
    return out;
  });
  const [deadlineAt, setDeadlineAt] = useState(attempt.deadlineAt);
  const deadlineRef = useRef(deadlineAt);
  deadlineRef.current = deadlineAt;
  /** the academy gave more time while the page counted down (the live exam room) */
  const [extended, setExtended] = useState(false);
  const [offset, setOffset] = useState(() => attempt.serverNow - Date.now());
  const offsetRef = useRef(offset);
  offsetRef.current = offset;
  const [status, setStatus] = useState<QueueStatus>({ pending: 0, unsavedAnswers: 0, failing: false, signedOut: false, closed: false, finishing: false });
  const [ended, setEnded] = useState<null | "closed" | "elsewhere">(null);
  const queueRef = useRef<AnswerQueue | null>(null);
  const channelRef = useRef<BroadcastChannel | null>(null);

  // the save queue, the other tabs of this attempt, and the taps made before hydration
  useEffect(() => {
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`exam:${attempt.id}`);
    channelRef.current = channel;
    const queue = new AnswerQueue(`/api/attempts/${attempt.id}`, `answers:${attempt.id}`, {
      onServerTime: (serverNow, deadline) => {
        setOffset(serverNow - Date.now());
        // a later deadline than the page had: the academy gave more time (the live exam room)
        if (deadline > deadlineRef.current + TIME_UP_TOLERANCE_MS) setExtended(true);
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
      onExtended: () => {
        setExtended(true);
        closeConfirm();
      },
    });
    queueRef.current = queue;
    const unsubscribe = queue.subscribe(setStatus);
    // the taps made before hydration join the queue; what this device chose or marked and the server has not
    // stored yet is what the student sees
    const w = window as unknown as { __examTaps?: Tap[]; __examHydrated?: boolean };
    w.__examHydrated = true;
    const taps = w.__examTaps ?? [];
    w.__examTaps = [];
    for (const tap of taps) queue.push({ questionId: tap.questionId, chosen: tap.chosen, at: tap.at + offsetRef.current });
    const unsent = queue.unsent();
    if (unsent.some((c) => c.chosen !== undefined || c.marked !== undefined || c.starred !== undefined)) setEntries((prev) => withUnsentChanges(prev, unsent));
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
  }, [attempt.id, page.answers, navigate, closeConfirm]);

  // the deadline and the live room's message, asked every few seconds: more time given in the room shows at once,
  // even to a student who saves nothing meanwhile (a save's reply carries the deadline too)
  const [message, setMessage] = useState(page.message);
  const messageRef = useRef(message);
  messageRef.current = message;
  /** the newest message the student closed: only a newer one shows again */
  const dismissedAt = useRef(0);
  useEffect(() => {
    if (!hydrated) return;
    let stopped = false;
    let timer = 0;
    const ask = async () => {
      try {
        const res = await fetch(`/api/attempts/${attempt.id}/status`, { headers: { Accept: "application/json" } });
        const reply = res.ok && !res.redirected ? ((await res.json()) as StatusReply) : null;
        if (reply?.ok) {
          setOffset(reply.serverNow - Date.now());
          if (reply.deadlineAt > deadlineRef.current + TIME_UP_TOLERANCE_MS) setExtended(true);
          if (reply.deadlineAt > deadlineRef.current) setDeadlineAt(reply.deadlineAt);
          if (reply.message && reply.message.at > Math.max(messageRef.current?.at ?? 0, dismissedAt.current)) setMessage(reply.message);
        }
      } catch {
        // offline: the save queue says so; the next round asks again
      }
      if (!stopped) timer = window.setTimeout(ask, STATUS_POLL_MS + Math.random() * STATUS_POLL_JITTER_MS);
    };
    timer = window.setTimeout(ask, STATUS_POLL_MS * Math.random() + 1000);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [hydrated, attempt.id]);

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

  // time on each question while the page is in sight, sent with Finish (the review shows it)
  const timeOnQuestion = useRef(new TimeOnQuestion());
  useEffect(() => {
    if (hydrated) timeOnQuestion.current.show(question?.id ?? null, Date.now());
  }, [question, hydrated]);
  useEffect(() => {
    const onVisibility = () => (document.visibilityState === "hidden" ? timeOnQuestion.current.pause(Date.now()) : timeOnQuestion.current.resume(Date.now()));
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  const finish = useCallback(() => {
    openConfirm();
    queueRef.current?.finish(false, undefined, timeOnQuestion.current.totals(Date.now()));
  }, [openConfirm]);
  const timeUp = useCallback(() => {
    openConfirm();
    queueRef.current?.finish(true, deadlineRef.current, timeOnQuestion.current.totals(Date.now()));
  }, [openConfirm]);

  /** The student changed the question on screen: shown at once, told to the other tabs, queued for the server. */
  function change(next: Partial<Entry>) {
    if (!question) return;
    const merged: Entry = { visited: true, chosen: null, marked: false, ...entriesRef.current[question.id], ...next };
    setEntries((prev) => ({ ...prev, [question.id]: merged }));
    channelRef.current?.postMessage({ type: "entry", questionId: question.id, entry: merged } satisfies ExamMessage);
    queueRef.current?.push({
      questionId: question.id,
      at: Date.now() + offsetRef.current,
      ...("chosen" in next ? { chosen: next.chosen } : {}),
      ...("marked" in next ? { marked: next.marked } : {}),
      ...("starred" in next ? { starred: next.starred } : {}),
    });
  }

  return {
    entries,
    change,
    /** the live room's newest message, and the student's × on it */
    message,
    dismissMessage: () => {
      dismissedAt.current = messageRef.current?.at ?? dismissedAt.current;
      setMessage(null);
    },
    deadlineAt,
    offset,
    extended,
    status,
    ended,
    finish,
    timeUp,
    discoverResults,
    /** whether the page's script runs the exam (else every control is a form post) */
    runsInPage: () => queueRef.current !== null,
  };
}
