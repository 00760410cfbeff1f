import { availabilityOf, windowMessage } from "~/lib/rules/availability";
import { env } from "~/lib/server/env.server";
import { and, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { db, keptPerDatabase, preparedQuery, rawDb, transaction, type DB } from "~/db/db.server";
import { attemptAnswers, attempts, questions, tests, userTestLimits, type Attempt, type Test } from "~/db/schema.server";
import { gradedQuestionsOf, testById } from "./test.server";
import { hasDisputes, hasPattern, markAnswers, NO_PATTERN } from "~/lib/rules/exam-pattern";
import { type Accommodation, extraTimeMs, windowFor } from "~/lib/rules/accommodation";
import { accommodationOn } from "./accommodations.server";
import { testForStudent } from "./batches.server";
import { timeWasExtended, acceptsAnswers, allowance, finishStatus, GRACE_MS, stayToCount, timeSpentSeconds, type Allowance } from "~/lib/rules/exam-rules";
import { newId } from "~/lib/server/ids.server";
import { newShuffleSeed, orderForAttempt, SHUFFLE_QUESTIONS, shuffleModeOf } from "~/lib/rules/shuffle";
import type { SessionUser } from "./user.server";

export const FINISHED = ["submitted", "expired"] as const;

/**
 * A test a student may see, as they see it: active, of one of their assigned exam types, and (if given to batches)
 * given to one of theirs, with their batch's window and answer release; null when they may not see it.
 */
export function visibleTestFor(test: Test | undefined, user: Pick<SessionUser, "id" | "assignedExamTypes">, now = Date.now()): Test | null {
  if (!test?.isActive || !user.assignedExamTypes.includes(test.examType)) return null;
  return testForStudent(test, user.id, now);
}

// Start runs these for every student on exam morning: prepared once (building a query costs more than running it)
const finishedCountOf = preparedQuery((d) =>
  d
    .select({ n: count() })
    .from(attempts)
    .where(and(eq(attempts.userId, sql.placeholder("userId")), eq(attempts.testId, sql.placeholder("testId")), inArray(attempts.status, [...FINISHED])))
    .prepare(),
);
const perTestLimitOf = preparedQuery((d) =>
  d
    .select({ n: userTestLimits.maxAttempts })
    .from(userTestLimits)
    .where(and(eq(userTestLimits.userId, sql.placeholder("userId")), eq(userTestLimits.testId, sql.placeholder("testId"))))
    .prepare(),
);

export function finishedAttemptCount(_tx: DB, userId: string, testId: string): number {
  return finishedCountOf().get({ userId, testId })?.n ?? 0;
}

export function perTestLimit(_tx: DB, userId: string, testId: string): number | null {
  return perTestLimitOf().get({ userId, testId })?.n ?? null;
}

export function allowanceFor(
  tx: DB,
  user: Pick<SessionUser, "id" | "globalTestLimit">,
  test: Test,
  accommodation: Accommodation | null = accommodationOn(tx, user.id, test.id),
): Allowance & { used: number } {
  const used = finishedAttemptCount(tx, user.id, test.id);
  return {
    ...allowance({
      maxAttempts: test.maxAttempts,
      globalTestLimit: user.globalTestLimit,
      perTestLimit: perTestLimit(tx, user.id, test.id),
      extraAttempts: accommodation?.extraAttempts ?? 0,
      used,
    }),
    used,
  };
}

// the exam's hot path (every save, every exam page): built once per open database
const openAttemptOf = preparedQuery((d) =>
  d
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, sql.placeholder("userId")), eq(attempts.testId, sql.placeholder("testId")), eq(attempts.status, "in_progress")))
    .prepare(),
);
const attemptById = preparedQuery((d) =>
  d
    .select()
    .from(attempts)
    .where(eq(attempts.id, sql.placeholder("id")))
    .prepare(),
);
const questionOfAttempt = preparedQuery((d) =>
  d
    .select({ options: questions.options, position: questions.position })
    .from(questions)
    .where(and(eq(questions.testId, sql.placeholder("testId")), eq(questions.version, sql.placeholder("version")), eq(questions.id, sql.placeholder("id"))))
    .prepare(),
);

