import type Database from "better-sqlite3";

/**
 * Keeps every test question named by a question of the bank (app/models/bank.server.ts), the one rule for every way
 * questions are written (a test made or edited, a backup read, the site starting on questions older than the bank).
 *
 * A copy's `bank_key` is first the identity of its words (app/lib/rules/bank.ts). Then, for the copies in `scope`:
 * 1. words that are a version of a bank question edited since take that question's key;
 * 2. words the bank has never had become a new bank question (version 1, with the exam type of the copy's test);
 * 3. a bank question without a topic or section takes the one a copy gives it.
 * `scope` is a fixed condition over the copies `q` (never user input); `params` fill its placeholders.
 */
export function linkQuestionsToBank(conn: Database.Database, scope: string, params: unknown[] = [], now = Date.now()) {
  conn
    .prepare(
      `UPDATE questions AS q SET bank_key = (
         SELECT v.key FROM bank_question_versions v WHERE v.content_key = q.bank_key ORDER BY v.version DESC LIMIT 1)
       WHERE ${scope} AND EXISTS (SELECT 1 FROM bank_question_versions v WHERE v.content_key = q.bank_key AND v.key <> q.bank_key)`,
    )
    .run(...params);
  const added = conn
    .prepare(
      `INSERT INTO bank_questions (key, version, question, options, correct_answer, explanation, marks, section, topic, exam_type, created_at, updated_at)
       SELECT q.bank_key, 1, q.question, q.options, q.correct_answer, q.explanation, q.marks, q.section, q.topic, t.exam_type, ?, ?
       FROM questions q JOIN tests t ON t.id = q.test_id
       WHERE ${scope} AND q.bank_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bank_questions b WHERE b.key = q.bank_key)
       GROUP BY q.bank_key
       RETURNING key`,
    )
    .all(now, now, ...params) as Array<{ key: string }>;
  const firstVersion = conn.prepare(
    "INSERT OR IGNORE INTO bank_question_versions (key, version, content_key, question, options, correct_answer, created_at) SELECT key, 1, key, question, options, correct_answer, created_at FROM bank_questions WHERE key = ?",
  );
  for (const { key } of added) firstVersion.run(key);
  for (const tag of ["topic", "section"])
    conn
      .prepare(
        `UPDATE bank_questions AS b SET ${tag} = (
           SELECT q.${tag} FROM questions q WHERE ${scope} AND q.bank_key = b.key AND q.${tag} IS NOT NULL LIMIT 1)
         WHERE b.${tag} IS NULL AND b.key IN (SELECT q.bank_key FROM questions q WHERE ${scope} AND q.${tag} IS NOT NULL)`,
      )
      .run(...params, ...params);
  return added.length;
}
