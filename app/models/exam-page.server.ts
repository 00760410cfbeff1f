import { accommodationNote, windowFor } from "~/lib/rules/accommodation";
import { type SectionRange, sectionRanges } from "~/lib/rules/sections";
import { hasPattern, marksOf, patternLabel } from "~/lib/rules/exam-pattern";
import { answersNoteFor } from "~/lib/rules/answer-release";
import { accommodationOn } from "./accommodations.server";
import { studentClosing } from "./results.server";
import { availabilityOf, windowMessage, closingMessage } from "~/lib/rules/availability";
import { db } from "~/db/db.server";
import { env } from "~/lib/server/env.server";
import { examNavigation, GRACE_MS, limitReachedLabel, timesFromPage } from "~/lib/rules/exam-rules";
import { TIMES_FIELD } from "~/lib/rules/page-handoff";
import { examNavSchema } from "~/lib/schemas/exam-schemas";
import { formatTime } from "~/lib/rules/time";
import {
  allowanceFor,
  answersOf,
  attemptAsOf,
  examQuestionsOf,
  findOpenAttempt,
  addStayOnQuestion,
  finishAttempt,
  visibleTestFor,
  latestFinishedAttempt,
  saveAnswer,
  startAttempt,
  starredQuestionsOf,
} from "./attempt.server";
import { gradedQuestionsOf, testById } from "./test.server";
import { latestLiveMessage } from "./live-room.server";
import { examTypeLabels, labelOf } from "./exam-type.server";
import type { SessionUser } from "./user.server";

export type ExamPage =
  | { state: "not-found" }
  | { state: "finished"; attemptId: string }
  | {
      state: "ready";
      test: { id: string; title: string; description: string; duration: number; totalQuestions: number; examType: string };
      allowance: { allowed: boolean; remaining: number | null; used: number; limitNote: string };
      /** "Opens on …" / "Closed on …" for a scheduled test outside its window */
      windowNote: string | null;
      /** "Closes on …" for an open test with a closing time (the student's own, their batch's or the test's) */
      closesNote: string | null;
      /** when the answers are shown, when not right after the attempt (app/lib/rules/answer-release.ts) */
      answersNote: string | null;
      /** the student's own accommodation (more time, more attempts), or null */
      accommodationNote: string | null;
      /** how the test is marked when it has an exam pattern ("+2 for a right answer, −0.5 …"); null: +1 / 0 */
      markingNote: string | null;
      latestResultId: string | null;
    }
  | {
      state: "in-progress";
      test: { id: string; title: string; duration: number; totalQuestions: number };
      attempt: { id: string; deadlineAt: number; serverNow: number; deadlineClock: string; timeZone: string };
      /** in the attempt's order; `options` in display order, `optionIndex` their original indexes (null: not shuffled) */
      /** `marks`: the question's own marks for a right answer when it has them (exam patterns), shown beside it */
      questions: readonly { id: string; question: string; options: string[]; optionIndex: number[] | null; marks?: number; section?: string }[];
      /** marks off for a wrong answer (shown beside each question's marks when the test has a pattern) */
      negativeMarks: number;
      /** the live room's newest message since the attempt began (a page without JavaScript shows it too) */
      message: { text: string; at: number } | null;
      /** `starred`: the question's Bookmark is on */
      answers: Record<string, { chosen: number | null; marked: boolean; at: number; starred?: boolean }>;
      /** a sectioned test's sections (app/lib/rules/sections.ts), worked out here so the page's script need not */
      sections: SectionRange[];
      current: number;
      confirm: boolean;
    };

/** What /test/:testId shows the student: the start card, the running exam, or nothing. */

