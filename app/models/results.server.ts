import { env } from "~/lib/server/env.server";
import { Kept } from "~/lib/server/kept.server";
import { windowFor } from "~/lib/rules/accommodation";
import {
  answerReleaseOf,
  answersReleased,
  parseReleaseOverride,
  ranksShown,
  releaseStatusText,
  releaseAtTheLatest,
  scoreWithheld,
  scoreWithheldMessage,
} from "~/lib/rules/answer-release";
import { availabilityOf, ranksVisible, windowMessage } from "~/lib/rules/availability";
import { type SQL, sql } from "drizzle-orm";
import { db, keptPerDatabase } from "~/db/db.server";
import { attempts, type Test } from "~/db/schema.server";
import { acceptsAnswers, GRACE_MS, retakeVerdict } from "~/lib/rules/exam-rules";
import { lateAnswerCause } from "~/lib/rules/late-answer";
import { percent } from "~/lib/rules/score-display";
import { parseReviewFilter, rankCounts, rankSummary, type ReviewFilter } from "~/lib/rules/review";
import { orderForAttempt } from "~/lib/rules/shuffle";
import { hasPattern, isRightAnswer, markAnswers, markingOf, marksOf } from "~/lib/rules/exam-pattern";
import { COHORT_MIN_ATTEMPTS, type CohortFigure, cohortFigures, fitTimesTo, sectionFigures, weakestTopics } from "~/lib/rules/sections";
import { markedFractionSql, markedScoreSql, maxMarksSql } from "./marked-score.server";
import { type BestRow, leaderboardFor, leaderboardName, type LeaderRow, rankedBest } from "~/lib/rules/leaderboard";
import {
  allowanceFor,
  answersOf,
  attemptAsOf,
  findAttempt,
  findOpenAttempt,
  finishedAttemptCount,
  lastWriterEndsAt,
  latestFinishedAttempt,
} from "./attempt.server";
import { accommodationOn, personalClosesOf } from "./accommodations.server";
import { releaseViewOf, testForStudent } from "./batches.server";
import { interventionsOf } from "./live-room.server";
import { testById } from "./test.server";
import { comparisonFor } from "./comparison.server";
import { gradedQuestionsOf } from "./test.server";
import type { SessionUser } from "./user.server";

/**
 * Every student's best score on a test, kept per process for RANK_TTL_MS: during an exam's end thousands of
 * results pages ask at once, and each one reading all of the test's attempts made the wave quadratic
 * (1.8 ms per page at 3,000 attempts). A rank may be a few seconds behind other students' finishes; the
 * student's own best is always read fresh.
 */
const bestScoresKept = new Kept<{ byUser: Map<string, number>; sorted: number[] }>({
  name: "best scores for ranks",
  keeps: "every student's best score on a test, sorted",
  key: "test id",
  invalidated: "after 5 s (a rank may be that far behind other students' finishes)",
  maxEntries: 500,
  maxAgeMs: 5000,
});

function bestScoresOf(testId: string, now: number) {
  return bestScoresKept.getOrLoad(testId, () => loadBestScores(testId), now);
}

function loadBestScores(testId: string) {
  const rows = db().all<{ userId: string; p: number | null }>(sql`
    SELECT user_id AS userId, MAX(${markedFractionSql("")}) AS p
    FROM ${attempts} WHERE test_id = ${testId} AND status IN ('submitted', 'expired') GROUP BY user_id`);
  const byUser = new Map<string, number>();
  for (const r of rows) if (r.p !== null) byUser.set(r.userId, r.p);
  // attempts past their deadline that no write or sweep has closed yet count as the closed attempts they are
  for (const late of closedLate(testId)) if (late.p > (byUser.get(late.userId) ?? Number.NEGATIVE_INFINITY)) byUser.set(late.userId, late.p);
  return { byUser, sorted: [...byUser.values()].sort((a, b) => a - b) };
}

