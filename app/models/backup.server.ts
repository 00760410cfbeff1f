/**
 * Backup, export and import (spec 001 "Backup & Import").
 *
 * Export: the spec's JSON shape (users without password hashes, tests with their questions, finished
 * attempts with their answers, materials, customExamTypes, exportDate, version "1.0"), plus
 * announcements and books; streamed page by page so a large academy never builds it in memory.
 *
 * Import: JSON only, size-capped, parsed and shape-checked with zod. Items are written in the spec's
 * order (custom exam types, users, materials, tests, attempts; then announcements and books), each in
 * its own savepoint: a bad item is skipped and counted, never half-written. Ids are kept; an item
 * whose id already exists is skipped (counted as already present), so importing the same file twice
 * changes nothing. Imported users have no password until an admin sets one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import { databaseFile, db, rawDb } from "~/db/db.server";
import { BUILTIN_TEST_TYPES, examTypeProblem, examTypeValue } from "~/lib/exam-type-rules";
import { newId } from "~/lib/ids.server";
import { REPORT_ITEMS_KEPT } from "./import-reports.server";

import { addUserSchema, announcementFields, bookFields, hasSignInName, materialFields, rollNumberSchema, userEmailSchema } from "~/lib/admin-schemas";
import { NEEDS_SIGN_IN_NAME, signInNameOf } from "~/lib/sign-in-name";
import { MATERIAL_PLACEHOLDER } from "~/lib/links";
import { neutraliseFormula } from "~/lib/csv-cells";
import { issuesOf, questionSchema, testDetailsSchema } from "~/lib/test-record";

export const BACKUP_VERSION = "1.0";
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const COLLECTIONS = ["users", "tests", "attempts", "materials", "customExamTypes", "announcements", "books"] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const MESSAGES = {
  notJson: "Please select a JSON file for import",
  parse: "Failed to parse JSON file",
  format: "Invalid backup file format",
  empty: "No valid data to import",
  exportFailed: "Failed to export data",
  importFailed: "Failed to import data",
  loaded: "File loaded successfully. Review the data before importing.",
} as const;

export function backupFileName(now = new Date()): string {
  return `academy-test-series-backup-${now.toISOString().slice(0, 10)}.json`;
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
      passwordHash: string | null;
    }>(sql`
      SELECT u.rowid AS _rowid, u.id, u.email, u.roll_number AS rollNumber, u.name, u.role, u.status, u.password_hash AS passwordHash, u.join_date AS joinDate, u.last_login AS lastLogin,
             u.global_test_limit AS globalTestLimit, u.created_at AS createdAt, u.updated_at AS updatedAt,
             (SELECT json_group_array(exam_type) FROM user_exam_types t WHERE t.user_id = u.id) AS types,
             (SELECT json_group_object(test_id, max_attempts) FROM user_test_limits l WHERE l.user_id = u.id) AS limits
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
      createdAt: number;
      updatedAt: number;
      currentVersion: number;
      questions: string;
      versions: string | null;
      uploadReport: string | null;
      regrades: string | null;
    }>(sql`
      SELECT t.rowid AS _rowid, t.id, t.title, t.description, t.exam_type AS examType, t.unit_number AS unitNumber, t.unit_name AS unitName,
             t.duration, t.total_questions AS totalQuestions, t.is_active AS isActive, t.max_attempts AS maxAttempts, t.archived_at AS archivedAt,
             t.opens_at AS opensAt, t.closes_at AS closesAt, t.shuffle_questions AS shuffleQuestions, t.shuffle_options AS shuffleOptions,
             t.created_at AS createdAt, t.updated_at AS updatedAt, t.current_version AS currentVersion, t.upload_report AS uploadReport,
             -- who regraded which version, when and why (the test's regrade history)
             (SELECT json_group_array(json_object('version', r.version, 'regradedBy', r.regraded_by, 'reason', r.reason, 'attempts', r.attempts,
                                                  'changedScores', r.changed_scores, 'createdAt', r.created_at))
                FROM (SELECT * FROM regrades r WHERE r.test_id = t.id ORDER BY r.created_at) r) AS regrades,
             (SELECT json_group_array(json_object('id', q.id, 'question', q.question, 'options', json(q.options), 'correctAnswer', q.correct_answer, 'explanation', q.explanation))
                FROM (SELECT * FROM questions q WHERE q.test_id = t.id AND q.version = t.current_version ORDER BY q.position) q) AS questions,
             -- older versions, which past attempts were taken on (their reviews need them)
             (SELECT json_group_array(json_object('version', v.version, 'questions', json(v.questions))) FROM (
                SELECT q.version, json_group_array(json_object('id', q.id, 'question', q.question, 'options', json(q.options), 'correctAnswer', q.correct_answer,
                                                             'explanation', q.explanation, 'dropped', json(CASE WHEN q.dropped THEN 'true' ELSE 'false' END))) AS questions
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
      // an inactive upload's flagged rows, kept until it is published
      uploadReport: t.uploadReport ? (JSON.parse(t.uploadReport) as unknown) : null,
      regrades: (JSON.parse(t.regrades ?? "[]") as Array<{ createdAt: number }>).map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
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
             a.total_questions AS totalQuestions, a.time_spent AS timeSpent, a.started_at AS startedAt, a.deadline_at AS deadlineAt, a.completed_at AS completedAt,
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
  const columns = Object.keys(rows[0]);
  return stringify(
    rows.map((r) => columns.map((c) => neutraliseFormula(r[c] !== null && typeof r[c] === "object" ? JSON.stringify(r[c]) : r[c]))),
    { header: true, columns },
  );
}

/* ---------------------------------------------------------------- import */

