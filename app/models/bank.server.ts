import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db, keptPerDatabase, preparedQuery, transaction } from "~/db/db.server";
import { attemptAnswers, attempts, questions } from "~/db/schema.server";
import { type BankCandidate, type BankPick, drawQuestions } from "~/lib/rules/bank";
import { tagOf } from "~/lib/rules/sections";
import { pageParam } from "~/lib/schemas/forms";
import { likePattern } from "~/lib/rules/search";
import { createTest } from "./test.server";

/**
 * The question bank (/admin/bank): every question of every test's current version, one row per bank identity
 * (app/lib/rules/bank.ts), with its tags, exam types and statistics over every test and version that has it;
 * tag editing; and generating a test from topic or section counts.
 */

export const BANK_PAGE = 50;

export type BankFilters = { q: string; type: string; section: string; topic: string; page: number };

export function parseBankFilters(url: URL): BankFilters {
  const p = url.searchParams;
  const text = (k: string, max = 100) => (p.get(k) ?? "").trim().slice(0, max);
  return { q: text("q"), type: text("type", 60), section: text("section"), topic: text("topic"), page: pageParam(p.get("page")) };
}

/** The bank's rows: the current version's questions of tests not archived, not dropped by a regrade. */
function bankRowsWhere(f: Omit<BankFilters, "page">): SQL {
  const parts: SQL[] = [sql`t.archived_at IS NULL AND q.dropped = 0 AND q.bank_key IS NOT NULL`];
  if (f.q) parts.push(sql`(lower(q.question) LIKE ${likePattern(f.q)} ESCAPE '\\' OR lower(q.options) LIKE ${likePattern(f.q)} ESCAPE '\\')`);
  if (f.type) parts.push(sql`t.exam_type = ${f.type}`);
  if (f.section) parts.push(f.section === "-" ? sql`q.section IS NULL` : sql`q.section = ${f.section}`);
  if (f.topic) parts.push(f.topic === "-" ? sql`q.topic IS NULL` : sql`q.topic = ${f.topic}`);
  return sql.join(parts, sql` AND `);
}
const FROM_CURRENT = sql`FROM questions q JOIN tests t ON t.id = q.test_id AND q.version = t.current_version`;

export type BankRow = {
  key: string;
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
  /** a test that has it now, for the editor link */
  testId: string;
};

/** One page of the bank with each question's statistics (an aggregate over the page's questions only). */
export function listBank(f: BankFilters): { total: number; rows: BankRow[] } {
  const where = bankRowsWhere(f);
  const total = db().get<{ n: number }>(sql`SELECT COUNT(DISTINCT q.bank_key) AS n ${FROM_CURRENT} WHERE ${where}`)?.n ?? 0;
  // one row per identity: the newest copy's words and tags (SQLite takes the bare columns from the MAX row)
  const page = db().all<{
    key: string;
    question: string;
    options: string;
    correctAnswer: number;
    section: string | null;
    topic: string | null;
    types: string;
    testId: string;
    r: number;
  }>(sql`
    SELECT q.bank_key AS key, q.question, q.options, q.correct_answer AS correctAnswer, q.section, q.topic, q.test_id AS testId,
           group_concat(DISTINCT t.exam_type) AS types, MAX(q.rowid) AS r
    ${FROM_CURRENT} WHERE ${where}
    GROUP BY q.bank_key ORDER BY lower(q.question), q.bank_key
    LIMIT ${BANK_PAGE} OFFSET ${(f.page - 1) * BANK_PAGE}`);
  const stats = bankStatsOf(page.map((p) => p.key));
  return {
    total,
    rows: page.map((p) => ({
      key: p.key,
      question: p.question,
      options: JSON.parse(p.options) as string[],
      correctAnswer: p.correctAnswer,
      section: p.section,
      topic: p.topic,
      types: p.types.split(","),
      testId: p.testId,
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
      correct: sql<number>`COALESCE(SUM(${attemptAnswers.chosenIndex} = ${questions.correctAnswer}), 0)`,
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
      SELECT ${column} AS tag, COUNT(DISTINCT q.bank_key) AS n ${FROM_CURRENT} WHERE ${where} AND ${column} IS NOT NULL
      GROUP BY ${column} ORDER BY lower(${column})`);
  return { sections: of(sql`q.section`), topics: of(sql`q.topic`) };
}

/** A bank question's newest copy (null: no test has it now). */
export function bankQuestion(key: string) {
  return (
    db().get<{ key: string; question: string; section: string | null; topic: string | null; tests: number }>(sql`
      SELECT q.bank_key AS key, q.question, q.section, q.topic, COUNT(DISTINCT q.test_id) AS tests, MAX(q.rowid) AS r
      ${FROM_CURRENT} WHERE q.bank_key = ${key} AND t.archived_at IS NULL GROUP BY q.bank_key`) ?? null
  );
}

/**
 * Sets a bank question's topic and section. The topic changes in every test and version that has the question
 * (it only groups the analysis); the section only in versions nobody has started (it orders the paper), so a
 * running or finished attempt's paper never changes. The tests' `updatedAt` moves, so kept copies are read again.
 */
export function setBankTags(key: string, input: { topic: string; section: string }, now = new Date()) {
  return transaction((tx) => {
    const copies = tx.run(sql`UPDATE questions SET topic = ${tagOf(input.topic)} WHERE bank_key = ${key}`).changes;
    const sectionsSet = tx.run(sql`
      UPDATE questions SET section = ${tagOf(input.section)}
      WHERE bank_key = ${key} AND NOT EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = questions.test_id AND a.test_version = questions.version)`).changes;
    const tests = tx.run(sql`UPDATE tests SET updated_at = ${+now} WHERE id IN (SELECT test_id FROM questions WHERE bank_key = ${key})`).changes;
    return { copies, tests, sectionsKept: copies - sectionsSet };
  });
}

/** How many of a batch's students have sat a paper with each bank question (only questions they have seen). */
export function seenByBatch(batchId: string): Map<string, number> {
  const rows = db().all<{ key: string; n: number }>(sql`
    SELECT q.bank_key AS key, COUNT(DISTINCT a.user_id) AS n
    FROM batch_members bm
    JOIN attempts a ON a.user_id = bm.user_id
    JOIN questions q ON q.test_id = a.test_id AND q.version = a.test_version
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
  const rows = db().all<{
    key: string;
    question: string;
    options: string;
    correctAnswer: number;
    explanation: string | null;
    marks: number | null;
    section: string | null;
    topic: string | null;
    r: number;
  }>(sql`
    SELECT q.bank_key AS key, q.question, q.options, q.correct_answer AS correctAnswer, q.explanation, q.marks, q.section, q.topic, MAX(q.rowid) AS r
    ${FROM_CURRENT} WHERE ${where} GROUP BY q.bank_key`);
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