/** At most this many attempts closed late are scored for one test's ranks or board (kept 5 s). */
const CLOSED_LATE_BOUND = 500;

/**
 * A test's attempts past their deadline and the save grace that no write or sweep has closed yet (a student
 * without JavaScript whose time ran out), as they will be closed: the score their saved answers give (attemptAsOf).
 * Between sweeps there are few; ranks, leaderboards and figures count them the moment they are shown.
 */
function closedLate(testId: string, now = Date.now(), userId: string | null = null): BestRow[] {
  // bounded: each is scored from its answers, and the ranks and board that read them are kept for 5 s; past the
  // bound the sweep (every minute) closes the rest for good
  const open = db()
    .all<{ id: string }>(sql`
      SELECT id FROM ${attempts} WHERE test_id = ${testId} AND status = 'in_progress' AND deadline_at < ${now - GRACE_MS}
      ${userId ? sql`AND user_id = ${userId}` : sql``} ORDER BY deadline_at LIMIT ${CLOSED_LATE_BOUND}`)
    .map((r) => findAttempt(r.id))
    .filter((a): a is NonNullable<typeof a> => !!a)
    .map((a) => attemptAsOf(a, new Date(now)));
  if (!open.length) return [];
  const names = new Map(
    db()
      .all<{ id: string; name: string }>(
        sql`SELECT id, name FROM users WHERE id IN (${sql.join(
          open.map((a) => sql`${a.userId}`),
          sql`, `,
        )})`,
      )
      .map((u) => [u.id, u.name]),
  );
  return open.flatMap((a) => {
    const marks = a.marks ?? a.score ?? 0;
    const maxMarks = a.maxMarks ?? a.totalQuestions;
    if (!maxMarks) return [];
    return [{ userId: a.userId, name: names.get(a.userId) ?? "", p: marks / maxMarks, marks, maxMarks, timeSpent: a.timeSpent ?? 0 }];
  });
}

/** Rank of a student's best attempt among every student's best attempt on a test (1 = top), by marked score. */
export function rankAmongBest(testId: string, userId: string, now = Date.now()) {
  const finished = db().get<{ p: number | null }>(sql`
    SELECT MAX(${markedFractionSql("")}) AS p
    FROM ${attempts} WHERE test_id = ${testId} AND user_id = ${userId} AND status IN ('submitted', 'expired')`)?.p;
  const lateMine = closedLate(testId, now, userId)[0]?.p;
  const mine = Math.max(finished ?? Number.NEGATIVE_INFINITY, lateMine ?? Number.NEGATIVE_INFINITY);
  if (mine === Number.NEGATIVE_INFINITY) return null;
  const best = bestScoresOf(testId, now);
  return rankSummary(rankCounts(best.sorted, mine, best.byUser.get(userId)));
}

/**
 * A test's leaderboard: every student's best attempt (marked score, then less time), in order, kept per process
 * for 5 s like the ranks (thousands of results pages at an exam's end would otherwise each read every attempt).
 */
const leaderboardKept = new Kept<LeaderRow[]>({
  name: "leaderboards",
  keeps: "every student's best attempt on a test, by marked score then time",
  key: "test id",
  invalidated: "after 5 s (a board may be that far behind other students' finishes)",
  maxEntries: 100,
  maxAgeMs: 5000,
});

function loadLeaderboard(testId: string): LeaderRow[] {
  const mode = env().LEADERBOARD_NAMES;
  const best = db().all<BestRow>(sql`
      WITH best AS (
        SELECT a.user_id, ${markedFractionSql("a")} AS p, ${markedScoreSql("a")} AS marks, ${maxMarksSql("a")} AS maxMarks,
               COALESCE(a.time_spent, 0) AS timeSpent,
               ROW_NUMBER() OVER (PARTITION BY a.user_id ORDER BY ${markedFractionSql("a")} DESC, COALESCE(a.time_spent, 0)) AS rn
        FROM ${attempts} a WHERE a.test_id = ${testId} AND a.status IN ('submitted', 'expired')
      )
      SELECT b.user_id AS userId, u.name AS name, b.p AS p, b.marks AS marks, b.maxMarks AS maxMarks, b.timeSpent AS timeSpent
      FROM best b JOIN users u ON u.id = b.user_id
      WHERE b.rn = 1 AND b.p IS NOT NULL`);
  // with the attempts closed late (past their deadline, not yet closed), in order with their places
  return rankedBest(best, closedLate(testId)).map(({ p, ...r }) => ({
    ...r,
    marks: Math.round(r.marks * 100) / 100,
    name: leaderboardName(r.name, mode),
    percent: Math.round(p * 100),
  }));
}