const dateLike = z
  .union([z.string(), z.number(), z.object({ seconds: z.number() }).passthrough(), z.null()])
  .optional()
  .transform((v) => {
    if (v === null || v === undefined || v === "") return null;
    if (typeof v === "number") return new Date(v);
    if (typeof v === "object") return new Date(v.seconds * 1000);
    const d = new Date(v);
    return Number.isNaN(+d) ? null : d;
  });
const id = z.union([z.string().min(1).max(200), z.number()]).transform(String);
const text = (max: number) => z.string().max(max);

/**
 * A user of the backup: e-mail and/or roll number, name and exam types by the user record's rules (Add User);
 * the name may be missing (the sign-in name is used).
 */
const userItem = z
  .object({
    id,
    email: z.preprocess((v) => (v === null ? undefined : v), userEmailSchema),
    rollNumber: z.preprocess((v) => (v === null ? undefined : v), rollNumberSchema),
    name: z.preprocess((v) => (typeof v === "string" && v.trim() ? v : undefined), addUserSchema.shape.name.optional()).transform((v) => v ?? ""),
    role: z.enum(["user", "admin"]).optional().default("user"),
    status: z.enum(["active", "inactive"]).optional().default("active"),
    assignedExamTypes: addUserSchema.shape.examTypes.optional().default([]),
    joinDate: dateLike,
    lastLogin: dateLike,
    globalTestLimit: z.number().int().min(0).max(1000).nullable().optional().default(null),
    /** present only in an export made with "include password hashes" */
    passwordHash: z
      .string()
      // argon2id (today's) or scrypt (before; upgraded at the student's next sign-in)
      .regex(
        /^(\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+|scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+)$/,
        "not a password hash of this app",
      )
      .max(300)
      .optional(),
    testAttemptLimits: z.record(z.string(), z.number().int().min(1)).optional().default({}),
    createdAt: dateLike,
  })
  .refine(hasSignInName, NEEDS_SIGN_IN_NAME);
/** A question of the backup: the question record's schema (ids as the old app wrote them). */
const questionItem = questionSchema.and(z.object({ id: text(20).optional() }));
/** A test of the backup: its details through the test record's one schema (the same limits and messages as every form). */
/** An inactive upload's report (flagged rows), as tests.upload_report holds it. */
const uploadReportItem = z.object({
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string().max(500) })).max(5000),
  fallbacks: z.array(z.object({ line: z.number().int(), question: z.number().int(), given: z.string().max(500) })).max(5000),
});

/** One regrade of a test: who, when, why, and what it changed. */
const regradeItem = z.object({
  version: z.number().int().min(1),
  regradedBy: z.string().trim().min(1).max(200),
  reason: z.string().trim().min(1).max(1000),
  attempts: z.number().int().min(0),
  changedScores: z.number().int().min(0),
  createdAt: dateLike,
});