/** The student's running attempt of a test. Inside a transaction (`tx`) the same connection answers. */
export function findOpenAttempt(_tx: DB, userId: string, testId: string): Attempt | undefined {
  // one connection per process: a prepared statement reads inside the caller's transaction too
  return openAttemptOf().get({ userId, testId });
}

export function findAttempt(id: string): Attempt | undefined {
  return attemptById().get({ id });
}

const correctCountOf = preparedQuery((d) =>
  d
    .select({ n: count() })
    .from(attemptAnswers)
    .innerJoin(
      questions,
      and(eq(questions.testId, sql.placeholder("testId")), eq(questions.version, sql.placeholder("version")), eq(questions.id, attemptAnswers.questionId)),
    )
    .where(
      and(
        eq(attemptAnswers.attemptId, sql.placeholder("attemptId")),
        eq(questions.dropped, false),
        sql`${attemptAnswers.chosenIndex} = ${questions.correctAnswer}`,
      ),
    )
    .prepare(),
);
const droppedCountOf = preparedQuery((d) =>
  d
    .select({ n: count() })
    .from(questions)
    .where(and(eq(questions.testId, sql.placeholder("testId")), eq(questions.version, sql.placeholder("version")), eq(questions.dropped, true)))
    .prepare(),
);

/**
 * What closing an attempt at `now` sets: its score over the version's key (dropped questions left out), its
 * marks when the test has an exam pattern (app/lib/rules/exam-pattern.ts), and its times. A test without a
 * pattern (most) is counted in SQL, as before patterns; a marked one is marked from its answers and the key.
 */
function closingOf(attempt: Attempt, status: "submitted" | "expired", now: Date) {
  const times = {
    status,
    completedAt: new Date(Math.min(+now, +attempt.deadlineAt)),
    timeSpent: timeSpentSeconds(attempt.startedAt, attempt.deadlineAt, now),
  };
  const test = testById().get({ id: attempt.testId });
  const pattern = test ? { marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks } : NO_PATTERN;
  const key = test ? gradedQuestionsOf(test, attempt.testVersion) : [];
  // a pattern, or a decided key dispute (options accepted, marks for everyone): marked from the answers and the key
  if (hasPattern(pattern, key) || hasDisputes(key)) {
    const marked = markAnswers(new Map(answersOf(attempt.id).map((a) => [a.questionId, a.chosen])), key, pattern);
    return { ...times, score: marked.correct, totalQuestions: marked.total, marks: marked.marks, maxMarks: marked.maxMarks };
  }
  const version = { testId: attempt.testId, version: attempt.testVersion };
  const correct = correctCountOf().get({ ...version, attemptId: attempt.id })?.n ?? 0;
  // a question a regrade removed from this version does not count
  const dropped = droppedCountOf().get(version)?.n ?? 0;
  return {
    ...times,
    score: correct,
    totalQuestions: dropped ? Math.max(0, attempt.totalQuestions - dropped) : attempt.totalQuestions,
    marks: null,
    maxMarks: null,
  };
}

/**
 * Scores and closes an unfinished attempt from its stored answers. Idempotent: an attempt that is
 * already finished is returned unchanged (the UPDATE only matches `in_progress`).
 */
export function closeAttempt(_tx: DB, attemptId: string, status: "submitted" | "expired", now = new Date()): Attempt {
  const attempt = attemptById().get({ id: attemptId });
  if (!attempt) throw new Error(`attempt ${attemptId} not found`);
  if (attempt.status !== "in_progress") return attempt;
  const closing = closingOf(attempt, status, now);
  closeRunning().run({ id: attempt.id, ...closing, completedAtMs: +closing.completedAt });
  return attemptById().get({ id: attempt.id }) as Attempt;
}

