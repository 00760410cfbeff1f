/**
 * Export (spec 001 "Backup & Import"): the spec's JSON shape (users without password hashes, tests with their
 * questions, finished attempts with their answers, materials, customExamTypes, exportDate, version "1.0"), plus
 * announcements and books, streamed page by page so a large academy never builds it in memory; one collection as
 * CSV; a consistent copy of the database file.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { db, rawDb } from "~/db/db.server";
import { neutraliseFormula } from "~/lib/rules/csv-cells";
import { dayStamp } from "~/lib/rules/time";
import { env } from "~/lib/server/env.server";
import { BACKUP_VERSION, type Collection, COLLECTIONS } from "./backup-format.server";
import { activityPage, bankPage, batchesForBackup } from "./backup-extras.server";

/** The backup's file name, dated by the academy's day (ACADEMY_TIME_ZONE). */
export function backupFileName(now = new Date(), timeZone = env().ACADEMY_TIME_ZONE): string {
  return `academy-test-series-backup-${dayStamp(now, timeZone)}.json`;
}

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());
const PAGE = 500;

/** Rows of one query, page by page by rowid, without holding a cursor open between pages. */
function* pages<T>(query: (after: number) => Array<T & { _rowid: number }>): Generator<Array<Omit<T, "_rowid">>> {
  let after = 0;
  for (;;) {
    const rows = query(after);
    if (!rows.length) return;
    after = rows[rows.length - 1]._rowid;
    yield rows.map(({ _rowid: _r, ...rest }) => rest as Omit<T, "_rowid">);
    if (rows.length < PAGE) return;
  }
}

/** `,"name":[…]` of every page's rows. */
function* pagedArray<T>(name: string, query: (after: number) => Array<T & { _rowid: number }>): Generator<string> {
  yield `,"${name}":[`;
  let first = true;
  for (const page of pages(query)) {
    const text = page.map((row) => JSON.stringify(row)).join(",");
    yield first ? text : `,${text}`;
    first = false;
  }
  yield "]";
}

function usersPage(after: number, includePasswordHashes = false) {
  return db()
    .all<{
      _rowid: number;
      id: string;
      email: string | null;
      rollNumber: string | null;
      name: string;
      role: string;
      status: string;
      joinDate: number;
      lastLogin: number | null;
      globalTestLimit: number | null;
      createdAt: number;
      updatedAt: number;
      types: string | null;
      limits: string | null;
      accommodations: string | null;
      passwordHash: string | null;
    }>(sql`
      SELECT u.rowid AS _rowid, u.id, u.email, u.roll_number AS rollNumber, u.name, u.role, u.status, u.password_hash AS passwordHash, u.join_date AS joinDate, u.last_login AS lastLogin,
             u.global_test_limit AS globalTestLimit, u.created_at AS createdAt, u.updated_at AS updatedAt,
             (SELECT json_group_array(exam_type) FROM user_exam_types t WHERE t.user_id = u.id) AS types,
             (SELECT json_group_object(test_id, max_attempts) FROM user_test_limits l WHERE l.user_id = u.id) AS limits,
             (SELECT json_group_array(json_object('testId', a.test_id, 'extraMinutes', a.extra_minutes, 'extraPercent', a.extra_percent,
                                                  'extraAttempts', a.extra_attempts, 'opensAt', a.opens_at, 'closesAt', a.closes_at, 'note', a.note))
                FROM accommodations a WHERE a.user_id = u.id) AS accommodations
      FROM users u WHERE u.rowid > ${after} ORDER BY u.rowid LIMIT ${PAGE}`)
    .map((u) => ({
      _rowid: u._rowid,
      id: u.id,
      email: u.email,
      // only for a student who signs in with a roll number or phone (the old app's files have no such key)
      ...(u.rollNumber ? { rollNumber: u.rollNumber } : {}),
      name: u.name,
      role: u.role,
      status: u.status,
      assignedExamTypes: JSON.parse(u.types ?? "[]") as string[],
      joinDate: iso(u.joinDate),
      lastLogin: iso(u.lastLogin),
      globalTestLimit: u.globalTestLimit,
      testAttemptLimits: JSON.parse(u.limits ?? "{}") as Record<string, number>,
      // only for a student who has one (more time, more attempts)
      ...(u.accommodations && u.accommodations !== "[]"
        ? {
            accommodations: (JSON.parse(u.accommodations) as Array<{ opensAt: number | null; closesAt: number | null }>).map((a) => ({
              ...a,
              opensAt: iso(a.opensAt),
              closesAt: iso(a.closesAt),
            })),
          }
        : {}),
      createdAt: iso(u.createdAt),
      updatedAt: iso(u.updatedAt),
      ...(includePasswordHashes && u.passwordHash ? { passwordHash: u.passwordHash } : {}),
    }));
}