/** An older version of a test's questions (past attempts were taken on it); `dropped` marks questions a regrade removed. */
const olderVersionItem = z.object({
  version: z.number().int().min(1),
  questions: z
    .array(questionItem.and(z.object({ dropped: z.boolean().optional().default(false) })))
    .min(1)
    .max(1000),
});
const testItem = z
  .object({
    id,
    questions: z.array(questionItem).min(1).max(1000),
    /** the version number of `questions` (1 in the old app's backups) */
    currentVersion: z.number().int().min(1).optional().default(1),
    olderVersions: z.array(olderVersionItem).max(1000).optional().default([]),
    isActive: z.boolean().optional().default(true),
    archived: z.boolean().optional().default(false),
    archivedAt: dateLike,
    /** the availability window, if any */
    opensAt: dateLike,
    closesAt: dateLike,
    shuffleQuestions: z.boolean().optional().default(false),
    shuffleOptions: z.boolean().optional().default(false),
    uploadReport: uploadReportItem.nullish().default(null),
    regrades: z.array(regradeItem).max(1000).optional().default([]),
    createdAt: dateLike,
  })
  .passthrough()
  .refine((t) => t.questions.every((q) => q.correctAnswer < q.options.length), "a correct answer is out of range")
  .refine(
    (t) => t.olderVersions.every((v) => v.version < t.currentVersion) && new Set(t.olderVersions.map((v) => v.version)).size === t.olderVersions.length,
    "an older version's number must be below the current version and appear once",
  )
  .transform((t, ctx) => {
    const details = testDetailsSchema.safeParse({ ...t, customExamType: "" });
    if (!details.success) {
      ctx.addIssue({ code: "custom", message: issuesOf(details.error).message });
      return z.NEVER;
    }
    return {
      id: t.id,
      questions: t.questions,
      currentVersion: t.currentVersion,
      olderVersions: t.olderVersions,
      isActive: t.isActive,
      archived: t.archived || t.archivedAt !== null,
      archivedAt: t.archivedAt,
      opensAt: t.opensAt,
      closesAt: t.closesAt,
      shuffleQuestions: t.shuffleQuestions,
      shuffleOptions: t.shuffleOptions,
      uploadReport: t.uploadReport,
      regrades: t.regrades,
      createdAt: t.createdAt,
      ...details.data,
    };
  });
const attemptItem = z.object({
  id,
  testId: id,
  userId: id,
  /** the version of the test's questions it was taken on (1 in the old app's backups) */
  testVersion: z.number().int().min(1).optional().default(1),
  status: z.enum(["submitted", "expired"]).optional().default("submitted"),
  answers: z.record(z.string(), z.number().int().min(0).nullable()).optional().default({}),
  markedForReview: z.array(text(20)).max(1000).optional().default([]),
  score: z.number().int().min(0),
  totalQuestions: z.number().int().min(0),
  timeSpent: z.number().int().min(0).nullable().optional().default(0),
  startedAt: dateLike,
  deadlineAt: dateLike,
  completedAt: dateLike,
  regradedAt: dateLike,
  /** the attempt's shuffle (its review shows the student's order) */
  shuffleMode: z.number().int().min(0).max(3).optional().default(0),
  shuffleSeed: z.number().int().min(1).max(0x7fffffff).nullable().optional().default(null),
});
/** A material of the backup: the material record's fields (one schema with Add/Edit Material); a missing thumbnail becomes the placeholder. */
const materialItem = z.object({
  id,
  ...materialFields,
  thumbnailUrl: z.preprocess((v) => v || MATERIAL_PLACEHOLDER, materialFields.thumbnailUrl),
  isActive: z.boolean().optional().default(true),
  uploadDate: dateLike,
  createdAt: dateLike,
});
const customTypeItem = z.object({ id: id.optional(), value: text(60).min(1), label: text(100).min(1), createdAt: dateLike });
/** An announcement of the backup: the announcement record's fields (one schema with its dialogs), then its schedule and audience. */
const announcementItem = z.object({
  id,
  ...announcementFields,
  imageUrl: announcementFields.imageUrl.transform((v) => v || null),
  isActive: z.boolean().optional().default(true),
  scheduledFor: dateLike,
  targetExamTypes: z.array(text(60)).optional().default([]),
  targetUsers: z.array(text(200)).optional().default([]),
  createdAt: dateLike,
});
/** A book of the backup: the book record's fields (one schema with Add/Edit Book). */
const bookItem = z.object({
  id,
  ...bookFields,
  description: bookFields.description.transform((v) => v || null),
  createdAt: dateLike,
});

