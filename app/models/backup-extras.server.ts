/**
 * The JSON backup's sections beside the spec's collections: batches (with their students, tests and announcements,
 * by id), the admin activity log and the question bank. Written after the collections, read after them (every id they name must be
 * there by then); an item already present is kept as it is.
 */
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { db, rawDb } from "~/db/db.server";
import { linkQuestionsToBank } from "~/db/bank-link.server";
import { bankKeyOf } from "~/lib/rules/bank";
import type { StoredBankQuestion } from "./bank.server";
import { activityItem, bankQuestionItem, batchItem } from "./backup-format.server";

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** Every batch with its students, tests, announcements and materials (one query; batches are few). */
export function batchesForBackup() {
  return db()
    .all<{
      id: string;
      name: string;
      archivedAt: number | null;
      createdAt: number;
      members: string;
      tests: string;
      announcements: string;
      materials: string;
    }>(sql`
      SELECT b.id, b.name, b.archived_at AS archivedAt, b.created_at AS createdAt,
             (SELECT json_group_array(m.user_id) FROM batch_members m WHERE m.batch_id = b.id) AS members,
             (SELECT json_group_array(json_object('testId', tb.test_id, 'opensAt', tb.opens_at, 'closesAt', tb.closes_at, 'answerRelease', tb.answer_release))
                FROM test_batches tb WHERE tb.batch_id = b.id) AS tests,
             (SELECT json_group_array(ab.announcement_id) FROM announcement_batches ab WHERE ab.batch_id = b.id) AS announcements,
             (SELECT json_group_array(mb.material_id) FROM material_batches mb WHERE mb.batch_id = b.id) AS materials
      FROM batches b ORDER BY b.created_at, b.id`)
    .map((b) => ({
      id: b.id,
      name: b.name,
      archivedAt: iso(b.archivedAt),
      createdAt: iso(b.createdAt),
      members: JSON.parse(b.members) as string[],
      tests: (JSON.parse(b.tests) as Array<{ testId: string; opensAt: number | null; closesAt: number | null; answerRelease: string | null }>).map((t) => ({
        ...t,
        opensAt: iso(t.opensAt),
        closesAt: iso(t.closesAt),
      })),
      announcements: JSON.parse(b.announcements) as string[],
      materials: JSON.parse(b.materials) as string[],
    }));
}

/** The activity log, a page of 500 rows at a time (oldest first). */
export function activityPage(after: number) {
  return db()
    .all<{
      _rowid: number;
      id: string;
      actorId: string | null;
      actorName: string;
      action: string;
      testId: string | null;
      target: string;
      detail: string;
      createdAt: number;
    }>(sql`
      SELECT rowid AS _rowid, id, actor_id AS actorId, actor_name AS actorName, action, test_id AS testId, target, detail, created_at AS createdAt
      FROM activity_log WHERE rowid > ${after} ORDER BY rowid LIMIT 500`)
    .map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
}

/** The question bank, a page of 500 questions at a time, each with every version's words (oldest first). */
export function bankPage(after: number) {
  return db()
    .all<StoredBankQuestion & { _rowid: number; deletedAt: number | null; createdAt: number; versions: string }>(sql`
      SELECT b.rowid AS _rowid, b.key, b.version, b.question, b.options, b.correct_answer AS correctAnswer, b.explanation, b.marks, b.section, b.topic,
             b.exam_type AS examType, b.deleted_at AS deletedAt, b.created_at AS createdAt,
             (SELECT json_group_array(json_object('version', v.version, 'question', v.question, 'options', json(v.options), 'correctAnswer', v.correct_answer))
                FROM (SELECT * FROM bank_question_versions WHERE key = b.key ORDER BY version) v) AS versions
      FROM bank_questions b WHERE b.rowid > ${after} ORDER BY b.rowid LIMIT 500`)
    .map((b) => ({
      ...b,
      options: JSON.parse(b.options) as string[],
      versions: JSON.parse(b.versions) as unknown[],
      deletedAt: iso(b.deletedAt),
      createdAt: iso(b.createdAt),
    }));
}

export type ExtrasResult = { imported: number; skipped: number; errors: number; problems: string[] };

/**
 * Imports the batches and the activity log: a batch whose id (or, case-insensitively, name) is already here is
 * merged into the one here (its students, tests and announcements added where they exist); a log row already here
 * is skipped. One transaction.
 */