// Start and Finish of a whole exam day run these: prepared once (building a Drizzle query cost more than running it)
const closeRunning = preparedQuery((d) =>
  d
    .update(attempts)
    // (an update's placeholders carry no column type: completedAt is given in ms, as stored)
    .set({
      status: sql`${sql.placeholder("status")}`,
      score: sql`${sql.placeholder("score")}`,
      totalQuestions: sql`${sql.placeholder("totalQuestions")}`,
      marks: sql`${sql.placeholder("marks")}`,
      maxMarks: sql`${sql.placeholder("maxMarks")}`,
      completedAt: sql`${sql.placeholder("completedAtMs")}`,
      timeSpent: sql`${sql.placeholder("timeSpent")}`,
    })
    .where(and(eq(attempts.id, sql.placeholder("id")), eq(attempts.status, "in_progress")))
    .prepare(),
);
const insertAttempt = preparedQuery((d) =>
  d
    .insert(attempts)
    .values({
      id: sql.placeholder("id"),
      testId: sql.placeholder("testId"),
      userId: sql.placeholder("userId"),
      testVersion: sql.placeholder("testVersion"),
      status: sql.placeholder("status"),
      startedAt: sql.placeholder("startedAt"),
      deadlineAt: sql.placeholder("deadlineAt"),
      // (completedAt, score, timeSpent and regradedAt start empty)
      totalQuestions: sql.placeholder("totalQuestions"),
      lastQuestion: sql.placeholder("lastQuestion"),
      shuffleMode: sql.placeholder("shuffleMode"),
      shuffleSeed: sql.placeholder("shuffleSeed"),
    })
    .prepare(),
);
const insertVisit = preparedQuery((d) =>
  d
    .insert(attemptAnswers)
    .values({ attemptId: sql.placeholder("attemptId"), questionId: sql.placeholder("questionId"), updatedAt: sql.placeholder("updatedAt") })
    .prepare(),
);

/**
 * Reading an attempt (GET pages): one still marked running but past its deadline plus grace is shown as
 * it will be once closed — expired, with the score its stored answers give — WITHOUT writing. The next
 * write that touches it (a save, Start, Finish) or the periodic sweep closes it for good, at the
 * deadline, with the same score: answers are no longer accepted, so nothing can change it meanwhile.
 */
export function attemptAsOf(attempt: Attempt, now = new Date()): Attempt {
  if (attempt.status !== "in_progress" || acceptsAnswers(attempt.deadlineAt, now)) return attempt;
  return { ...attempt, ...closingOf(attempt, "expired", now) };
}

/** An attempt being written now: open, and still taking answers (its deadline plus grace not passed). */
const beingWritten = (now: Date) => and(eq(attempts.status, "in_progress"), gte(attempts.deadlineAt, new Date(+now - GRACE_MS)));

/** How many students are writing a test now. */
export function studentsWritingCount(now = new Date()): number {
  return db().select({ n: count() }).from(attempts).where(beingWritten(now)).get()?.n ?? 0;
}

/** How many students are writing this test now. */
export function writingOnTest(testId: string, now = new Date()): number {
  return (
    db()
      .select({ n: count() })
      .from(attempts)
      .where(and(eq(attempts.testId, testId), beingWritten(now)))
      .get()?.n ?? 0
  );
}

/** Which of these users are writing a test now. */
export function studentsWritingAmong(userIds: string[], now = new Date()): string[] {
  if (!userIds.length) return [];
  return db()
    .selectDistinct({ userId: attempts.userId })
    .from(attempts)
    .where(and(inArray(attempts.userId, userIds), beingWritten(now)))
    .all()
    .map((r) => r.userId);
}

/**
 * When the last attempt of a test that can still run ends (its deadline, with extensions and accommodations,
 * plus the save grace), or null when none is running: an answer release "after the window closes" waits for it.
 */
export function lastWriterEndsAt(testId: string, now = new Date()): number | null {
  const row = lastWriterQuery(testId, now).get();
  return row?.last ? Number(row.last) + GRACE_MS : null;
}

/**
 * The latest deadline of a test's attempts being written: asked by every results page and dashboard card of a test
 * with a window, and read from attempts_test_deadline_idx alone (one step, not one row per student writing).
 */
