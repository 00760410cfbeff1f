import { type SQL, sql } from "drizzle-orm";
import { db, transaction } from "~/db/db.server";
import { attemptExtensions, attempts, attemptAnswers, type Test, testMessages, userExamTypes, users } from "~/db/schema.server";
import { acceptsAnswers, GRACE_MS } from "~/lib/rules/exam-rules";
import { type Extension, interventionsNote, isStalled, LIVE_ROOM_PAGE_SIZE } from "~/lib/rules/live-room";
import { newId } from "~/lib/server/ids.server";
import { closeAttempt } from "./attempt.server";
import { batchOptions, givenToUserSql, inBatchSql } from "./batches.server";
import { releaseStatusOf } from "./results.server";
import { env } from "~/lib/server/env.server";

/**
 * The live exam room of one test (/admin/tests/:testId/live): who has not started, who is writing, who
 * finished, whose time ran out, and a row per student writing. Each refresh is three aggregates, however
 * many students write: the test's attempts by state, the students of its exam type with none, and the
 * running attempts with their answers (one page of rows).
 */
export type LiveRow = {
  attemptId: string;
  userId: string;
  name: string;
  signInName: string;
  startedAt: number;
  deadlineAt: number;
  answered: number;
  total: number;
  lastAnswerAt: number | null;
  stalled: boolean;
  extendedMinutes: number;
  /** the student's accommodation on this test (or on every test): more minutes, a longer time in percent */
  extraMinutes: number;
  extraPercent: number;
};