function testsPage(after: number) {
  return db()
    .all<{
      _rowid: number;
      id: string;
      title: string;
      description: string;
      examType: string;
      unitNumber: number | null;
      unitName: string | null;
      duration: number;
      totalQuestions: number;
      isActive: number;
      maxAttempts: number | null;
      archivedAt: number | null;
      opensAt: number | null;
      closesAt: number | null;
      shuffleQuestions: number;
      shuffleOptions: number;
      answerRelease: string | null;
      marksPerCorrect: number;
      negativeMarks: number;
      createdAt: number;
      updatedAt: number;
      currentVersion: number;
      questions: string;
      versions: string | null;
      uploadReport: string | null;
      regrades: string | null;
      disputes: string | null;
    }>(sql`
      SELECT t.rowid AS _rowid, t.id, t.title, t.description, t.exam_type AS examType, t.unit_number AS unitNumber, t.unit_name AS unitName,
             t.duration, t.total_questions AS totalQuestions, t.is_active AS isActive, t.max_attempts AS maxAttempts, t.archived_at AS archivedAt,
             t.opens_at AS opensAt, t.closes_at AS closesAt, t.shuffle_questions AS shuffleQuestions, t.shuffle_options AS shuffleOptions,
             t.answer_release AS answerRelease, t.marks_per_correct AS marksPerCorrect, t.negative_marks AS negativeMarks,
             t.created_at AS createdAt, t.updated_at AS updatedAt, t.current_version AS currentVersion, t.upload_report AS uploadReport,
             -- who regraded which version, when and why (the test's regrade history)
             (SELECT json_group_array(json_object('version', r.version, 'regradedBy', r.regraded_by, 'reason', r.reason, 'attempts', r.attempts,
                                                  'changedScores', r.changed_scores, 'createdAt', r.created_at))
                FROM (SELECT * FROM regrades r WHERE r.test_id = t.id ORDER BY r.created_at) r) AS regrades,
             -- decided key disputes (options accepted, marks for everyone, a question dropped), by version and question
             (SELECT json_group_array(json_object('version', q.version, 'id', q.id, 'accepted', json(coalesce(q.accepted, 'null')),
                                                  'bonus', json(CASE WHEN q.bonus THEN 'true' ELSE 'false' END), 'dropped', json(CASE WHEN q.dropped THEN 'true' ELSE 'false' END)))
                FROM questions q WHERE q.test_id = t.id AND (q.accepted IS NOT NULL OR q.bonus OR (q.dropped AND q.version = t.current_version))) AS disputes,
             (SELECT json_group_array(json_object('id', q.id, 'question', q.question, 'options', json(q.options), 'correctAnswer', q.correct_answer, 'explanation', q.explanation, 'marks', q.marks, 'section', q.section, 'topic', q.topic))
                FROM (SELECT * FROM questions q WHERE q.test_id = t.id AND q.version = t.current_version ORDER BY q.position) q) AS questions,
             -- older versions, which past attempts were taken on (their reviews need them)
             (SELECT json_group_array(json_object('version', v.version, 'questions', json(v.questions))) FROM (
                SELECT q.version, json_group_array(json_object('id', q.id, 'question', q.question, 'options', json(q.options), 'correctAnswer', q.correct_answer,
                                                             'explanation', q.explanation, 'marks', q.marks, 'section', q.section, 'topic', q.topic, 'dropped', json(CASE WHEN q.dropped THEN 'true' ELSE 'false' END))) AS questions
                FROM (SELECT * FROM questions q WHERE q.test_id = t.id AND q.version < t.current_version ORDER BY q.version, q.position) q GROUP BY q.version) v) AS versions
      FROM tests t WHERE t.rowid > ${after} ORDER BY t.rowid LIMIT ${PAGE}`)
    .map((t) => ({
      _rowid: t._rowid,
      id: t.id,
      title: t.title,
      description: t.description,
      examType: t.examType,
      unitNumber: t.unitNumber,
      unitName: t.unitName,
      duration: t.duration,
      totalQuestions: t.totalQuestions,
      questions: JSON.parse(t.questions) as unknown[],
      currentVersion: t.currentVersion,
      olderVersions: JSON.parse(t.versions ?? "[]") as unknown[],
      isActive: t.isActive === 1,
      maxAttempts: t.maxAttempts,
      archived: t.archivedAt !== null,
      archivedAt: iso(t.archivedAt),
      opensAt: iso(t.opensAt),
      closesAt: iso(t.closesAt),
      shuffleQuestions: t.shuffleQuestions === 1,
      shuffleOptions: t.shuffleOptions === 1,
      // when students see the key (null: the default, app/lib/rules/answer-release.ts)
      answerRelease: t.answerRelease,
      // the exam pattern (app/lib/rules/exam-pattern.ts): +1 / 0 for a test without one
      marksPerCorrect: t.marksPerCorrect,
      negativeMarks: t.negativeMarks,
      // an inactive upload's flagged rows, kept until it is published
      uploadReport: t.uploadReport ? (JSON.parse(t.uploadReport) as unknown) : null,
      regrades: (JSON.parse(t.regrades ?? "[]") as Array<{ createdAt: number }>).map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
      // only when a key dispute was decided (older backups have none)
      ...(t.disputes && t.disputes !== "[]" ? { disputes: JSON.parse(t.disputes) as unknown[] } : {}),
      createdAt: iso(t.createdAt),
      updatedAt: iso(t.updatedAt),
    }));
}

