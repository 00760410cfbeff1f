import { eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import { env } from "~/lib/env.server";
import { examNavSchema } from "~/lib/exam-schemas";
import { formatTime } from "~/lib/time";
import {
  allowanceFor,
  answersOf,
  closeIfExpired,
  findOpenAttempt,
  finishAttempt,
  isTestVisibleTo,
  questionsForExam,
  saveAnswer,
  startAttempt,
} from "./attempt.server";
import { examTypeLabels, labelOf } from "./exam-type.server";
import type { SessionUser } from "./user.server";

export type ExamPage =
  | { state: "not-found" }
  | { state: "finished"; attemptId: string }
  | {
      state: "ready";
      test: { id: string; title: string; description: string; duration: number; totalQuestions: number; examType: string };
      allowance: { allowed: boolean; remaining: number | null; used: number };
    }
  | {
      state: "in-progress";
      test: { id: string; title: string; duration: number; totalQuestions: number };
      attempt: { id: string; deadlineAt: number; serverNow: number; deadlineClock: string };
      questions: readonly { id: string; question: string; options: string[] }[];
      answers: Record<string, { chosen: number | null; marked: boolean }>;
      current: number;
      confirm: boolean;
    };

/** What /test/:testId shows the student: the start card, the running exam, or nothing. */
const testById = preparedQuery((d) =>
  d
    .select()
    .from(tests)
    .where(eq(tests.id, sql.placeholder("id")))
    .prepare(),
);

export function loadExamPage(user: SessionUser, testId: string, url: URL): ExamPage {
  const test = testById().get({ id: testId });
  if (!test) return { state: "not-found" };
  // a student inside a test keeps it until they finish or time runs out, even if the academy hides the
  // test (or their exam type) meanwhile; nobody can start a hidden test
  const open = findOpenAttempt(db(), user.id, test.id);
  if (!open && !isTestVisibleTo(test, user)) return { state: "not-found" };
  if (!open) {
    const allow = allowanceFor(db(), user, test);
    return {
      state: "ready",
      test: {
        id: test.id,
        title: test.title,
        description: test.description,
        duration: test.duration,
        totalQuestions: test.totalQuestions,
        examType: labelOf(examTypeLabels(), test.examType),
      },
      allowance: { allowed: allow.allowed, remaining: allow.remaining, used: allow.used },
    };
  }
  const attempt = closeIfExpired(open);
  if (attempt.status !== "in_progress") return { state: "finished", attemptId: attempt.id };

  const list = questionsForExam(test.id, attempt.testVersion);
  const requested = Number.parseInt(url.searchParams.get("q") ?? "1", 10);
  const current = Math.min(Math.max(Number.isFinite(requested) ? requested : 1, 1), Math.max(list.length, 1));
  const answers: Record<string, { chosen: number | null; marked: boolean }> = {};
  for (const a of answersOf(attempt.id)) answers[a.questionId] = { chosen: a.chosen, marked: a.marked };
  // the question on screen counts as visited (the no-JS path has no other signal); a question
  // with a row is visited already, so revisits cost no write
  const onScreen = list[current - 1];
  if (onScreen && !answers[onScreen.id] && saveAnswer(attempt.id, user.id, { questionId: onScreen.id, visitOnly: true }).ok) {
    answers[onScreen.id] = { chosen: null, marked: false };
  }

  return {
    state: "in-progress",
    test: { id: test.id, title: test.title, duration: test.duration, totalQuestions: list.length },
    attempt: {
      id: attempt.id,
      deadlineAt: +attempt.deadlineAt,
      serverNow: Date.now(),
      deadlineClock: formatTime(attempt.deadlineAt, env().ACADEMY_TIME_ZONE),
    },
    questions: list,
    answers,
    current,
    confirm: url.searchParams.get("confirm") === "1",
  };
}

export type ExamActionResult = { redirect: string } | { error: string; status: number };

/** The exam page's form posts: start, save (no-JS Save & Next and friends) and finish. */
export function examAction(user: SessionUser, testId: string, form: Record<string, string>): ExamActionResult {
  const base = `/test/${encodeURIComponent(testId)}`;
  const resultsOf = (attemptId: string) => `${base}/results?attempt=${encodeURIComponent(attemptId)}`;
  switch (form.intent) {
    case "start": {
      const started = startAttempt(user, testId);
      if (!started.ok) return { error: started.error, status: started.status };
      return { redirect: `${base}?q=1` };
    }
    case "save": {
      const parsed = examNavSchema.safeParse(form);
      if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid answer", status: 400 };
      const { questionId, chosen, q, nav } = parsed.data;
      const open = findOpenAttempt(db(), user.id, testId);
      if (!open) return { redirect: base };
      let change: { chosen?: number | null; marked?: boolean } = {};
      if (nav === "clear") change = { chosen: null, marked: false };
      else if (nav === "mark-next") change = { chosen, marked: true };
      else if (nav === "next") change = { chosen, marked: false };
      else if (chosen !== undefined) change = { chosen };
      const saved = change.chosen === undefined && change.marked === undefined ? null : saveAnswer(open.id, user.id, { questionId, ...change });
      if (saved && !saved.ok) return saved.closed ? { redirect: resultsOf(open.id) } : { error: saved.error, status: 400 };
      const target = nav === "prev" ? Math.max(1, q - 1) : nav === "clear" ? q : Math.min(q + 1, open.totalQuestions);
      return { redirect: `${base}?q=${target}` };
    }
    case "finish": {
      const open = findOpenAttempt(db(), user.id, testId);
      if (!open) return { redirect: base };
      const finished = finishAttempt(open.id, user.id);
      return { redirect: resultsOf(finished?.id ?? open.id) };
    }
    default:
      return { error: "Unknown action", status: 400 };
  }
}