export function loadExamPage(user: SessionUser, testId: string, url: URL): ExamPage {
  const test = testById().get({ id: testId });
  if (!test) return { state: "not-found" };
  // a student inside a test keeps it until they finish or time runs out, even if the academy hides the
  // test (or their exam type) meanwhile; nobody can start a hidden test
  const open = findOpenAttempt(db(), user.id, test.id);
  if (!open) {
    const seen = visibleTestFor(test, user);
    if (!seen) return { state: "not-found" };
    // Back after submitting comes to /test/ID?q=N: the exam is over, so the start card (with a link to the
    // result) shows; sending it to the results again would trap Back on the results page
    const latest = latestFinishedAttempt(user.id, test.id);
    // a student's accommodation: more attempts, a personal window, more time
    const accommodation = accommodationOn(db(), user.id, test.id);
    const allow = allowanceFor(db(), user, test, accommodation);
    // a scheduled test outside its window: the card says when it opens or that it closed
    const window = windowFor(seen, accommodation);
    const availability = availabilityOf(window);
    const windowNote = windowMessage(window, availability, env().ACADEMY_TIME_ZONE);
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
      allowance: { allowed: allow.allowed && availability === "open", remaining: allow.remaining, used: allow.used, limitNote: limitReachedLabel(allow) },
      windowNote,
      closesNote: closingMessage(window, availability, env().ACADEMY_TIME_ZONE),
      answersNote: answersNoteFor({ ...studentClosing(test, user.id), duration: test.duration }, env().ACADEMY_TIME_ZONE, GRACE_MS),
      accommodationNote: accommodationNote(test.duration, accommodation),
      markingNote: patternLabel({ marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks }, gradedQuestionsOf(test, test.currentVersion)),
      latestResultId: latest?.id ?? null,
    };
  }
  // past its deadline: shown as finished (closed for good by the next write or the sweep; a GET never writes)
  const attempt = attemptAsOf(open);
  if (attempt.status !== "in_progress") return { state: "finished", attemptId: attempt.id };

  // the attempt's own order (a test may shuffle questions and options); answers use original identities
  const ordered = examQuestionsOf(attempt);
  // a test with a pattern shows each question's marks beside it (+2 / −0.5); a test marked +1 / 0 shows none
  const pattern = { marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks };
  const patterned = hasPattern(pattern, ordered);
  const list = ordered.map((q) => ({
    id: q.id,
    question: q.question,
    options: q.optionOrder ? q.optionOrder.map((i) => q.options[i]) : q.options,
    optionIndex: q.optionOrder,
    ...(patterned ? { marks: marksOf(q, pattern) } : {}),
    ...(q.section !== null ? { section: q.section } : {}),
  }));
  // ?q= names the question; without it, Resume opens the one the student was last on. Nothing is
  // written here: visits travel with saves (the JS save queue, the no-JS form posts).
  const requested = Number.parseInt(url.searchParams.get("q") ?? String(attempt.lastQuestion ?? 1), 10);
  const current = Math.min(Math.max(Number.isFinite(requested) ? requested : 1, 1), Math.max(list.length, 1));
  const answers: Record<string, { chosen: number | null; marked: boolean; at: number; starred?: boolean }> = {};
  for (const a of answersOf(attempt.id)) answers[a.questionId] = { chosen: a.chosen, marked: a.marked, at: a.at };
  for (const id of starredQuestionsOf(user.id, attempt.testId, attempt.testVersion))
    answers[id] = { ...(answers[id] ?? { chosen: null, marked: false, at: 0 }), starred: true };

  return {
    state: "in-progress",
    test: { id: test.id, title: test.title, duration: test.duration, totalQuestions: list.length },
    attempt: {
      id: attempt.id,
      deadlineAt: +attempt.deadlineAt,
      serverNow: Date.now(),
      deadlineClock: formatTime(attempt.deadlineAt, env().ACADEMY_TIME_ZONE),
      // the page writes the clock time again when the academy gives more time
      timeZone: env().ACADEMY_TIME_ZONE,
    },
    questions: list,
    negativeMarks: patterned ? test.negativeMarks : 0,
    message: latestLiveMessage(test.id, +attempt.startedAt),
    answers,
    sections: sectionRanges(list),
    current,
    confirm: url.searchParams.get("confirm") === "1",
  };
}

