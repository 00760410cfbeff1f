import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db, keptPerDatabase, preparedQuery, transaction } from "~/db/db.server";
import { attemptAnswers, attempts, questions } from "~/db/schema.server";
import { BANK_KEY_PATTERN, type BankCandidate, type BankPick, bankKeyOf, drawQuestions } from "~/lib/rules/bank";
import { tagOf } from "~/lib/rules/sections";
import { lineBreaksAsLf } from "~/lib/rules/words";
import { pageParam } from "~/lib/schemas/forms";
import { likePattern } from "~/lib/rules/search";
import { examTypeLabels } from "./exam-type.server";
import { rightAnswerSql } from "./marked-score.server";
import { createTest } from "./test.server";

/**
 * The question bank (/admin/bank): each question once, standing alone (the `bank_questions` table; a test's
 * questions are copies that name it, app/db/bank-link.server.ts), with its tags, exam types and statistics over
 * every test and version that has it; editing it (versioned), its tags, taking it out; and generating a test from
 * topic or section counts.
 */

export const BANK_PAGE = 50;

/** A bank question's row as SQL reads it (options as JSON text). */
export type StoredBankQuestion = {
  key: string;
  version: number;
  question: string;
  options: string;
  correctAnswer: number;
  explanation: string | null;
  marks: number | null;
  section: string | null;
  topic: string | null;
  examType: string;
};

export type BankFilters = { q: string; type: string; section: string; topic: string; page: number };

export function parseBankFilters(url: URL): BankFilters {
  const p = url.searchParams;
  const text = (k: string, max = 100) => (p.get(k) ?? "").trim().slice(0, max);
  return { q: text("q"), type: text("type", 60), section: text("section"), topic: text("topic"), page: pageParam(p.get("page")) };
}

/** The bank's questions (not taken out of it) that match the filters; an exam type is the question's own or a test's that has it now. */
function bankRowsWhere(f: Omit<BankFilters, "page">): SQL {
  const parts: SQL[] = [sql`b.deleted_at IS NULL`];
  if (f.q) parts.push(sql`(lower(b.question) LIKE ${likePattern(f.q)} ESCAPE '\\' OR lower(b.options) LIKE ${likePattern(f.q)} ESCAPE '\\')`);
  if (f.type)
    // (the type's tests' questions read once, by the tests' exam type: not a look-up per bank question)
    parts.push(sql`(b.exam_type = ${f.type} OR b.key IN (
      SELECT q.bank_key FROM tests t JOIN questions q ON q.test_id = t.id AND q.version = t.current_version WHERE t.exam_type = ${f.type}))`);
  if (f.section) parts.push(f.section === "-" ? sql`b.section IS NULL` : sql`b.section = ${f.section}`);
  if (f.topic) parts.push(f.topic === "-" ? sql`b.topic IS NULL` : sql`b.topic = ${f.topic}`);
  return sql.join(parts, sql` AND `);
}

export type BankRow = {
  key: string;
  version: number;
  question: string;
  options: string[];
  correctAnswer: number;
  section: string | null;
  topic: string | null;
  types: string[];
  /** tests (any version, archived ones too) that have this question */
  tests: number;
  /** finished attempts that had it, and how many of them answered it right */
  seen: number;
  correct: number;
};