/** The outer shape: the five spec collections must be arrays; the items are checked one by one later. */
const backupShape = z.object({
  users: z.array(z.unknown()),
  tests: z.array(z.unknown()),
  attempts: z.array(z.unknown()),
  materials: z.array(z.unknown()),
  customExamTypes: z.array(z.unknown()),
  announcements: z.array(z.unknown()).optional().default([]),
  books: z.array(z.unknown()).optional().default([]),
  exportDate: z.string().optional(),
  version: z.union([z.string(), z.number()]).optional(),
});
export type BackupData = z.infer<typeof backupShape>;

export type ParsedBackup = { ok: true; data: BackupData; counts: Record<Collection, number>; exportDate: string | null } | { ok: false; error: string };

export function parseBackup(textValue: string): ParsedBackup {
  let json: unknown;
  try {
    json = JSON.parse(textValue.replace(/^\uFEFF/, ""));
  } catch {
    return { ok: false, error: MESSAGES.parse };
  }
  const parsed = backupShape.safeParse(json);
  if (!parsed.success) return { ok: false, error: MESSAGES.format };
  const counts = Object.fromEntries(COLLECTIONS.map((c) => [c, parsed.data[c].length])) as Record<Collection, number>;
  if (Object.values(counts).every((n) => n === 0)) return { ok: false, error: MESSAGES.empty };
  return { ok: true, data: parsed.data, counts, exportDate: parsed.data.exportDate ?? null };
}

export type ImportResult = {
  imported: number;
  skipped: number;
  errors: number;
  byCollection: Record<Collection, { imported: number; skipped: number; errors: number }>;
  /** the first refused items, each with its collection, position and reason (the same message as the form) */
  problems: string[];
  /** active users imported without a password (they get one-time sign-in links) */
  withoutPassword: string[];
  /** exam types the file's tests named that this site did not have: created as custom types */
  createdExamTypes: string[];
  /** every refused item with where it was and why (the lasting import report; `problems` holds the first ten) */
  refused: Array<{ where: string; reason: string }>;
};

const exists = (table: string, value: string) => rawDb().prepare(`SELECT 1 FROM ${table} WHERE id = ? LIMIT 1`).get(value) !== undefined;

/** Items written per transaction: the write lock is let go between batches, so answer saves get in. */
export const IMPORT_BATCH = 200;

type Outcome = "imported" | "skipped";

const yieldToOtherRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes the backup in the spec's order. Each collection is validated first, outside any transaction
 * (invalid items are counted, never written); valid items are then written in batches of IMPORT_BATCH,
 * each batch one short IMMEDIATE transaction with a savepoint per item, yielding between batches. One
 * summary line is logged per import.
 */