export type ExamActionResult = { redirect: string } | { error: string; status: number };

/**
 * Start from a hydrated start card (see app/lib/rules/page-handoff.ts): the running exam at the address the
 * start leads to, or null when that is not the exam (the card then moves there and the route loads it).
 */
export function examAfterStart(user: SessionUser, testId: string, href: string) {
  const page = loadExamPage(user, testId, new URL(href, "http://exam.local"));
  return page.state === "in-progress" ? page : null;
}

/** The exam page's form posts: start, save (every no-JS control of the exam form) and finish. */
export function examAction(user: SessionUser, testId: string, form: Record<string, string>): ExamActionResult {
  const base = `/test/${encodeURIComponent(testId)}`;
  const resultsOf = (attemptId: string) => `${base}/results?attempt=${encodeURIComponent(attemptId)}`;
  switch (form.intent) {
    case "start": {
      const started = startAttempt(user, testId);
      if (!started.ok) return { error: started.error, status: started.status };
      return { redirect: started.resumed ? base : `${base}?q=1` };
    }
    case "save": {
      // a navigator number is a button named `goto`
      const parsed = examNavSchema.safeParse(form.goto ? { ...form, nav: "goto" } : form);
      if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid answer", status: 400 };
      const { questionId, chosen, q, nav, goto } = parsed.data;
      const open = findOpenAttempt(db(), user.id, testId);
      // an answer that arrives once the attempt is closed is not saved: the result says so
      const late = chosen !== undefined ? "&late=1" : "";
      if (!open) {
        const closed = latestFinishedAttempt(user.id, testId);
        return { redirect: closed ? `${resultsOf(closed.id)}${late}` : base };
      }
      const step = examNavigation(nav, chosen, q, open.totalQuestions, goto);
      const { change } = step;
      // the time on the question being left: since the page showed it (its form carries when)
      addStayOnQuestion(open.id, user.id, questionId, Number(form.shownAt) || undefined, Date.now());
      // the Bookmark turns over what is stored now (a page without JavaScript shows what was stored)
      const star = step.toggleStar ? { starred: !starredQuestionsOf(user.id, open.testId, open.testVersion).has(questionId) } : {};
      const saved =
        change.chosen === undefined && change.marked === undefined && !step.toggleStar
          ? null
          : saveAnswer(open.id, user.id, { questionId, ...change, ...star });
      if (saved && !saved.ok)
        return saved.closed ? { redirect: `${resultsOf(open.id)}${change.chosen !== undefined ? "&late=1" : ""}` } : { error: saved.error, status: 400 };
      // the question moved to counts as visited
      const target = examQuestionsOf(open)[step.target - 1];
      if (target && step.target !== q) saveAnswer(open.id, user.id, { questionId: target.id, visitOnly: true });
      return { redirect: `${base}?q=${step.target}${step.confirm ? "&confirm=1" : ""}` };
    }
    case "finish": {
      const open = findOpenAttempt(db(), user.id, testId);
      if (!open) {
        // a second press of Submit (a double tap before the page moved on, another tab): the result it finished
        const closed = latestFinishedAttempt(user.id, testId);
        return { redirect: closed ? resultsOf(closed.id) : base };
      }
      // the time per question: a page that counted it sends it (TIMES_FIELD, as to the JSON Finish); a page
      // without JavaScript carries when it showed the question it is on, as Save & Next does
      const now = Date.now();
      if (form.questionId) addStayOnQuestion(open.id, user.id, form.questionId, Number(form.shownAt) || undefined, now);
      const finished = finishAttempt(open.id, user.id, new Date(now), { times: timesFromPage(form[TIMES_FIELD]) });
      return { redirect: resultsOf(finished?.id ?? open.id) };
    }
    default:
      return { error: "Unknown action", status: 400 };
  }
}