/** One page of the bank with each question's statistics (an aggregate over the page's questions only). */
export function listBank(f: BankFilters): { total: number; rows: BankRow[] } {
  const where = bankRowsWhere(f);
  const total = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM bank_questions b WHERE ${where}`)?.n ?? 0;
  const page = db().all<{
    key: string;
    version: number;
    question: string;
    options: string;
    correctAnswer: number;
    section: string | null;
    topic: string | null;
    types: string;
  }>(sql`
    SELECT p.*, p.exam_type || COALESCE(',' || (SELECT group_concat(DISTINCT t.exam_type) FROM questions q
             CROSS JOIN tests t ON t.id = q.test_id AND q.version = t.current_version WHERE q.bank_key = p.key AND t.exam_type <> p.exam_type), '') AS types
    FROM (
      SELECT b.key, b.version, b.question, b.options, b.correct_answer AS correctAnswer, b.section, b.topic, b.exam_type
      FROM bank_questions b WHERE ${where}
      ORDER BY lower(b.question), b.key
      LIMIT ${BANK_PAGE} OFFSET ${(f.page - 1) * BANK_PAGE}
    ) p ORDER BY lower(p.question), p.key`);
  const stats = bankStatsOf(page.map((p) => p.key));
  return {
    total,
    rows: page.map((p) => ({
      key: p.key,
      version: p.version,
      question: p.question,
      options: JSON.parse(p.options) as string[],
      correctAnswer: p.correctAnswer,
      section: p.section,
      topic: p.topic,
      types: [...new Set(p.types.split(","))],
      tests: stats.get(p.key)?.tests ?? 0,
      seen: stats.get(p.key)?.seen ?? 0,
      correct: stats.get(p.key)?.correct ?? 0,
    })),
  };
}

type BankStats = { tests: number; seen: number; correct: number };

/**
 * A question's statistics read every finished attempt of every test that has it (about 200 ms for a page of 50
 * with 60,000 attempts): kept a minute per question, so paging back and forth does not read them again.
 */
const bankStatsKept = keptPerDatabase<BankStats>({
  name: "bank statistics",
  keeps: "a bank question's tests, finished attempts that had it and right answers",
  key: "the question's bank key",
  invalidated: "after a minute (the bank says its figures may be that far behind)",
  maxEntries: 5000,
  maxAgeMs: 60_000,
});

const bankStatsQuery = preparedQuery((d) =>
  d
    .select({
      tests: sql<number>`COUNT(DISTINCT ${questions.testId})`,
      seen: sql<number>`COUNT(${attempts.id})`,
      correct: sql<number>`COALESCE(SUM(${attemptAnswers.chosenIndex} IS NOT NULL AND ${rightAnswerSql("questions", "attempt_answers.chosen_index")}), 0)`,
    })
    .from(questions)
    .leftJoin(
      attempts,
      and(
        eq(attempts.testId, questions.testId),
        eq(attempts.testVersion, questions.version),
        inArray(attempts.status, ["submitted", "expired"]),
        eq(questions.dropped, false),
      ),
    )
    .leftJoin(attemptAnswers, and(eq(attemptAnswers.attemptId, attempts.id), eq(attemptAnswers.questionId, questions.id)))
    .where(eq(questions.bankKey, sql.placeholder("key")))
    .prepare(),
);

/**
 * Each question's use across every test and version that has it: the tests, the finished attempts that had it
 * (not dropped there) and how many answered it right (kept a minute per question).
 */
export function bankStatsOf(keys: readonly string[]): Map<string, BankStats> {
  return new Map(keys.map((key) => [key, bankStatsKept(key, () => bankStatsQuery().get({ key }) ?? { tests: 0, seen: 0, correct: 0 })]));
}

/** The sections and topics of an exam type's bank (or every type's), with how many questions each has. */
export function bankTags(type = ""): { sections: Array<{ tag: string; n: number }>; topics: Array<{ tag: string; n: number }> } {
  const where = bankRowsWhere({ q: "", type, section: "", topic: "" });
  const of = (column: SQL) =>
    db().all<{ tag: string; n: number }>(sql`
      SELECT ${column} AS tag, COUNT(*) AS n FROM bank_questions b WHERE ${where} AND ${column} IS NOT NULL
      GROUP BY ${column} ORDER BY lower(${column})`);
  return { sections: of(sql`b.section`), topics: of(sql`b.topic`) };
}

/** The exam types the bank has questions of (their own, or a live test's that has them), with their labels. */
export function bankExamTypes(): Array<{ value: string; label: string }> {
  const labels = examTypeLabels();
  return db()
    .all<{ t: string }>(sql`
      SELECT exam_type AS t FROM bank_questions WHERE deleted_at IS NULL
      UNION SELECT exam_type FROM tests WHERE archived_at IS NULL
      ORDER BY 1`)
    .map((r) => ({ value: r.t, label: labels[r.t] ?? r.t }));
}

/** How many of an exam type's bank questions have no topic (drawn as "No topic"). */
export function bankUntagged(type: string): number {
  return db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM bank_questions b WHERE ${bankRowsWhere({ q: "", type, section: "", topic: "-" })}`)?.n ?? 0;
}