export function liveRoom(test: { id: string; examType: string }, page: number, now = Date.now(), batchId = "") {
  // one batch's students only, when asked
  const inBatch = (userColumn: SQL) => (batchId ? sql`AND ${inBatchSql(batchId, userColumn)}` : sql``);
  const counts = db().get<{ writing: number; finished: number; timeUp: number }>(sql`
    SELECT
      COALESCE(SUM(CASE WHEN status = 'in_progress' AND deadline_at + ${GRACE_MS} >= ${now} THEN 1 ELSE 0 END), 0) AS writing,
      COALESCE(SUM(CASE WHEN status = 'submitted' THEN 1 ELSE 0 END), 0) AS finished,
      COALESCE(SUM(CASE WHEN status = 'expired' OR (status = 'in_progress' AND deadline_at + ${GRACE_MS} < ${now}) THEN 1 ELSE 0 END), 0) AS timeUp
    FROM ${attempts} WHERE test_id = ${test.id} ${inBatch(sql`${attempts.userId}`)}`) ?? { writing: 0, finished: 0, timeUp: 0 };
  // students who may take it (active, with its exam type) and have no attempt of it yet
  const notStarted =
    db().get<{ n: number }>(sql`
      SELECT COUNT(*) AS n FROM ${userExamTypes} ue JOIN ${users} u ON u.id = ue.user_id
      WHERE ue.exam_type = ${test.examType} AND u.role = 'user' AND u.status = 'active' ${inBatch(sql`u.id`)}
        AND ${givenToUserSql(sql`${test.id}`, sql`u.id`)}
        AND NOT EXISTS (SELECT 1 FROM ${attempts} a WHERE a.test_id = ${test.id} AND a.user_id = u.id)`)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(counts.writing / LIVE_ROOM_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  // stalled first (longest without an answer), then by name
  const rows = db()
    .all<Omit<LiveRow, "stalled">>(sql`
      SELECT a.id AS attemptId, a.user_id AS userId, u.name AS name, COALESCE(u.email, u.roll_number, '') AS signInName, a.started_at AS startedAt,
             a.deadline_at AS deadlineAt, a.total_questions AS total,
             COUNT(aa.chosen_index) AS answered, MAX(CASE WHEN aa.chosen_index IS NOT NULL OR aa.marked_for_review THEN aa.updated_at END) AS lastAnswerAt,
             COALESCE((SELECT SUM(e.minutes) FROM ${attemptExtensions} e WHERE e.attempt_id = a.id), 0) AS extendedMinutes,
             COALESCE((SELECT ac.extra_minutes FROM accommodations ac WHERE ac.user_id = a.user_id AND (ac.test_id = a.test_id OR ac.test_id IS NULL)
                       ORDER BY ac.test_id IS NULL LIMIT 1), 0) AS extraMinutes,
             COALESCE((SELECT ac.extra_percent FROM accommodations ac WHERE ac.user_id = a.user_id AND (ac.test_id = a.test_id OR ac.test_id IS NULL)
                       ORDER BY ac.test_id IS NULL LIMIT 1), 0) AS extraPercent
      FROM ${attempts} a JOIN ${users} u ON u.id = a.user_id LEFT JOIN ${attemptAnswers} aa ON aa.attempt_id = a.id
      WHERE a.test_id = ${test.id} AND a.status = 'in_progress' AND a.deadline_at + ${GRACE_MS} >= ${now} ${inBatch(sql`a.user_id`)}
      GROUP BY a.id
      ORDER BY COALESCE(lastAnswerAt, a.started_at), u.name
      LIMIT ${LIVE_ROOM_PAGE_SIZE} OFFSET ${(current - 1) * LIVE_ROOM_PAGE_SIZE}`)
    .map((r) => ({ ...r, stalled: isStalled(r.lastAnswerAt, r.startedAt, now) }));
  return { counts: { notStarted, ...counts }, rows, page: current, pages, now };
}

/**
 * More time for one running attempt, or (attemptId undefined) for every attempt of the test still writing:
 * their deadlines move on by `minutes`, and each gets a row saying who gave how much and why. The deadline
 * sweep, saves and Finish all read the stored deadline. Returns how many attempts were given time.
 */
export function extendAttempts(testId: string, input: { minutes: number; reason: string; attemptId?: string }, givenBy: string, now = Date.now()): number {
  return transaction((tx) => {
    const which = sql`test_id = ${testId} AND status = 'in_progress' AND deadline_at + ${GRACE_MS} >= ${now} ${input.attemptId ? sql`AND id = ${input.attemptId}` : sql``}`;
    const ids = tx.all<{ id: string }>(sql`SELECT id FROM ${attempts} WHERE ${which}`).map((r) => r.id);
    if (!ids.length) return 0;
    tx.run(sql`UPDATE ${attempts} SET deadline_at = deadline_at + ${input.minutes * 60_000} WHERE ${which}`);
    for (let i = 0; i < ids.length; i += 500)
      tx.insert(attemptExtensions)
        .values(
          ids
            .slice(i, i + 500)
            .map((attemptId) => ({ id: newId(), attemptId, minutes: input.minutes, reason: input.reason, givenBy, createdAt: new Date(now) })),
        )
        .run();
    return ids.length;
  });
}

/**
 * Submits a running attempt now, from the answers it saved (the admin's "Submit now"), marking it with the admin's
 * name so the attempt says it was closed for the student. False when it is not running.
 */
export function submitAttemptNow(testId: string, attemptId: string, submittedBy: string, now = new Date()): boolean {
  return transaction((tx) => {
    const row = tx.get<{ status: string; deadlineAt: number } | undefined>(
      sql`SELECT status, deadline_at AS deadlineAt FROM ${attempts} WHERE id = ${attemptId} AND test_id = ${testId}`,
    );
    if (row?.status !== "in_progress") return false;
    // past its time it closes as time up, as the sweep would
    closeAttempt(tx, attemptId, acceptsAnswers(row.deadlineAt, now) ? "submitted" : "expired", now);
    tx.run(sql`UPDATE ${attempts} SET submitted_by = ${submittedBy} WHERE id = ${attemptId}`);
    return true;
  });
}

/** What the academy did to each of these attempts (more time, Submit now), as one note per attempt id ("" = nothing). */
export function interventionsOf(attemptIds: readonly string[]): Map<string, string> {
  const notes = new Map<string, string>();
  if (!attemptIds.length) return notes;
  const list = sql.join(
    attemptIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const extensions = db().all<{ attemptId: string } & Extension>(sql`
    SELECT attempt_id AS attemptId, minutes, reason, given_by AS givenBy FROM ${attemptExtensions}
    WHERE attempt_id IN (${list}) ORDER BY created_at`);
  const submitted = db().all<{ id: string; by: string }>(
    sql`SELECT id, submitted_by AS by FROM ${attempts} WHERE id IN (${list}) AND submitted_by IS NOT NULL`,
  );
  const byAttempt = new Map<string, Extension[]>();
  for (const { attemptId, ...e } of extensions) byAttempt.set(attemptId, [...(byAttempt.get(attemptId) ?? []), e]);
  const submittedBy = new Map(submitted.map((r) => [r.id, r.by]));
  for (const id of attemptIds) notes.set(id, interventionsNote(byAttempt.get(id) ?? [], submittedBy.get(id) ?? null));
  return notes;
}

/** The name of the student writing this attempt of the test, for the activity log; null when it is not this test's. */
export function studentOfAttempt(testId: string, attemptId: string): string | null {
  return (
    db().get<{ name: string }>(sql`SELECT u.name FROM ${attempts} a JOIN ${users} u ON u.id = a.user_id WHERE a.id = ${attemptId} AND a.test_id = ${testId}`)
      ?.name ?? null
  );
}

/** The live room's page (/admin/tests/:testId/live): the room at the URL's page and batch, the batches to filter by, and the release. */
export function liveRoomPage(test: Test, url: URL, now = Date.now()) {
  const batch = url.searchParams.get("batch") ?? "";
  return {
    absent: whoIsAbsent(test, batch),
    message: latestLiveMessage(test.id, 0),
    test: { id: test.id, title: test.title, duration: test.duration },
    ...liveRoom(test, Number(url.searchParams.get("page")) || 1, now, batch),
    batch,
    batches: batchOptions(),
    timeZone: env().ACADEMY_TIME_ZONE,
    release: releaseStatusOf(test),
  };
}

export const LIVE_MESSAGE_MAX = 300;

/** A message to everyone writing the test: shown in their exam within seconds (JavaScript) or on their next page. */
export function sendLiveMessage(testId: string, text: string, sentBy: string, now = new Date()) {
  db().insert(testMessages).values({ id: newId(), testId, text, sentBy, createdAt: now }).run();
}

/** The newest message of the test sent since `since` (an attempt's start), or null. */
export function latestLiveMessage(testId: string, since: number): { text: string; at: number } | null {
  return (
    db().get<{ text: string; at: number }>(
      sql`SELECT text, created_at AS at FROM ${testMessages} WHERE test_id = ${testId} AND created_at >= ${since} ORDER BY created_at DESC LIMIT 1`,
    ) ?? null
  );
}

/** Names (and sign-in names) of the students who may take the test and have not started it, and of those who finished; at most `limit` each. */
export function whoIsAbsent(test: { id: string; examType: string }, batchId = "", limit = 300) {
  const inBatch = (userColumn: SQL) => (batchId ? sql`AND ${inBatchSql(batchId, userColumn)}` : sql``);
  const notStarted = db().all<{ name: string; signInName: string }>(sql`
    SELECT u.name, COALESCE(u.email, u.roll_number, '') AS signInName FROM ${userExamTypes} ue JOIN ${users} u ON u.id = ue.user_id
    WHERE ue.exam_type = ${test.examType} AND u.role = 'user' AND u.status = 'active' ${inBatch(sql`u.id`)}
      AND ${givenToUserSql(sql`${test.id}`, sql`u.id`)}
      AND NOT EXISTS (SELECT 1 FROM ${attempts} a WHERE a.test_id = ${test.id} AND a.user_id = u.id)
    ORDER BY lower(u.name) LIMIT ${limit}`);
  const finished = db().all<{ name: string; signInName: string }>(sql`
    SELECT u.name, COALESCE(u.email, u.roll_number, '') AS signInName FROM ${users} u
    WHERE EXISTS (SELECT 1 FROM ${attempts} a WHERE a.test_id = ${test.id} AND a.user_id = u.id AND a.status IN ('submitted', 'expired')) ${inBatch(sql`u.id`)}
    ORDER BY lower(u.name) LIMIT ${limit}`);
  return { notStarted, finished };
}