export function importExtras(batchesIn: unknown[], activityIn: unknown[], bankIn: unknown[] = [], now = Date.now()): ExtrasResult {
  const conn = rawDb();
  const out: ExtrasResult = { imported: 0, skipped: 0, errors: 0, problems: [] };
  const refuse = (where: string, error: z.ZodError) => {
    out.errors += 1;
    if (out.problems.length < 10) out.problems.push(`${where}: ${error.issues[0]?.message ?? "invalid item"}`);
  };
  conn
    .transaction(() => {
      for (const [i, raw] of batchesIn.entries()) {
        const parsed = batchItem.safeParse(raw);
        if (!parsed.success) {
          refuse(`batches: item ${i + 1}`, parsed.error);
          continue;
        }
        const b = parsed.data;
        const here = conn.prepare("SELECT id FROM batches WHERE id = ? OR lower(name) = lower(?) ORDER BY id = ? DESC LIMIT 1").get(b.id, b.name, b.id) as
          | { id: string }
          | undefined;
        const batchId = here?.id ?? b.id;
        if (here) out.skipped += 1;
        else {
          conn
            .prepare("INSERT INTO batches (id, name, archived_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
            .run(b.id, b.name, b.archivedAt ? +b.archivedAt : null, b.createdAt ? +b.createdAt : now, now);
          out.imported += 1;
        }
        const member = conn.prepare(
          "INSERT OR IGNORE INTO batch_members (batch_id, user_id, added_at) SELECT ?, id, ? FROM users WHERE id = ? AND role = 'user'",
        );
        for (const userId of new Set(b.members)) member.run(batchId, now, userId);
        const test = conn.prepare(
          "INSERT OR IGNORE INTO test_batches (test_id, batch_id, opens_at, closes_at, answer_release) SELECT id, ?, ?, ?, ? FROM tests WHERE id = ?",
        );
        for (const t of b.tests) test.run(batchId, t.opensAt ? +t.opensAt : null, t.closesAt ? +t.closesAt : null, t.answerRelease, t.testId);
        const announcement = conn.prepare(
          "INSERT OR IGNORE INTO announcement_batches (announcement_id, batch_id) SELECT id, ? FROM announcements WHERE id = ?",
        );
        for (const a of new Set(b.announcements)) announcement.run(batchId, a);
        const material = conn.prepare("INSERT OR IGNORE INTO material_batches (material_id, batch_id) SELECT id, ? FROM materials WHERE id = ?");
        for (const m of new Set(b.materials)) material.run(batchId, m);
      }
      for (const [i, raw] of activityIn.entries()) {
        const parsed = activityItem.safeParse(raw);
        if (!parsed.success) {
          refuse(`activityLog: item ${i + 1}`, parsed.error);
          continue;
        }
        const r = parsed.data;
        // a row already here (the same id) is kept as it is
        const written = conn
          .prepare(
            "INSERT OR IGNORE INTO activity_log (id, actor_id, actor_name, action, test_id, target, detail, created_at) VALUES (?, (SELECT id FROM users WHERE id = ?), ?, ?, ?, ?, ?, ?)",
          )
          .run(r.id, r.actorId, r.actorName, r.action, r.testId, r.target, r.detail, r.createdAt ? +r.createdAt : now).changes;
        if (written) out.imported += 1;
        else out.skipped += 1;
      }
      for (const [i, raw] of bankIn.entries()) {
        const parsed = bankQuestionItem.safeParse(raw);
        if (!parsed.success) {
          refuse(`questionBank: item ${i + 1}`, parsed.error);
          continue;
        }
        const b = parsed.data;
        // a bank question already here (the same key) is kept as it is
        const written = conn
          .prepare(
            `INSERT OR IGNORE INTO bank_questions (key, version, question, options, correct_answer, explanation, marks, section, topic, exam_type, deleted_at, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            b.key,
            b.version,
            b.question,
            JSON.stringify(b.options),
            Math.min(b.correctAnswer, b.options.length - 1),
            b.explanation,
            b.marks,
            b.section,
            b.topic,
            b.examType,
            b.deletedAt ? +b.deletedAt : null,
            b.createdAt ? +b.createdAt : now,
            now,
          ).changes;
        if (!written) {
          out.skipped += 1;
          continue;
        }
        out.imported += 1;
        const version = conn.prepare(
          "INSERT OR IGNORE INTO bank_question_versions (key, version, content_key, question, options, correct_answer, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        );
        const versions = b.versions.some((v) => v.version === b.version) ? b.versions : [...b.versions, { ...b, version: b.version }];
        for (const v of versions) version.run(b.key, v.version, bankKeyOf(v.question, v.options), v.question, JSON.stringify(v.options), v.correctAnswer, now);
      }
      // the tests' questions read above name the bank's questions (their edited words too)
      linkQuestionsToBank(conn, "1", [], now);
    })
    .immediate();
  return out;
}