/** A bank question (null: no such question, or taken out of the bank), with how many tests have it now. */
export function bankQuestion(key: string) {
  const row = db().get<Omit<StoredBankQuestion, "marks"> & { updatedAt: number; tests: number }>(sql`
    SELECT b.key, b.version, b.question, b.options, b.correct_answer AS correctAnswer, b.explanation, b.section, b.topic, b.exam_type AS examType,
           b.updated_at AS updatedAt,
           (SELECT COUNT(DISTINCT q.test_id) FROM questions q CROSS JOIN tests t ON t.id = q.test_id AND q.version = t.current_version WHERE q.bank_key = b.key) AS tests
    FROM bank_questions b WHERE b.key = ${key} AND b.deleted_at IS NULL`);
  return row ? { ...row, options: JSON.parse(row.options) as string[] } : null;
}

/** The bank question a route's `:key` names, or a 404 response. */
export function bankQuestionOr404(key: string | undefined) {
  const q = key && BANK_KEY_PATTERN.test(key) ? bankQuestion(key) : null;
  if (!q) throw new Response("Question not found", { status: 404 });
  return q;
}

/** A test that has a bank question now: its copy's words are the bank's, or earlier ones its attempts were taken on. */
export type BankQuestionTest = { id: string; title: string; examType: string; archived: boolean; version: number; attempts: number; sameWords: boolean };

/** The tests that have a bank question in their current version, newest first. */
export function testsWithBankQuestion(key: string, current: { question: string; options: string[] }): BankQuestionTest[] {
  const now = bankKeyOf(current.question, current.options);
  return db()
    .all<{ id: string; title: string; examType: string; archivedAt: number | null; version: number; attempts: number; question: string; options: string }>(sql`
      SELECT t.id, t.title, t.exam_type AS examType, t.archived_at AS archivedAt, q.version, q.question, q.options,
             (SELECT COUNT(*) FROM attempts a WHERE a.test_id = t.id AND a.test_version = q.version) AS attempts
      FROM questions q CROSS JOIN tests t ON t.id = q.test_id AND q.version = t.current_version
      WHERE q.bank_key = ${key} GROUP BY t.id ORDER BY t.created_at DESC, t.rowid DESC`)
    .map((t) => ({
      id: t.id,
      title: t.title,
      examType: t.examType,
      archived: t.archivedAt !== null,
      version: t.version,
      attempts: t.attempts,
      sameWords: bankKeyOf(t.question, JSON.parse(t.options) as string[]) === now,
    }));
}

/** A bank question's earlier versions' words, newest first. */
export function bankQuestionVersions(key: string) {
  return db()
    .all<{ version: number; question: string; options: string; correctAnswer: number; createdAt: number }>(sql`
      SELECT version, question, options, correct_answer AS correctAnswer, created_at AS createdAt
      FROM bank_question_versions WHERE key = ${key} ORDER BY version DESC`)
    .map((v) => ({ ...v, options: JSON.parse(v.options) as string[] }));
}

export type BankEdit = { question: string; options: string[]; correctAnswer: number; explanation: string; changeTests: boolean };

/**
 * Edits a bank question. New words, options or answer make a new version (the old one is kept, so a copy with its
 * words is still known as this question); the explanation changes in place. With `changeTests`, the copies in test
 * versions nobody has sat take the new words too; a test version students have sat keeps the words they sat.
 * Refuses words that are already another bank question's.
 */