function attemptsPage(after: number) {
  return db()
    .all<{
      _rowid: number;
      id: string;
      testId: string;
      userId: string;
      testVersion: number;
      status: string;
      score: number;
      totalQuestions: number;
      marks: number | null;
      maxMarks: number | null;
      timeSpent: number | null;
      startedAt: number;
      deadlineAt: number;
      completedAt: number | null;
      regradedAt: number | null;
      shuffleMode: number;
      shuffleSeed: number | null;
      answers: string | null;
      marked: string | null;
    }>(sql`
      SELECT a.rowid AS _rowid, a.id, a.test_id AS testId, a.user_id AS userId, a.test_version AS testVersion, a.status, a.score,
             a.total_questions AS totalQuestions, a.marks, a.max_marks AS maxMarks, a.time_spent AS timeSpent, a.started_at AS startedAt, a.deadline_at AS deadlineAt, a.completed_at AS completedAt,
             a.regraded_at AS regradedAt, a.shuffle_mode AS shuffleMode, a.shuffle_seed AS shuffleSeed,
             (SELECT json_group_object(aa.question_id, aa.chosen_index) FROM attempt_answers aa WHERE aa.attempt_id = a.id AND aa.chosen_index IS NOT NULL) AS answers,
             (SELECT json_group_array(aa.question_id) FROM attempt_answers aa WHERE aa.attempt_id = a.id AND aa.marked_for_review) AS marked
      FROM attempts a WHERE a.status IN ('submitted','expired') AND a.rowid > ${after} ORDER BY a.rowid LIMIT ${PAGE}`)
    .map((a) => ({
      ...a,
      answers: JSON.parse(a.answers ?? "{}") as Record<string, number>,
      markedForReview: JSON.parse(a.marked ?? "[]") as string[],
      marked: undefined,
      startedAt: iso(a.startedAt),
      deadlineAt: iso(a.deadlineAt),
      completedAt: iso(a.completedAt),
      regradedAt: iso(a.regradedAt),
    }));
}

function materialsPage(after: number) {
  return db()
    .all<{
      _rowid: number;
      id: string;
      title: string;
      description: string;
      examType: string;
      googleDriveLink: string;
      thumbnailUrl: string;
      isActive: number;
      uploadDate: number;
      createdAt: number;
      updatedAt: number;
    }>(sql`
      SELECT rowid AS _rowid, id, title, description, exam_type AS examType, google_drive_link AS googleDriveLink, thumbnail_url AS thumbnailUrl,
             is_active AS isActive, upload_date AS uploadDate, created_at AS createdAt, updated_at AS updatedAt
      FROM materials WHERE rowid > ${after} ORDER BY rowid LIMIT ${PAGE}`)
    .map((m) => ({ ...m, isActive: m.isActive === 1, uploadDate: iso(m.uploadDate), createdAt: iso(m.createdAt), updatedAt: iso(m.updatedAt) }));
}

function customTypesPage(after: number) {
  return db()
    .all<{ _rowid: number; id: string; value: string; label: string; createdAt: number; updatedAt: number }>(sql`
      SELECT rowid AS _rowid, id, value, label, created_at AS createdAt, updated_at AS updatedAt
      FROM exam_types WHERE is_builtin = 0 AND rowid > ${after} ORDER BY rowid LIMIT ${PAGE}`)
    .map((t) => ({ ...t, createdAt: iso(t.createdAt), updatedAt: iso(t.updatedAt) }));
}