/** The top ten of a test and, further down, the student's own row (other students' ids stay on the server). */
export function leaderboardOf(testId: string, userId: string, now = Date.now()) {
  const board = leaderboardFor(
    leaderboardKept.getOrLoad(testId, () => loadLeaderboard(testId), now),
    userId,
  );
  const shown = ({ userId: id, ...r }: LeaderRow) => ({ ...r, mine: id === userId });
  return { top: board.top.map(shown), mine: board.mine ? shown(board.mine) : null };
}

/**
 * Per question of a version, what every student did (app/lib/rules/sections.ts, cohortFigures): one aggregate per
 * version, kept per process under the test's updatedAt (a regrade moves it) for a minute (new finishes join).
 */
const cohortKept = keptPerDatabase<Map<string, CohortFigure>>({
  name: "cohort figures",
  keeps: "per question of a test version: % right and the most chosen wrong option over each student's first finished attempt",
  key: "test id, version and the test's updatedAt",
  invalidated: "by a new updatedAt (a regrade), and after a minute (new finishes)",
  maxEntries: 200,
  maxAgeMs: 60_000,
});

function cohortOf(test: Pick<Test, "id" | "updatedAt">, version: number, key: ReadonlyArray<{ id: string; correctAnswer: number }>) {
  return cohortKept(`${test.id}\u0000${version}\u0000${+test.updatedAt}`, () => {
    // each student once: their first finished attempt of this version (a student's retakes are not more students)
    const firsts = sql`(SELECT id FROM (
        SELECT a.id, ROW_NUMBER() OVER (PARTITION BY a.user_id ORDER BY a.started_at) AS rn
        FROM ${attempts} a WHERE a.test_id = ${test.id} AND a.test_version = ${version} AND a.status IN ('submitted', 'expired')
      ) WHERE rn = 1)`;
    const finished = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM ${firsts}`)?.n ?? 0;
    if (finished < COHORT_MIN_ATTEMPTS) return new Map();
    const picks = db().all<{ id: string; chosen: number; n: number }>(sql`
      SELECT aa.question_id AS id, aa.chosen_index AS chosen, COUNT(*) AS n
      FROM attempt_answers aa
      WHERE aa.attempt_id IN ${firsts} AND aa.chosen_index IS NOT NULL
      GROUP BY aa.question_id, aa.chosen_index`);
    const times = db().all<{ id: string; avg: number }>(sql`
      SELECT aa.question_id AS id, AVG(aa.seconds) AS avg
      FROM attempt_answers aa
      WHERE aa.attempt_id IN ${firsts} AND aa.seconds > 0
      GROUP BY aa.question_id`);
    return cohortFigures(finished, key, picks, new Map(times.map((t) => [t.id, t.avg])));
  });
}

/** True while the student has an attempt of this test open and inside its time. */
export function hasRunningAttempt(userId: string, testId: string): boolean {
  const open = findOpenAttempt(db(), userId, testId);
  return open !== undefined && acceptsAnswers(open.deadlineAt, new Date());
}

export type ResultsPage = ReturnType<typeof loadResults>;

/**
 * The results of one attempt. Students see only their own (latest finished when no id is given);
 * admins see any attempt by id. Anything else is "not found".
 */
export function loadResults(user: Pick<SessionUser, "id" | "role" | "globalTestLimit">, testId: string, attemptId: string | null, filter: ReviewFilter) {
  const test = testById().get({ id: testId });
  if (!test) return { state: "not-found" as const };
  // while a student is taking this test again, no review of it (answers, explanations) is shown
  if (user.role === "user" && hasRunningAttempt(user.id, testId)) return { state: "test-running" as const, test: { id: test.id, title: test.title } };
  let attempt = attemptId ? findAttempt(attemptId) : user.role === "user" ? latestFinishedAttempt(user.id, testId) : undefined;
  if (!attempt || attempt.testId !== testId) return { state: "not-found" as const };
  if (user.role !== "admin" && attempt.userId !== user.id) return { state: "not-found" as const };
  // an attempt past its deadline not yet closed by a write or the sweep: its result as it will be stored
  attempt = attemptAsOf(attempt);
  if (attempt.status === "in_progress") return { state: "not-found" as const };
  const now = Date.now();
  // the end of every attempt of this test that can still run: a release "after the window closes" waits for it
  const lastEnd = lastWriterEndsAt(testId, new Date(now));
  if (user.role === "user") {
    // key held back and more than one attempt: the score would give it away, one question per attempt
    const view = studentClosing(test, user.id);
    if (scoreWithheld(view, allowanceFor(db(), user, test).limit, now, lastEnd)) {
      const shownOn = releaseAtTheLatest({ ...view, duration: test.duration }, lastEnd, GRACE_MS);
      return {
        state: "score-held" as const,
        test: { id: test.id, title: test.title },
        message: scoreWithheldMessage(shownOn, env().ACADEMY_TIME_ZONE),
        retake: retakeVerdictFor(user, test),
      };
    }
  }

  // questions a regrade removed are not shown or counted
  // in the order the student saw them (a shuffled test), options too; questions a regrade removed left out
  const all = orderForAttempt(gradedQuestionsOf(test, attempt.testVersion), { mode: attempt.shuffleMode, seed: attempt.shuffleSeed });
  const key = all.filter((q) => !q.dropped);
  const answers = new Map(answersOf(attempt.id).map((a) => [a.questionId, a]));
  // the times on the questions never add up to more than the time used (app/lib/rules/sections.ts)
  const fitted = fitTimesTo(
    key.map((q) => answers.get(q.id)?.seconds ?? 0),
    attempt.timeSpent ?? Number.MAX_SAFE_INTEGER,
  );
  // a live mock keeps its key back until its window closes (or for good: score only); admins see everything
  const answersShown = answersShownTo(user, test, lastEnd);
  // after release (and when the academy shows them): what everyone did on each question
  const cohort = answersShown && env().COHORT_FIGURES === "on" ? cohortOf(test, attempt.testVersion, key) : null;
  // the student's stars on this version's questions (My mistakes' Bookmarked)
  const stars = user.role === "user" && answersShown ? starredOf(user.id, testId, attempt.testVersion) : new Set<string>();
  const review = key.map((q, i) => {
    const a = answers.get(q.id);
    const chosen = a?.chosen ?? null;
    return {
      n: i + 1,
      id: q.id,
      question: q.question,
      options: q.options,
      /** display position → original option index when the options were shuffled for this attempt */
      optionOrder: q.optionOrder,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      chosen,
      marked: a?.marked ?? false,
      /** time this student spent on it (0 when not counted) */
      seconds: fitted[i] ?? 0,
      section: q.section,
      topic: q.topic,
      /** % of finished attempts right and the most chosen wrong option (original index); null under 5 attempts */
      cohort: cohort?.get(q.id) ?? null,
      bookmarked: stars.has(q.id),
      /** a key dispute upheld: other options right too, or the marks for everyone */
      accepted: q.accepted ?? [],
      bonus: q.bonus ?? false,
      outcome: q.bonus
        ? ("correct" as const)
        : chosen === null
          ? ("unanswered" as const)
          : isRightAnswer(q, chosen)
            ? ("correct" as const)
            : ("wrong" as const),
    };
  });
  const correct = review.filter((r) => r.outcome === "correct").length;
  const wrong = review.filter((r) => r.outcome === "wrong").length;
  const total = attempt.totalQuestions || key.length;
  // a test with an exam pattern: the marks stored at close (or by a regrade), and how they add up
  const pattern = { marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks };
  const marking = hasPattern(pattern, key)
    ? markingOf(
        markAnswers(new Map(review.map((r) => [r.id, r.chosen])), key, pattern),
        pattern,
        key.every((q) => q.marks === null),
      )
    : null;
  const marks = marking && attempt.marks !== null ? attempt.marks : null;
  // each question's outcome with its worth (1 each without a pattern), for the figures by section and topic
  const byQuestion = review.map((r, i) => ({ ...r, marks: marking ? marksOf(key[i] ?? {}, pattern) : 1 }));
  const maxMarks = marking && attempt.maxMarks !== null ? attempt.maxMarks : null;
  const timeSpent = attempt.timeSpent ?? 0;
  const attemptsOnTest = finishedAttemptCount(db(), attempt.userId, testId);
  // a live mock keeps its key back until its window closes (or for good: score only); admins see everything.
  // Before then nothing that carries the key or a question's right or wrong leaves the server: no review,
  // no filter, only the score and the counts.
  // a student's personal window may close after the test's: ranks and answers wait for the latest close
  const closing = closingOf(test);
  const releaseAt = releaseAtTheLatest(
    { ...(user.role === "admin" ? closing : studentClosing(test, attempt.userId)), duration: test.duration },
    lastEnd,
    GRACE_MS,
  );
  // ranks and the leaderboard wait, like the key, for everyone's close and the last writer (admins: the close)
  const ranksNow = user.role === "admin" ? ranksVisible(closing, now) : ranksShown(closing, now, lastEnd);
  const ranksFrom = ranksNow || !closing.closesAt ? null : Math.max(+closing.closesAt, lastEnd ?? 0);

  return {
    state: "found" as const,
    isAdmin: user.role === "admin",
    /** for an admin: what the academy did to this attempt (more time, Submit now), "" when nothing */
    interventions: user.role === "admin" ? (interventionsOf([attempt.id]).get(attempt.id) ?? "") : "",
    timeZone: env().ACADEMY_TIME_ZONE,
    test: { id: test.id, title: test.title, duration: test.duration },
    attempt: {
      id: attempt.id,
      version: attempt.testVersion,
      status: attempt.status,
      score: attempt.score ?? correct,
      total,
      /** the marked score and its maximum when the test has an exam pattern, else null */
      marks,
      maxMarks,
      percent: percent(marks ?? attempt.score ?? correct, maxMarks ?? total),
      timeSpent,
      completedAt: attempt.completedAt ? +attempt.completedAt : null,
      deadlineAt: +attempt.deadlineAt,
      regradedAt: attempt.regradedAt ? +attempt.regradedAt : null,
      droppedQuestions: all.length - key.length,
    },
    breakdown: {
      correct,
      incorrect: wrong,
      unanswered: total - correct - wrong,
      accuracy: percent(correct, correct + wrong),
      avgSecondsPerQuestion: total ? Math.round(timeSpent / total) : 0,
      /** how the marks add up (correct × marks − wrong × penalty); null for a test without a pattern */
      marking,
    },
    // a scheduled test ranks everyone once it has closed
    rank: ranksNow ? rankAmongBest(testId, attempt.userId) : null,
    // the top ten by marked score then time, once ranks show (app/lib/rules/leaderboard.ts)
    leaderboard: ranksNow ? leaderboardOf(testId, attempt.userId) : null,
    // the student's best beside the topper's and the average of everyone's best, once ranks show
    comparison: ranksNow ? comparisonFor(testId, attempt.userId) : null,
    ranksFrom,
    attemptsOnTest,
    // a student's own results offer Retake only with an attempt left and the test open; otherwise why not
    retake: user.role === "admin" ? null : retakeVerdictFor(user, test),
    answers: answersShown ? { shown: true as const } : { shown: false as const, releaseAt, held: parseReleaseOverride(test.releaseOverride) === "hold" },
    filter: answersShown ? filter : ("all" as const),
    counts: answersShown
      ? { all: review.length, correct, wrong, unanswered: total - correct - wrong, marked: review.filter((r) => r.marked).length }
      : { all: review.length, correct: 0, wrong: 0, unanswered: 0, marked: 0 },
    // after release: the attempt by section and the topics that went worst (app/lib/rules/sections.ts)
    sections: answersShown ? sectionFigures(byQuestion, pattern.negativeMarks * (marking ? 1 : 0)) : [],
    weakTopics: answersShown ? weakestTopics(byQuestion) : [],
    // what the academy decided on disputed questions ("Question 12: B and C accepted")
    decisions: disputeDecisions(all),
    review: answersShown ? review.filter((r) => (filter === "all" ? true : filter === "marked" ? r.marked : r.outcome === filter)) : [],
  };
}

/** The questions of a version a student starred. */
function starredOf(userId: string, testId: string, version: number): Set<string> {
  return new Set(
    db()
      .all<{ id: string }>(sql`SELECT question_id AS id FROM bookmarks WHERE user_id = ${userId} AND test_id = ${testId} AND version = ${version}`)
      .map((r) => r.id),
  );
}

/** The test with its latest close (a student's personal window may close after the test's): ranks and answers wait for it. */
function closingOf(test: Test) {
  return releaseViewOf(test, null, personalClosesOf(test.id));
}

/**
 * The test as its answer release sees it for one student: their batch's own release and close where their batch
 * has one, else the test's rule waiting for the last close of anyone's window (every batch's, every personal one).
 */
export function studentClosing(test: Test, userId: string) {
  return releaseViewOf(test, userId, personalClosesOf(test.id));
}

/**
 * Admins always see the key; a student once the test releases it to them (app/lib/rules/answer-release.ts): after
 * the window closes, no earlier than the end of every attempt that can still run (`lastEnd`, read when not given).
 */
export function answersShownTo(user: Pick<SessionUser, "id" | "role">, test: Test, lastEnd?: number | null) {
  if (user.role === "admin") return true;
  const now = Date.now();
  return answersReleased(studentClosing(test, user.id), now, lastEnd === undefined ? lastWriterEndsAt(test.id, new Date(now)) : lastEnd);
}

/**
 * Whether a test's key is released to students now, by test id, each test read once per call of the returned
 * function's life (My mistakes and progress by topic ask it for many rows of the same few tests).
 */
export function releasedToStudent(userId: string): (testId: string) => boolean {
  const known = new Map<string, boolean>();
  return (testId) => {
    let shown = known.get(testId);
    if (shown === undefined) {
      const test = testById().get({ id: testId });
      shown = test ? answersShownTo({ id: userId, role: "user" }, test) : false;
      known.set(testId, shown);
    }
    return shown;
  };
}

/** A student's own results offer Retake only with an attempt left and the test open to them (their personal window, if any). */
function retakeVerdictFor(user: Pick<SessionUser, "id" | "globalTestLimit">, test: Test) {
  const accommodation = accommodationOn(db(), user.id, test.id);
  const window = windowFor(testForStudent(test, user.id) ?? test, accommodation);
  return retakeVerdict(allowanceFor(db(), user, test, accommodation), windowMessage(window, availabilityOf(window), env().ACADEMY_TIME_ZONE));
}

/**
 * The results page at an address (`?attempt=`, `?filter=`, `?late=1`) and its status, for its route's loader.
 */
export function resultsPageAt(user: Pick<SessionUser, "id" | "role" | "globalTestLimit">, testId: string, url: URL) {
  const filter = parseReviewFilter(url.searchParams.get("filter"));
  const page = loadResults(user, testId, url.searchParams.get("attempt"), filter);
  const status = page.state === "found" ? 200 : page.state === "test-running" ? 403 : 404;
  // `late`: the exam form's last answer arrived after the attempt closed (app/models/exam-page.server.ts)
  const shown = page.state === "found" ? { ...page, lateAnswer: url.searchParams.get("late") === "1" ? lateAnswerCause(page.attempt) : null } : page;
  return { page: shown, status };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The tests whose score this student may not see now (scoreWithheld: the key held back and more than one
 * attempt): their attempts are left out of every score, average and count shown to the student (dashboard,
 * progress), as the results page leaves them out. Only tests that have closed within a week (or close later),
 * or that an admin holds, can hold a score back, so few are looked at.
 */
export function scoreHeldTestIds(userId: string, now = Date.now()): string[] {
  const since = now - WEEK_MS;
  const candidates = db().all<{ id: string }>(sql`
    SELECT DISTINCT t.id AS id FROM attempts a JOIN tests t ON t.id = a.test_id
    WHERE a.user_id = ${userId} AND a.status IN ('submitted', 'expired') AND (t.answer_release IS NULL OR t.answer_release <> 'score_only') AND (
      t.release_override = 'hold' OR t.closes_at > ${since}
      OR EXISTS (SELECT 1 FROM test_batches tb WHERE tb.test_id = t.id AND tb.closes_at > ${since})
      OR EXISTS (SELECT 1 FROM accommodations ac WHERE (ac.test_id = t.id OR ac.test_id IS NULL) AND ac.closes_at > ${since}))`);
  if (!candidates.length) return [];
  const limit = db().get<{ limit: number | null }>(sql`SELECT global_test_limit AS "limit" FROM users WHERE id = ${userId}`)?.limit ?? null;
  const user = { id: userId, globalTestLimit: limit };
  return candidates
    .map((c) => testById().get({ id: c.id }))
    .filter((test): test is Test => !!test)
    .filter((test) => scoreWithheld(studentClosing(test, userId), allowanceFor(db(), user, test).limit, now, lastWriterEndsAt(test.id, new Date(now))))
    .map((test) => test.id);
}

/** SQL: the attempt's test (`column`) is not one of `held` (scoreHeldTestIds). */
export function notScoreHeldSql(held: readonly string[], column: SQL): SQL {
  if (!held.length) return sql`1`;
  return sql`${column} NOT IN (${sql.join(
    held.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The admin's view of a test's answer release (the live room and Edit Test): what it is now, and whether it can be decided. */
export function releaseStatusOf(test: Test, now = Date.now()) {
  const closing = closingOf(test);
  const rule = answerReleaseOf(closing);
  return {
    text: releaseStatusText(closing, now, lastWriterEndsAt(test.id, new Date(now)), env().ACADEMY_TIME_ZONE),
    decision: parseReleaseOverride(test.releaseOverride) ?? ("auto" as const),
    /** score only has nothing to release */
    decidable: rule !== "score_only",
  };
}

/** The decided key disputes of a version, in words for its results: accepted options, marks for everyone, dropped. */
function disputeDecisions(key: ReadonlyArray<{ correctAnswer: number; accepted?: readonly number[] | null; bonus?: boolean; dropped?: boolean }>): string[] {
  const letter = (i: number) => String.fromCharCode(65 + i);
  return key.flatMap((q, i) => {
    if (q.dropped) return [`Question ${i + 1}: dropped, not counted`];
    if (q.bonus) return [`Question ${i + 1}: everyone gets the marks`];
    if (q.accepted?.length) {
      const letters = [q.correctAnswer, ...q.accepted].sort((a, b) => a - b).map(letter);
      return [`Question ${i + 1}: ${letters.slice(0, -1).join(", ")} and ${letters.at(-1)} accepted`];
    }
    return [];
  });
}