export function editBankQuestion(key: string, input: BankEdit, now = new Date()) {
  return transaction((tx) => {
    const b = tx.get<{ version: number; question: string; options: string; correctAnswer: number }>(
      sql`SELECT version, question, options, correct_answer AS correctAnswer FROM bank_questions WHERE key = ${key} AND deleted_at IS NULL`,
    );
    if (!b) return { ok: false as const, error: "This question is no longer in the bank" };
    const content = bankKeyOf(input.question, input.options);
    const other = tx.get<{ deletedAt: number | null }>(sql`
      SELECT b.deleted_at AS deletedAt FROM bank_question_versions v JOIN bank_questions b ON b.key = v.key
      WHERE v.content_key = ${content} AND v.key <> ${key} LIMIT 1`);
    if (other)
      return {
        ok: false as const,
        error: other.deletedAt
          ? "These words and options are a question taken out of the bank"
          : "These words and options are already another question of the bank",
      };
    const changed =
      bankKeyOf(b.question, JSON.parse(b.options) as string[]) !== content || b.correctAnswer !== input.correctAnswer || b.question !== input.question.trim();
    const version = changed ? b.version + 1 : b.version;
    const options = JSON.stringify(input.options);
    const explanation = lineBreaksAsLf(input.explanation.trim()) || null;
    tx.run(sql`
      UPDATE bank_questions SET version = ${version}, question = ${input.question}, options = ${options}, correct_answer = ${input.correctAnswer},
        explanation = ${explanation}, updated_at = ${+now} WHERE key = ${key}`);
    if (changed)
      tx.run(sql`
        INSERT INTO bank_question_versions (key, version, content_key, question, options, correct_answer, created_at)
        VALUES (${key}, ${version}, ${content}, ${input.question}, ${options}, ${input.correctAnswer}, ${+now})`);
    const notSat = sql`bank_key = ${key} AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = questions.test_id AND a.test_version = questions.version)`;
    const testsChanged = input.changeTests
      ? tx.all<{ testId: string }>(sql`
          UPDATE questions SET question = ${input.question}, options = ${options}, correct_answer = ${input.correctAnswer}, explanation = ${explanation},
            accepted = CASE WHEN options = ${options} THEN accepted END, bonus = CASE WHEN options = ${options} THEN bonus ELSE 0 END
          WHERE ${notSat} RETURNING test_id AS testId`)
      : [];
    const changedIds = [...new Set(testsChanged.map((t) => t.testId))];
    for (const id of changedIds) tx.run(sql`UPDATE tests SET updated_at = ${+now} WHERE id = ${id}`);
    return { ok: true as const, version, newVersion: changed, testsChanged: changedIds.length };
  });
}

/** Takes a question out of the bank: no longer listed nor drawn; the tests that have it keep it. */
export function deleteBankQuestion(key: string, now = new Date()): boolean {
  return db().run(sql`UPDATE bank_questions SET deleted_at = ${+now} WHERE key = ${key} AND deleted_at IS NULL`).changes > 0;
}

