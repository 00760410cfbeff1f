/**
 * Import (spec 001 "Backup & Import"): JSON only, size-capped, parsed and shape-checked with zod
 * (backup-format.server.ts). Items are written in the spec's order (custom exam types, users, materials, tests,
 * attempts; then announcements and books), each in its own savepoint: a bad item is skipped and counted, never
 * half-written. Ids are kept; an item whose id already exists is skipped (counted as already present), so
 * importing the same file twice changes nothing. Imported users have no password until an admin sets one.
 */
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { databaseFile, rawDb } from "~/db/db.server";
import { BUILTIN_TEST_TYPES, examTypeProblem, examTypeValue } from "~/lib/rules/exam-type-rules";
import { newId } from "~/lib/server/ids.server";
import { type ExamPattern, type MarkedQuestion, markAnswers } from "~/lib/rules/exam-pattern";
import { REPORT_ITEMS_KEPT } from "./import-reports.server";

import { signInNameOf } from "~/lib/rules/sign-in-name";
import { importExtras } from "./backup-extras.server";
import { bankKeyOf } from "~/lib/rules/bank";
import {
  announcementItem,
  attemptItem,
  type BackupData,
  bookItem,
  type Collection,
  COLLECTIONS,
  customTypeItem,
  materialItem,
  testItem,
  userItem,
} from "./backup-format.server";

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
        "INSERT INTO tests (id, title, description, exam_type, unit_number, unit_name, duration, total_questions, is_active, max_attempts, current_version, archived_at, opens_at, closes_at, shuffle_questions, shuffle_options, answer_release, marks_per_correct, negative_marks, upload_report, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
        t.answerRelease,
        t.marksPerCorrect,
        t.negativeMarks,
        t.uploadReport ? JSON.stringify(t.uploadReport) : null,
        ms(t.createdAt, now),
        now,
      );
    const regrade = conn.prepare(
      "INSERT INTO regrades (id, test_id, version, regraded_by, reason, attempts, changed_scores, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    for (const r of t.regrades) regrade.run(newId(), t.id, r.version, r.regradedBy, r.reason, r.attempts, r.changedScores, ms(r.createdAt, now));
    const insert = conn.prepare(
      "INSERT INTO questions (test_id, version, id, position, question, options, correct_answer, explanation, marks, section, topic, dropped, bank_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const questionId = (q: { id?: string }, i: number) => (q.id && /^q\d+$/.test(q.id) ? q.id : `q${i + 1}`);
    type BackupQuestion = (typeof t.olderVersions)[number]["questions"][number];
    const insertVersion = (version: number, list: ReadonlyArray<Omit<BackupQuestion, "dropped"> & { dropped?: boolean }>) =>
      list.forEach((q, i) => {
        insert.run(
          t.id,
          version,
          questionId(q, i),
          i,
          q.question,
          JSON.stringify(q.options),
          q.correctAnswer,
          q.explanation ?? null,
          q.marks ?? null,
          q.section ?? null,
          q.topic ?? null,
          q.dropped ? 1 : 0,
          bankKeyOf(q.question, q.options),
        );
      });
    insertVersion(t.currentVersion, t.questions);
    for (const v of t.olderVersions) insertVersion(v.version, v.questions);
    const decide = conn.prepare("UPDATE questions SET accepted = ?, bonus = ?, dropped = ? WHERE test_id = ? AND version = ? AND id = ?");
    for (const d of t.disputes) decide.run(d.accepted ? JSON.stringify(d.accepted) : null, d.bonus ? 1 : 0, d.dropped ? 1 : 0, t.id, d.version, d.id);
    if (createdType) result.createdExamTypes.push(createdType);
    return "imported";
  });
  // per-test limits refer to tests, so they follow the tests (in batches too)
  const limits: { userId: string; testId: string; max: number }[] = [];
  const allowances: { userId: string; a: (typeof userItem._output)["accommodations"][number] }[] = [];
  for (const raw of data.users) {
    const u = userItem.safeParse(raw);
    if (u.success) for (const [testId, max] of Object.entries(u.data.testAttemptLimits)) limits.push({ userId: u.data.id, testId, max });
    if (u.success) for (const a of u.data.accommodations) allowances.push({ userId: u.data.id, a });
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
  // accommodations: one per student and test (or every test); one already there is kept
  for (let from = 0; from < allowances.length; from += IMPORT_BATCH) {
    conn
      .transaction(() => {
        for (const { userId, a } of allowances.slice(from, from + IMPORT_BATCH)) {
          if (!exists("users", userId) || (a.testId && !exists("tests", a.testId))) continue;
          const present = conn.prepare("SELECT 1 FROM accommodations WHERE user_id = ? AND test_id IS ?").get(userId, a.testId);
          if (!present)
            conn
              .prepare(
                "INSERT INTO accommodations (id, user_id, test_id, extra_minutes, extra_percent, extra_attempts, opens_at, closes_at, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
              )
              .run(
                newId(),
                userId,
                a.testId,
                a.extraMinutes,
                a.extraPercent,
                a.extraAttempts,
                a.opensAt ? +a.opensAt : null,
                a.closesAt ? +a.closesAt : null,
                a.note,
                Date.now(),
                Date.now(),
              );
        }
      })
      .immediate();
    await yieldToOtherRequests();
  }
  const keys = new Map<string, { pattern: ExamPattern; key: MarkedQuestion[] }>();
  const marksOnImport = (testId: string, version: number, answers: Record<string, number | null>) => {
    let found = keys.get(`${testId}:${version}`);
    if (!found) {
      const t = conn.prepare("SELECT marks_per_correct AS marksPerCorrect, negative_marks AS negativeMarks FROM tests WHERE id = ?").get(testId) as ExamPattern;
      const key = conn
        .prepare("SELECT id, correct_answer AS correctAnswer, dropped, marks, accepted, bonus FROM questions WHERE test_id = ? AND version = ?")
        .all(testId, version) as Array<{ id: string; correctAnswer: number; dropped: number; marks: number | null; accepted: string | null; bonus: number }>;
      found = {
        pattern: t,
        key: key.map((q) => ({ ...q, dropped: q.dropped === 1, bonus: q.bonus === 1, accepted: q.accepted ? (JSON.parse(q.accepted) as number[]) : null })),
      };
      keys.set(`${testId}:${version}`, found);
    }
    return markAnswers(new Map(Object.entries(answers)), found.key, found.pattern);
  };
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
    // a test with an exam pattern: the marks from the answers, the version's key and the test's pattern (never
    // taken on trust from the file, which an older backup or another app writes without them)
    const marks = marksOnImport(a.testId, a.testVersion, a.answers);
    if (marks.marks !== null)
      conn
        .prepare("UPDATE attempts SET marks = ?, max_marks = ?, score = ?, total_questions = ? WHERE id = ?")
        .run(marks.marks, marks.maxMarks, marks.correct, marks.total, a.id);
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
  // batches and the activity log, after everything they name
  const extras = importExtras(data.batches, data.activityLog, data.questionBank);
  result.imported += extras.imported;
  result.skipped += extras.skipped;
  result.errors += extras.errors;
  for (const p of extras.problems) {
    if (firstErrors.length < 10) firstErrors.push(p);
    if (result.refused.length < REPORT_ITEMS_KEPT) result.refused.push({ where: p.split(":")[0], reason: p.slice(p.indexOf(":") + 2) });
  }
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