export async function importBackup(data: BackupData): Promise<ImportResult> {
  const conn = rawDb();
  const result: ImportResult = {
    imported: 0,
    skipped: 0,
    errors: 0,
    byCollection: Object.fromEntries(COLLECTIONS.map((c) => [c, { imported: 0, skipped: 0, errors: 0 }])) as ImportResult["byCollection"],
    problems: [],
    withoutPassword: [],
    createdExamTypes: [],
    refused: [],
  };
  const firstErrors = result.problems;
  const count = (collection: Collection, key: "imported" | "skipped" | "errors", why?: string, where?: string) => {
    result.byCollection[collection][key] += 1;
    result[key] += 1;
    if (why && firstErrors.length < 10) firstErrors.push(`${collection}: ${where ? `${where}: ` : ""}${why}`);
    if (why && result.refused.length < REPORT_ITEMS_KEPT) result.refused.push({ where: `${collection}${where ? `, ${where}` : ""}`, reason: why });
  };
  const item = conn.transaction((fn: () => Outcome) => fn());
  const run = async <T>(collection: Collection, items: unknown[], schema: z.ZodType<T>, write: (value: T) => Outcome) => {
    const valid: T[] = [];
    for (let i = 0; i < items.length; i++) {
      const parsed = schema.safeParse(items[i]);
      if (parsed.success) valid.push(parsed.data);
      else {
        const issue = parsed.error.issues[0];
        const field = issue?.path.length ? ` (${issue.path.join(".")})` : "";
        count(collection, "errors", issue?.message ?? "invalid item", `item ${i + 1}${field}`);
      }
      if (i % 5000 === 4999) await yieldToOtherRequests();
    }
    for (let from = 0; from < valid.length; from += IMPORT_BATCH) {
      const batch = valid.slice(from, from + IMPORT_BATCH);
      conn
        .transaction(() => {
          for (const value of batch) {
            try {
              count(
                collection,
                item(() => write(value)),
              );
            } catch (error) {
              count(collection, "errors", error instanceof Error ? error.message : String(error));
            }
          }
        })
        .immediate();
      await yieldToOtherRequests();
    }
  };
  const ms = (d: Date | null, fallback: number) => (d ? +d : fallback);
  const now = Date.now();
  await run("customExamTypes", data.customExamTypes, customTypeItem, (t) => {
    if ((BUILTIN_TEST_TYPES as readonly string[]).includes(t.value) || conn.prepare("SELECT 1 FROM exam_types WHERE value = ?").get(t.value)) return "skipped";
    conn
      .prepare("INSERT INTO exam_types (id, value, label, is_builtin, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)")
      .run(t.id ?? newId(), t.value, t.label, ms(t.createdAt, now), now);
    return "imported";
  });
  await run("users", data.users, userItem, (u) => {
    const present = conn.prepare("SELECT id FROM users WHERE id = ? OR email = ? OR roll_number = ?").get(u.id, u.email ?? null, u.rollNumber ?? null) as
      | { id: string }
      | undefined;
    if (present) {
      // already here (the owner of the new site, a student who registered again): keeps what they have,
      // and gets the file's exam types besides (the owner's custom types would be lost otherwise)
      for (const t of new Set(u.assignedExamTypes)) conn.prepare("INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) VALUES (?, ?)").run(present.id, t);
      return "skipped";
    }
    conn
      .prepare(
        "INSERT INTO users (id, email, roll_number, name, password_hash, role, status, join_date, last_login, global_test_limit, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        u.id,
        u.email ?? null,
        u.rollNumber ?? null,
        u.name || signInNameOf({ email: u.email ?? null, rollNumber: u.rollNumber ?? null }),
        u.passwordHash ?? null,
        u.role,
        u.status,
        ms(u.joinDate, Date.UTC(2025, 0, 1)),
        u.lastLogin ? +u.lastLogin : null,
        u.globalTestLimit,
        ms(u.createdAt, now),
        now,
      );
    for (const t of new Set(u.assignedExamTypes)) conn.prepare("INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) VALUES (?, ?)").run(u.id, t);
    if (!u.passwordHash && u.status === "active") result.withoutPassword.push(u.id);
    return "imported";
  });
  await run("materials", data.materials, materialItem, (m) => {
    if (exists("materials", m.id)) return "skipped";
    conn
      .prepare(
        "INSERT INTO materials (id, title, description, exam_type, google_drive_link, thumbnail_url, is_active, upload_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(m.id, m.title, m.description, m.examType, m.googleDriveLink, m.thumbnailUrl, m.isActive ? 1 : 0, ms(m.uploadDate, now), ms(m.createdAt, now), now);
    return "imported";
  });
  await run("tests", data.tests, testItem, (t) => {
    if (exists("tests", t.id)) return "skipped";
    // a type this site does not have (an old site's backup may hold MARS_TRB): created as a custom type,
    // so the test is one its students can be given; a value that is no exam type refuses the item
    let createdType: string | null = null;
    if (!(BUILTIN_TEST_TYPES as readonly string[]).includes(t.examType) && !conn.prepare("SELECT 1 FROM exam_types WHERE value = ?").get(t.examType)) {
      const label = t.examType.replace(/_+/g, " ").trim();
      const problem = examTypeProblem(label);
      if (problem || examTypeValue(label) !== t.examType)
        throw new Error(`test “${t.title}”: the exam type “${t.examType}” is not one this site can create (${problem ?? "not an exam type value"})`);
      conn
        .prepare("INSERT INTO exam_types (id, value, label, is_builtin, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)")
        .run(newId(), t.examType, label, now, now);
      createdType = label;
    }
    conn
      .prepare(
        "INSERT INTO tests (id, title, description, exam_type, unit_number, unit_name, duration, total_questions, is_active, max_attempts, current_version, archived_at, opens_at, closes_at, shuffle_questions, shuffle_options, upload_report, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        t.id,
        t.title,
        t.description,
        t.examType,
        t.unitNumber,
        t.unitName,
        t.duration,
        t.questions.length,
        t.isActive && !t.archived ? 1 : 0,
        t.maxAttempts,
        t.currentVersion,
        t.archived ? ms(t.archivedAt, now) : null,
        t.opensAt ? +t.opensAt : null,
        t.closesAt ? +t.closesAt : null,
        t.shuffleQuestions ? 1 : 0,
        t.shuffleOptions ? 1 : 0,
        t.uploadReport ? JSON.stringify(t.uploadReport) : null,
        ms(t.createdAt, now),
        now,
      );
    const regrade = conn.prepare(
      "INSERT INTO regrades (id, test_id, version, regraded_by, reason, attempts, changed_scores, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (const r of t.regrades) regrade.run(newId(), t.id, r.version, r.regradedBy, r.reason, r.attempts, r.changedScores, ms(r.createdAt, now));
    const insert = conn.prepare(
      "INSERT INTO questions (test_id, version, id, position, question, options, correct_answer, explanation, dropped) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const questionId = (q: { id?: string }, i: number) => (q.id && /^q\d+$/.test(q.id) ? q.id : `q${i + 1}`);
    t.questions.forEach((q, i) => {
      insert.run(t.id, t.currentVersion, questionId(q, i), i, q.question, JSON.stringify(q.options), q.correctAnswer, q.explanation ?? null, 0);
    });
    for (const v of t.olderVersions)
      v.questions.forEach((q, i) => {
        insert.run(t.id, v.version, questionId(q, i), i, q.question, JSON.stringify(q.options), q.correctAnswer, q.explanation ?? null, q.dropped ? 1 : 0);
      });
    if (createdType) result.createdExamTypes.push(createdType);
    return "imported";
  });
  // per-test limits refer to tests, so they follow the tests (in batches too)
  const limits: { userId: string; testId: string; max: number }[] = [];
  for (const raw of data.users) {
    const u = userItem.safeParse(raw);
    if (u.success) for (const [testId, max] of Object.entries(u.data.testAttemptLimits)) limits.push({ userId: u.data.id, testId, max });
  }
  for (let from = 0; from < limits.length; from += IMPORT_BATCH) {
    conn
      .transaction(() => {
        for (const { userId, testId, max } of limits.slice(from, from + IMPORT_BATCH)) {
          if (exists("tests", testId) && exists("users", userId))
            conn.prepare("INSERT OR IGNORE INTO user_test_limits (user_id, test_id, max_attempts) VALUES (?, ?, ?)").run(userId, testId, max);
        }
      })
      .immediate();
    await yieldToOtherRequests();
  }
  await run("attempts", data.attempts, attemptItem, (a) => {
    if (exists("attempts", a.id)) return "skipped";
    const test = conn.prepare("SELECT duration FROM tests WHERE id = ?").get(a.testId) as { duration: number } | undefined;
    if (!test) throw new Error(`test ${a.testId} not found`);
    if (!exists("users", a.userId)) throw new Error(`user ${a.userId} not found`);
    if (!conn.prepare("SELECT 1 FROM questions WHERE test_id = ? AND version = ? LIMIT 1").get(a.testId, a.testVersion))
      throw new Error(`version ${a.testVersion} of test ${a.testId} not found`);
    const completed = ms(a.completedAt, now);
    const started = ms(a.startedAt, completed - (a.timeSpent ?? 0) * 1000);
    conn
      .prepare(
        "INSERT INTO attempts (id, test_id, user_id, test_version, status, started_at, deadline_at, completed_at, score, total_questions, time_spent, regraded_at, shuffle_mode, shuffle_seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        a.id,
        a.testId,
        a.userId,
        a.testVersion,
        a.status,
        started,
        ms(a.deadlineAt, started + test.duration * 60_000),
        completed,
        a.score,
        a.totalQuestions,
        a.timeSpent ?? 0,
        a.regradedAt ? +a.regradedAt : null,
        // a mode needs its seed (and a seed its mode): otherwise the review shows the order as written
        a.shuffleSeed !== null && a.shuffleMode ? a.shuffleMode : 0,
        a.shuffleSeed !== null && a.shuffleMode ? a.shuffleSeed : null,
      );
    const insert = conn.prepare("INSERT INTO attempt_answers (attempt_id, question_id, chosen_index, marked_for_review, updated_at) VALUES (?, ?, ?, ?, ?)");
    const marked = new Set(a.markedForReview);
    for (const [questionId, chosen] of Object.entries(a.answers)) insert.run(a.id, questionId, chosen, marked.has(questionId) ? 1 : 0, completed);
    for (const questionId of marked) if (!(questionId in a.answers)) insert.run(a.id, questionId, null, 1, completed);
    return "imported";
  });
  await run("announcements", data.announcements, announcementItem, (a) => {
    if (exists("announcements", a.id)) return "skipped";
    conn
      .prepare(
        "INSERT INTO announcements (id, title, content, type, image_url, is_active, scheduled_for, target_type, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?)",
      )
      .run(a.id, a.title, a.content, a.type, a.imageUrl, a.isActive ? 1 : 0, a.scheduledFor ? +a.scheduledFor : null, a.targetType, ms(a.createdAt, now), now);
    for (const t of new Set(a.targetExamTypes)) conn.prepare("INSERT INTO announcement_exam_types (announcement_id, exam_type) VALUES (?, ?)").run(a.id, t);
    for (const u of new Set(a.targetUsers)) conn.prepare("INSERT INTO announcement_users (announcement_id, user_id) VALUES (?, ?)").run(a.id, u);
    return "imported";
  });
  await run("books", data.books, bookItem, (b) => {
    if (exists("books", b.id)) return "skipped";
    conn
      .prepare("INSERT INTO books (id, title, cover_url, description, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?)")
      .run(b.id, b.title, b.coverUrl, b.description, ms(b.createdAt, now), now);
    return "imported";
  });
  console.log(
    `import: ${result.imported} imported, ${result.skipped} already present, ${result.errors} errors${firstErrors.length ? ` (first: ${firstErrors.slice(0, 3).join("; ")})` : ""}`,
  );
  return result;
}

export function importMessage(r: ImportResult): string {
  const first = r.problems.slice(0, 3).join("; ");
  const created = r.createdExamTypes.length
    ? `; new exam type${r.createdExamTypes.length === 1 ? "" : "s"} created for the imported tests: ${r.createdExamTypes.map((t) => `“${t}”`).join(", ")}`
    : "";
  return `Import completed: ${r.imported} items imported successfully${r.skipped ? `, ${r.skipped} already present` : ""}${r.errors ? `, ${r.errors} errors (${first}${r.errors > 3 ? "; …" : ""})` : ""}${created}`;
}

/* ---------------------------------------------------------------- pending imports (between preview and confirm) */

function pendingDir(): string {
  const dir = path.join(path.dirname(path.resolve(databaseFile())), "imports");
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

export function savePendingImport(textValue: string): string {
  const token = newId();
  fs.writeFileSync(path.join(pendingDir(), `${token}.json`), textValue, { mode: 0o600 });
  // files left behind (a cancelled preview) are removed after a day
  for (const f of fs.readdirSync(pendingDir())) {
    const p = path.join(pendingDir(), f);
    if (Date.now() - fs.statSync(p).mtimeMs > 86_400_000) fs.rmSync(p, { force: true });
  }
  return token;
}

export function takePendingImport(token: string): string | null {
  if (!/^[0-9a-f-]{36}$/.test(token)) return null;
  const p = path.join(pendingDir(), `${token}.json`);
  try {
    const value = fs.readFileSync(p, "utf8");
    fs.rmSync(p, { force: true });
    return value;
  } catch {
    return null;
  }
}

export function discardPendingImport(token: string) {
  if (/^[0-9a-f-]{36}$/.test(token)) fs.rmSync(path.join(pendingDir(), `${token}.json`), { force: true });
}

/* ---------------------------------------------------------------- database snapshot */

/** A consistent copy of the whole database file (VACUUM INTO), for download. */
export function databaseSnapshot(): { file: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-snapshot-"));
  const file = path.join(dir, "app.db");
  rawDb().prepare("VACUUM INTO ?").run(file);
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