export function lastWriterQuery(testId: string, now: Date) {
  return db()
    .select({ last: sql<number | null>`MAX(${attempts.deadlineAt})` })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), beingWritten(now)));
}

/** The test a student is writing now and its deadline, or null. */
export function testBeingWrittenBy(userId: string, now = new Date()): { testTitle: string; deadlineAt: Date } | null {
  const row = db()
    .select({ testTitle: tests.title, deadlineAt: attempts.deadlineAt })
    .from(attempts)
    .innerJoin(tests, eq(tests.id, attempts.testId))
    .where(and(eq(attempts.userId, userId), beingWritten(now)))
    .orderBy(desc(attempts.deadlineAt))
    .limit(1)
    .get();
  return row ?? null;
}

/**
 * The periodic sweep (server/start.js runs it every minute in one process): closes every attempt past
 * its deadline plus grace, in transactions of 100, and returns how many it closed.
 */
export function sweepExpiredAttempts(now = new Date()): number {
  const cutoff = new Date(+now - GRACE_MS);
  let closed = 0;
  for (;;) {
    const batch = db()
      .select({ id: attempts.id })
      .from(attempts)
      .where(and(eq(attempts.status, "in_progress"), lt(attempts.deadlineAt, cutoff)))
      .limit(100)
      .all();
    if (!batch.length) return closed;
    transaction((tx) => {
      for (const { id } of batch) closeAttempt(tx, id, "expired", now);
    });
    closed += batch.length;
  }
}

export type StartResult = { ok: true; attempt: Attempt; resumed: boolean } | { ok: false; error: string; status: number };

export const LIMIT_REACHED = "You have used all your attempts for this test.";
export const TEST_NOT_FOUND = "Test not found";

/**
 * Start: in one IMMEDIATE transaction, checks the test is visible to the student and the attempt
 * limits, then resumes the open attempt or creates one with its deadline.
 */
export function startAttempt(user: SessionUser, testId: string, now = new Date()): StartResult {
  return transaction((tx) => {
    const test = testById().get({ id: testId });
    const seen = user.status === "active" ? visibleTestFor(test, user, +now) : null;
    if (!test || !seen) return { ok: false, error: TEST_NOT_FOUND, status: 404 };
    const open = findOpenAttempt(tx, user.id, testId);
    if (open) {
      if (acceptsAnswers(open.deadlineAt, now)) return { ok: true, attempt: open, resumed: true };
      closeAttempt(tx, open.id, "expired", now);
    }
    // a scheduled test: no new attempt before it opens or once it has closed (a running one was resumed above);
    // a student's accommodation may give a personal window and extra time
    const accommodation = accommodationOn(tx, user.id, test.id);
    const window = windowFor(seen, accommodation);
    const state = availabilityOf(window, +now);
    if (state !== "open") return { ok: false, error: windowMessage(window, state, env().ACADEMY_TIME_ZONE) ?? TEST_NOT_FOUND, status: 403 };
    const allow = allowanceFor(tx, user, test, accommodation);
    if (!allow.allowed) return { ok: false, error: LIMIT_REACHED, status: 403 };
    const attempt: Attempt = {
      id: newId(),
      testId,
      userId: user.id,
      testVersion: test.currentVersion,
      status: "in_progress",
      startedAt: now,
      // a student's accommodation adds its extra time
      deadlineAt: new Date(+now + test.duration * 60_000 + extraTimeMs(test.duration, accommodation)),
      completedAt: null,
      score: null,
      totalQuestions: test.totalQuestions,
      marks: null,
      maxMarks: null,
      timeSpent: null,
      regradedAt: null,
      lastQuestion: 1,
      // a test that shuffles gives this attempt its own order, fixed by the seed
      shuffleMode: shuffleModeOf(test),
      shuffleSeed: shuffleModeOf(test) ? newShuffleSeed() : null,
      lastStayShownAt: null,
      submittedBy: null,
    };
    insertAttempt().run(attempt);
    // the first question the student sees counts as visited from the start (Resume and the palette show it so)
    const first = examQuestionsOf(attempt)[0];
    if (first) insertVisit().run({ attemptId: attempt.id, questionId: first.id, updatedAt: now });
    return { ok: true, attempt, resumed: false };
  });
}