function announcementsPage(after: number) {
  return db()
    .all<{
      _rowid: number;
      id: string;
      title: string;
      content: string;
      type: string;
      imageUrl: string | null;
      isActive: number;
      scheduledFor: number | null;
      targetType: string;
      createdBy: string | null;
      createdAt: number;
      updatedAt: number;
      types: string;
      users: string;
    }>(sql`
      SELECT a.rowid AS _rowid, a.id, a.title, a.content, a.type, a.image_url AS imageUrl, a.is_active AS isActive, a.scheduled_for AS scheduledFor,
             a.target_type AS targetType, a.created_by AS createdBy, a.created_at AS createdAt, a.updated_at AS updatedAt,
             (SELECT json_group_array(exam_type) FROM announcement_exam_types t WHERE t.announcement_id = a.id) AS types,
             (SELECT json_group_array(user_id) FROM announcement_users u WHERE u.announcement_id = a.id) AS users
      FROM announcements a WHERE a.rowid > ${after} ORDER BY a.rowid LIMIT ${PAGE}`)
    .map(({ types, users, ...a }) => ({
      ...a,
      isActive: a.isActive === 1,
      scheduledFor: iso(a.scheduledFor),
      targetExamTypes: JSON.parse(types) as string[],
      targetUsers: JSON.parse(users) as string[],
      createdAt: iso(a.createdAt),
      updatedAt: iso(a.updatedAt),
    }));
}

function booksPage(after: number) {
  return db()
    .all<{
      _rowid: number;
      id: string;
      title: string;
      coverUrl: string;
      description: string | null;
      createdBy: string | null;
      createdAt: number;
      updatedAt: number;
    }>(sql`
      SELECT rowid AS _rowid, id, title, cover_url AS coverUrl, description, created_by AS createdBy, created_at AS createdAt, updated_at AS updatedAt
      FROM books WHERE rowid > ${after} ORDER BY rowid LIMIT ${PAGE}`)
    .map((b) => ({ ...b, createdAt: iso(b.createdAt), updatedAt: iso(b.updatedAt) }));
}

const PAGERS: Record<Collection, (after: number) => Array<{ _rowid: number }>> = {
  users: usersPage,
  tests: testsPage,
  attempts: attemptsPage,
  materials: materialsPage,
  customExamTypes: customTypesPage,
  announcements: announcementsPage,
  books: booksPage,
};

/**
 * The whole backup as JSON text chunks, one page of rows at a time. Password hashes are left out unless
 * the admin asks for them (then the file can sign anyone in after an offline attack: keep it safe).
 */
export function* backupJsonChunks(now = new Date(), options: { includePasswordHashes?: boolean } = {}): Generator<string> {
  yield `{"version":${JSON.stringify(BACKUP_VERSION)},"exportDate":${JSON.stringify(now.toISOString())}`;
  for (const name of COLLECTIONS) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    const pager = name === "users" && options.includePasswordHashes ? (after: number) => usersPage(after, true) : PAGERS[name];
    for (const page of pages(pager)) {
      const text = page.map((row) => JSON.stringify(row)).join(",");
      yield first ? text : `,${text}`;
      first = false;
    }
    yield "]";
  }
  // beside the spec's collections: the batches (few), the activity log and the question bank (page by page)
  yield `,"batches":${JSON.stringify(batchesForBackup())}`;
  yield* pagedArray("activityLog", activityPage);
  yield* pagedArray("questionBank", bankPage);
  yield "}";
}

export function backupJsonStream(options: { includePasswordHashes?: boolean } = {}): ReadableStream<Uint8Array> {
  const chunks = backupJsonChunks(new Date(), options);
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

/** One collection as CSV (nested values as JSON text). */
export function collectionCsv(name: Collection): string {
  const rows: Record<string, unknown>[] = [];
  for (const page of pages(PAGERS[name])) rows.push(...(page as Record<string, unknown>[]));
  if (!rows.length) return "";
  // every key any row has (a key only some rows carry, such as a student's roll number, is a column for all)
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify(
    rows.map((r) => columns.map((c) => neutraliseFormula(r[c] !== null && typeof r[c] === "object" ? JSON.stringify(r[c]) : r[c]))),
    { header: true, columns },
  );
}

/* ---------------------------------------------------------------- import */

/** A consistent copy of the whole database file (VACUUM INTO), for download. */
export function databaseSnapshot(): { file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-snapshot-"));
  const file = path.join(dir, "app.db");
  rawDb().prepare("VACUUM INTO ?").run(file);
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