/** The questions taken out of the bank, the latest first, a page at a time (/admin/bank/taken-out). */
export function listTakenOut(page: number): { total: number; rows: Array<{ key: string; question: string; examType: string; takenOutAt: number }> } {
  const total = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM bank_questions WHERE deleted_at IS NOT NULL`)?.n ?? 0;
  const rows = db().all<{ key: string; question: string; examType: string; takenOutAt: number }>(sql`
    SELECT key, question, exam_type AS examType, deleted_at AS takenOutAt FROM bank_questions WHERE deleted_at IS NOT NULL
    ORDER BY deleted_at DESC, key LIMIT ${BANK_PAGE} OFFSET ${(page - 1) * BANK_PAGE}`);
  return { total, rows };
}

/** Puts a question taken out back in the bank: listed and drawn again. Its words (null: it is not taken out). */
export function putBackBankQuestion(key: string): string | null {
  return (
    db().get<{ question: string }>(sql`UPDATE bank_questions SET deleted_at = NULL WHERE key = ${key} AND deleted_at IS NOT NULL RETURNING question`)
      ?.question ?? null
  );
}

/**
 * Sets a bank question's topic and section. The topic changes in every test and version that has the question
 * (it only groups the analysis); the section only in versions nobody has started (it orders the paper), so a
 * running or finished attempt's paper never changes. The tests' `updatedAt` moves, so kept copies are read again.
 */
export function setBankTags(key: string, input: { topic: string; section: string }, now = new Date()) {
  return transaction((tx) => {
    tx.run(sql`UPDATE bank_questions SET topic = ${tagOf(input.topic)}, section = ${tagOf(input.section)}, updated_at = ${+now} WHERE key = ${key}`);
    const copies = tx.run(sql`UPDATE questions SET topic = ${tagOf(input.topic)} WHERE bank_key = ${key}`).changes;
    const sectionsSet = tx.run(sql`
      UPDATE questions SET section = ${tagOf(input.section)}
      WHERE bank_key = ${key} AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = questions.test_id AND a.test_version = questions.version)`).changes;
    const tests = tx.run(sql`UPDATE tests SET updated_at = ${+now} WHERE id IN (SELECT test_id FROM questions WHERE bank_key = ${key})`).changes;
    return { copies, tests, sectionsKept: copies - sectionsSet };
  });
}

/** How many of a batch's students have answered each bank question (in any test; a question they only saw is still unseen). */
export function seenByBatch(batchId: string): Map<string, number> {
  const rows = db().all<{ key: string; n: number }>(sql`
    SELECT q.bank_key AS key, COUNT(DISTINCT a.user_id) AS n
    FROM batch_members bm
    JOIN attempts a ON a.user_id = bm.user_id
    JOIN attempt_answers aa ON aa.attempt_id = a.id AND aa.chosen_index IS NOT NULL
    JOIN questions q ON q.test_id = a.test_id AND q.version = a.test_version AND q.id = aa.question_id
    WHERE bm.batch_id = ${batchId} AND q.bank_key IS NOT NULL
    GROUP BY q.bank_key`);
  return new Map(rows.map((r) => [r.key, r.n]));
}

export type GenerateInput = {
  title: string;
  description: string;
  examType: string;
  duration: number;
  marksPerCorrect: number;
  negativeMarks: number;
  picks: BankPick[];
  /** a batch whose unseen questions come first */
  preferUnseenBy: string | null;
};

/**
 * Generates an ordinary test (inactive until the admin publishes it) from the bank of its exam type: each pick's
 * count of questions by topic or section, at random, the batch's unseen ones first when asked. Fails, writing
 * nothing, when a pick asks for more than the bank has.
 */
export function generateTest(input: GenerateInput, random: () => number = Math.random) {
  const where = bankRowsWhere({ q: "", type: input.examType, section: "", topic: "" });
  const rows = db().all<Omit<StoredBankQuestion, "version" | "examType">>(sql`
    SELECT b.key, b.question, b.options, b.correct_answer AS correctAnswer, b.explanation, b.marks, b.section, b.topic
    FROM bank_questions b WHERE ${where}`);
  const seen = input.preferUnseenBy ? seenByBatch(input.preferUnseenBy) : new Map<string, number>();
  const candidates: BankCandidate[] = rows.map((r) => ({ key: r.key, topic: r.topic, section: r.section, seen: seen.get(r.key) ?? 0 }));
  const drawn = drawQuestions(input.picks, candidates, { preferUnseen: !!input.preferUnseenBy, random });
  if (!drawn.ok) return drawn;
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const list = drawn.keys.map((key) => {
    const r = byKey.get(key) as (typeof rows)[number];
    return {
      question: r.question,
      options: JSON.parse(r.options) as string[],
      correctAnswer: r.correctAnswer,
      explanation: r.explanation,
      marks: r.marks,
      section: r.section,
      topic: r.topic,
    };
  });
  const test = createTest(
    {
      title: input.title,
      description: input.description,
      examType: input.examType,
      duration: input.duration,
      marksPerCorrect: input.marksPerCorrect,
      negativeMarks: input.negativeMarks,
      isActive: false,
    },
    list,
  );
  return { ok: true as const, test, questions: list.length };
}