/**
 * One change to an answer. `at` is when the student made it (the device's clock corrected by the server
 * time it last heard): a change older than the stored one is acknowledged but not applied, so a late
 * re-send from another tab or a reconnecting phone never overwrites a newer choice.
 */
export type SaveInput = { questionId: string; chosen?: number | null; marked?: boolean; starred?: boolean; visitOnly?: boolean; at?: number };
export type SaveResult = { ok: true; deadlineAt: Date } | { ok: false; error: string; closed: boolean };

export const ATTEMPT_CLOSED = "Time is up: this attempt is closed and your saved answers have been submitted.";

/** A question visited: a row with no answer, dated at the attempt's start (kept if the question has one). */
const VISIT_QUESTION = `INSERT INTO attempt_answers (attempt_id, question_id, updated_at) VALUES (@attemptId, @questionId, @at)
  ON CONFLICT (attempt_id, question_id) DO NOTHING`;
const SET_LAST_QUESTION = "UPDATE attempts SET last_question = @lastQuestion WHERE id = @attemptId";
/**
 * One answer change: the option (null clears it) and the review mark, each only when sent. A change made
 * before the one stored (by the time the page made it: saves can arrive out of order) changes nothing.
 */
const SAVE_ANSWER = `INSERT INTO attempt_answers (attempt_id, question_id, chosen_index, marked_for_review, updated_at)
  VALUES (@attemptId, @questionId, @chosen, @marked, @at)
  ON CONFLICT (attempt_id, question_id) DO UPDATE SET
    chosen_index = CASE WHEN @setChosen THEN excluded.chosen_index ELSE chosen_index END,
    marked_for_review = CASE WHEN @setMarked THEN excluded.marked_for_review ELSE marked_for_review END,
    updated_at = excluded.updated_at
  WHERE attempt_answers.updated_at <= excluded.updated_at`;

const STAR_QUESTION = `INSERT OR IGNORE INTO bookmarks (user_id, test_id, version, question_id, created_at)
  VALUES (@userId, @testId, @version, @questionId, @at)`;
const UNSTAR_QUESTION = "DELETE FROM bookmarks WHERE user_id = @userId AND test_id = @testId AND version = @version AND question_id = @questionId";

/** The questions of an attempt's version the student starred (its Bookmark buttons). */
export function starredQuestionsOf(userId: string, testId: string, version: number): Set<string> {
  return new Set(
    (
      rawDb().prepare("SELECT question_id AS id FROM bookmarks WHERE user_id = ? AND test_id = ? AND version = ?").all(userId, testId, version) as Array<{
        id: string;
      }>
    ).map((r) => r.id),
  );
}

/** Stores one answer (or a visit, a review mark, a bookmark) the moment it is made. */
export function saveAnswer(attemptId: string, userId: string, input: SaveInput, now = new Date()): SaveResult {
  return transaction((tx) => {
    const attempt = attemptById().get({ id: attemptId });
    if (attempt?.userId !== userId) return { ok: false, error: "Attempt not found", closed: false };
    if (attempt.status !== "in_progress") return { ok: false, error: ATTEMPT_CLOSED, closed: true };
    if (!acceptsAnswers(attempt.deadlineAt, now)) {
      closeAttempt(tx, attempt.id, "expired", now);
      return { ok: false, error: ATTEMPT_CLOSED, closed: true };
    }
    const question = questionOfAttempt().get({ testId: attempt.testId, version: attempt.testVersion, id: input.questionId });
    if (!question) return { ok: false, error: "Question not found", closed: false };
    if (input.chosen !== undefined && input.chosen !== null && (input.chosen < 0 || input.chosen >= question.options.length)) {
      return { ok: false, error: "Invalid option", closed: false };
    }
    // the Bookmark (star): the question is kept for My mistakes and practice, by the version the attempt shows
    if (input.starred !== undefined) {
      const target = { userId, testId: attempt.testId, version: attempt.testVersion, questionId: input.questionId };
      rawDb()
        .prepare(input.starred ? STAR_QUESTION : UNSTAR_QUESTION)
        .run(input.starred ? { ...target, at: +now } : target);
      if (input.chosen === undefined && input.marked === undefined) return { ok: true, deadlineAt: attempt.deadlineAt };
    }
    // written with prepared statements: on exam day this runs a thousand times a second, and building the
    // statements each time was about a tenth of a save's CPU
    if (input.visitOnly) {
      // a visit is not an answer: its row carries the attempt's start, so any answer made since wins
      rawDb().prepare(VISIT_QUESTION).run({ attemptId, questionId: input.questionId, at: +attempt.startedAt });
      // Resume opens the question the student last moved to (its place in this attempt's order)
      const place = attempt.shuffleMode & SHUFFLE_QUESTIONS ? examQuestionsOf(attempt).findIndex((q) => q.id === input.questionId) : question.position;
      rawDb()
        .prepare(SET_LAST_QUESTION)
        .run({ attemptId, lastQuestion: place + 1 });
    } else {
      // never later than now, never before the attempt began
      const madeAt = Math.max(+attempt.startedAt, Math.min(input.at ?? +now, +now));
      rawDb()
        .prepare(SAVE_ANSWER)
        .run({
          attemptId,
          questionId: input.questionId,
          chosen: input.chosen ?? null,
          marked: input.marked ? 1 : 0,
          at: madeAt,
          setChosen: input.chosen !== undefined ? 1 : 0,
          setMarked: input.marked !== undefined ? 1 : 0,
        });
    }
    return { ok: true, deadlineAt: attempt.deadlineAt };
  });
}

/**
 * Finish: scores on the server; a second finish changes nothing. A time-up sent by a page that counted down
 * to an earlier deadline than the stored one (the academy gave more time meanwhile) leaves the attempt running.
 */
export function finishAttempt(
  attemptId: string,
  userId: string,
  now = new Date(),
  { timeUp = false, believedDeadline, times }: { timeUp?: boolean; believedDeadline?: number; times?: ReadonlyMap<string, number> } = {},
): Attempt | null {
  return transaction((tx) => {
    const attempt = attemptById().get({ id: attemptId });
    if (attempt?.userId !== userId) return null;
    if (attempt.status !== "in_progress") return attempt;
    // the page's time per question (a hydrated page counts it and sends it with Finish)
    if (times?.size) addTime(attempt, times);
    if (timeUp && timeWasExtended(believedDeadline, attempt.deadlineAt, now)) return attempt;
    return closeAttempt(tx, attempt.id, finishStatus(attempt.deadlineAt, now, timeUp), now);
  });
}

/**
 * The exam form's stay on one question (no JavaScript: the form carries when its page was shown), counted once per
 * page shown (app/lib/rules/exam-rules.ts stayToCount).
 */
export function addStayOnQuestion(attemptId: string, userId: string, questionId: string, shownAt: number | undefined, now: number) {
  if (shownAt === undefined) return;
  transaction(() => {
    const attempt = attemptById().get({ id: attemptId });
    if (attempt?.userId !== userId || attempt.status !== "in_progress") return;
    const seconds = stayToCount(shownAt, attempt.lastStayShownAt, now);
    if (seconds <= 0) return;
    addTime(attempt, new Map([[questionId, seconds]]));
    db().update(attempts).set({ lastStayShownAt: shownAt }).where(eq(attempts.id, attemptId)).run();
  });
}

/**
 * Adds time spent to questions of a running attempt (seconds by question id; ids not in its version are ignored). A
 * question never saved gets a row like a visit's, so an answer made later still wins. One statement for a whole
 * page's count (json_each): Finish of a 100-question test is one write, not a hundred.
 */
function addTime(attempt: Attempt, times: ReadonlyMap<string, number>) {
  const positive = Object.fromEntries([...times].filter(([, n]) => n > 0).map(([id, n]) => [id, Math.round(n)]));
  if (!Object.keys(positive).length) return;
  // only the attempt's version's questions; a question never saved gets a row like a visit's (an answer made later wins)
  rawDb()
    .prepare(
      `INSERT INTO attempt_answers (attempt_id, question_id, seconds, marked_for_review, updated_at)
       SELECT @attemptId, j.key, j.value, 0, @startedAt FROM json_each(@times) j
       WHERE j.key IN (SELECT q.id FROM questions q WHERE q.test_id = @testId AND q.version = @version)
       ON CONFLICT (attempt_id, question_id) DO UPDATE SET seconds = seconds + excluded.seconds`,
    )
    .run({ attemptId: attempt.id, testId: attempt.testId, version: attempt.testVersion, times: JSON.stringify(positive), startedAt: +attempt.startedAt });
}

export type AnswerState = { questionId: string; chosen: number | null; marked: boolean; at: number; seconds: number };

// the exam page runs these on every question view: prepared once
const answersOfAttempt = preparedQuery((d) =>
  d
    .select({
      questionId: attemptAnswers.questionId,
      chosen: attemptAnswers.chosenIndex,
      marked: attemptAnswers.markedForReview,
      updatedAt: attemptAnswers.updatedAt,
      seconds: attemptAnswers.seconds,
    })
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, sql.placeholder("attemptId")))
    .prepare(),
);
const examQuestions = preparedQuery((d) =>
  d
    .select({ id: questions.id, question: questions.question, options: questions.options, marks: questions.marks, section: questions.section })
    .from(questions)
    .where(and(eq(questions.testId, sql.placeholder("testId")), eq(questions.version, sql.placeholder("version"))))
    .orderBy(questions.position)
    .prepare(),
);

export function answersOf(attemptId: string): AnswerState[] {
  return answersOfAttempt()
    .all({ attemptId })
    .map((a) => ({ questionId: a.questionId, chosen: a.chosen, marked: a.marked, at: +a.updatedAt, seconds: a.seconds }));
}

/** Questions of the attempt's version WITHOUT the answer key or explanations (safe to send); `marks`: a question's own (exam patterns). */
type ExamQuestion = { id: string; question: string; options: string[]; marks: number | null; section: string | null };

/**
 * The questions of a test version, kept in memory per open database (most recently used 200 versions).
 * A version that has an attempt never changes (an edit then makes a new version), and the exam page
 * only asks for versions that have one, so the copy cannot go stale. Callers must not modify it.
 */
const examQuestionsKept = keptPerDatabase<readonly ExamQuestion[]>({
  name: "exam questions",
  keeps: "a test version's questions as the exam page shows them (no answer key)",
  key: "test id and version",
  invalidated: "never needed: a version with attempts does not change (an edit makes a new version)",
  maxEntries: 200,
});

export function questionsForExam(testId: string, version: number): readonly ExamQuestion[] {
  return examQuestionsKept(`${testId}\u0000${version}`, () => examQuestions().all({ testId, version }));
}

/** The attempt's questions in the order its student sees them (app/lib/rules/shuffle.ts), options' order included. */
export function examQuestionsOf(attempt: Pick<Attempt, "testId" | "testVersion" | "shuffleMode" | "shuffleSeed">) {
  return orderForAttempt(questionsForExam(attempt.testId, attempt.testVersion), { mode: attempt.shuffleMode, seed: attempt.shuffleSeed });
}

// the results page and the start card ask it on every visit: prepared once (building the query cost more than running it)
const latestFinishedOf = preparedQuery((d) =>
  d
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, sql.placeholder("userId")), eq(attempts.testId, sql.placeholder("testId")), inArray(attempts.status, [...FINISHED])))
    .orderBy(desc(attempts.completedAt))
    .limit(1)
    .prepare(),
);

/** The latest finished attempt of a student on a test. */
export function latestFinishedAttempt(userId: string, testId: string): Attempt | undefined {
  return latestFinishedOf().get({ userId, testId });
}
