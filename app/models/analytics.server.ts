import { csv } from "./reports.server";
import { plainText } from "~/lib/rules/markup";
import { isRightAnswer } from "~/lib/rules/exam-pattern";
import { sql } from "drizzle-orm";
import { Kept } from "~/lib/server/kept.server";
import { db, rawDb } from "~/db/db.server";
import { type AnalysisSort, itemAnalysis, topUsers, type UserTotals, WEEK_MS } from "~/lib/rules/analytics-rules";
import { markedPercentSql, markedScoreSql, maxMarksSql } from "./marked-score.server";
import { band, percent } from "~/lib/rules/score-display";
import { examTypeLabels, labelOf } from "./exam-type.server";
import { likePattern } from "~/lib/rules/search";
import { inBatchSql } from "./batches.server";

const FINISHED = sql.raw(`('submitted','expired')`);
/** an attempt's marked score in whole percent (app/models/marked-score.server.ts) */
const PCT = sql`ROUND(${markedPercentSql("a")})`;

const MARKS = sql.raw(`COALESCE(a.marks, a.score)`);
const MAX = sql.raw(`COALESCE(a.max_marks, a.total_questions)`);

const overviewKept = new Kept<ReturnType<typeof computeOverview>>({
  name: "admin overview",
  keeps: "the admin overview's figures",
  key: "the database's version (data_version and total_changes) and the batch filter",
  invalidated: "by any write (a new version), and after a minute (figures of 'this week' follow the clock)",
  maxEntries: 20,
  maxAgeMs: 60_000,
});

/**
 * The database's state as this connection sees it: `data_version` changes when another connection
 * (another worker) commits, `total_changes()` when this one writes. Equal versions mean equal data.
 */
function databaseVersion(): string {
  const conn = rawDb();
  return `${conn.pragma("data_version", { simple: true })}:${(conn.prepare("SELECT total_changes() AS n").get() as { n: number }).n}`;
}

/**
 * The admin overview. Its aggregates scan every finished attempt (about 130 ms at 100,000 attempts), so
 * the result is kept while the database is unchanged (and at most a minute): exact right after any
 * write, and admins reloading a quiet site do not queue behind each other.
 */
export function overview(now = Date.now(), batchId = "") {
  return overviewKept.getOrLoad(`${databaseVersion()}\u0000${batchId}`, () => computeOverview(now, batchId), now);
}

/** Every figure is one SQL aggregate over indexed columns; with a batch, over its students' attempts only. */
function computeOverview(now: number, batchId: string) {
  const labels = examTypeLabels();
  const FINISHED_IN = batchId ? sql`${FINISHED} AND ${inBatchSql(batchId, sql`a.user_id`)}` : FINISHED;
  const cards = db().get<{ tests: number; active: number }>(
    sql`SELECT COUNT(*) AS tests, COALESCE(SUM(is_active), 0) AS active FROM tests WHERE archived_at IS NULL`,
  );
  const attempts = db().get<{ total: number; avg: number | null; users: number; week: number }>(sql`
    SELECT COUNT(*) AS total, AVG(${PCT}) AS avg, COUNT(DISTINCT a.user_id) AS users,
           COALESCE(SUM(a.completed_at > ${now - WEEK_MS}), 0) AS week
    FROM attempts a WHERE a.status IN ${FINISHED_IN}`);
  const byType = db()
    .all<{ examType: string; tests: number; attempts: number; avg: number | null }>(sql`
      SELECT t.exam_type AS examType, COUNT(*) AS tests, COALESCE(SUM(s.n), 0) AS attempts, SUM(s.p) / SUM(s.n) AS avg
      FROM tests t LEFT JOIN (
        SELECT a.test_id, COUNT(*) AS n, SUM(${PCT}) AS p FROM attempts a WHERE a.status IN ${FINISHED_IN} GROUP BY a.test_id
      ) s ON s.test_id = t.id
      WHERE t.archived_at IS NULL GROUP BY t.exam_type ORDER BY t.exam_type`)
    .map((r) => ({ ...r, label: labelOf(labels, r.examType), average: r.avg === null ? null : Math.round(r.avg) }));
  const bands = db().get<{ excellent: number; good: number; average: number; poor: number }>(sql`
    SELECT COALESCE(SUM(p >= 90), 0) AS excellent, COALESCE(SUM(p >= 70 AND p < 90), 0) AS good,
           COALESCE(SUM(p >= 50 AND p < 70), 0) AS average, COALESCE(SUM(p < 50), 0) AS poor
    FROM (SELECT ${PCT} AS p FROM attempts a WHERE a.status IN ${FINISHED_IN} AND a.total_questions > 0)`);
  const totals = db().all<UserTotals>(sql`
    SELECT a.user_id AS userId, u.name AS name, SUM(${MARKS}) AS marks, SUM(${MAX}) AS maxMarks, COUNT(*) AS attempts
    FROM attempts a LEFT JOIN users u ON u.id = a.user_id
    WHERE a.status IN ${FINISHED_IN} GROUP BY a.user_id
    ORDER BY CAST(SUM(${MARKS}) AS REAL) / NULLIF(SUM(${MAX}), 0) DESC, COUNT(*) DESC LIMIT 50`);
  return {
    cards: {
      totalTests: cards?.tests ?? 0,
      activeTests: cards?.active ?? 0,
      totalAttempts: attempts?.total ?? 0,
      averageScore: attempts?.avg === null || attempts?.avg === undefined ? 0 : Math.round(attempts.avg),
    },
    activity: { totalAttempts: attempts?.total ?? 0, uniqueUsers: attempts?.users ?? 0, lastSevenDays: attempts?.week ?? 0 },
    byType,
    bands: bands ?? { excellent: 0, good: 0, average: 0, poor: 0 },
    top: topUsers(totals, 10),
  };
}

export const ANALYSIS_PAGE = 50;

/** User Analysis list: one grouped query, sorted and paginated in SQL. */
export function userAnalysisList(q: string, sort: AnalysisSort, page: number, batchId = "") {
  const like = likePattern(q);
  const where = sql`WHERE ${
    q ? sql`(lower(u.name) LIKE ${like} ESCAPE '\\' OR u.email LIKE ${like} ESCAPE '\\' OR lower(u.roll_number) LIKE ${like} ESCAPE '\\')` : sql`1`
  } AND ${batchId ? inBatchSql(batchId, sql`u.id`) : sql`1`}`;
  const order = {
    name: sql`u.name COLLATE NOCASE ASC`,
    attempts: sql`attempts DESC, u.name COLLATE NOCASE ASC`,
    average: sql`average IS NULL, average DESC, u.name COLLATE NOCASE ASC`,
    recent: sql`lastActive IS NULL, lastActive DESC, u.name COLLATE NOCASE ASC`,
  }[sort];
  const total = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM users u ${where}`)?.n ?? 0;
  const rows = db().all<{
    id: string;
    name: string;
    email: string;
    role: string;
    status: string;
    joinDate: number;
    attempts: number;
    average: number | null;
    lastActive: number | null;
  }>(sql`
    SELECT u.id, u.name, coalesce(u.email, u.roll_number) AS email, u.role, u.status, u.join_date AS joinDate,
           COALESCE(s.attempts, 0) AS attempts, s.average AS average, COALESCE(s.lastActive, u.last_login) AS lastActive
    FROM users u
    LEFT JOIN (
      SELECT a.user_id, COUNT(*) AS attempts, AVG(${PCT}) AS average, MAX(a.completed_at) AS lastActive
      FROM attempts a WHERE a.status IN ${FINISHED} GROUP BY a.user_id
    ) s ON s.user_id = u.id
    ${where}
    ORDER BY ${order}
    LIMIT ${ANALYSIS_PAGE} OFFSET ${(page - 1) * ANALYSIS_PAGE}`);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / ANALYSIS_PAGE)),
    rows: rows.map((r) => ({ ...r, average: r.average === null ? null : Math.round(r.average) })),
  };
}

/** One student's analysis: totals, best, worst, time, distribution and attempt history. */
export function userAnalysisDetail(userId: string) {
  const user = db().get<{
    id: string;
    name: string;
    email: string | null;
    rollNumber: string | null;
    role: string;
    status: string;
    joinDate: number;
    lastLogin: number | null;
  }>(sql`SELECT id, name, email, roll_number AS rollNumber, role, status, join_date AS joinDate, last_login AS lastLogin FROM users WHERE id = ${userId}`);
  if (!user) return null;
  const history = db().all<{
    id: string;
    testId: string;
    title: string;
    score: number;
    total: number;
    timeSpent: number;
    completedAt: number;
    status: string;
  }>(sql`
    SELECT a.id, a.test_id AS testId, t.title, ${markedScoreSql("a")} AS score, ${maxMarksSql("a")} AS total,
           COALESCE(a.time_spent, 0) AS timeSpent, a.completed_at AS completedAt, a.status
    FROM attempts a JOIN tests t ON t.id = a.test_id
    WHERE a.user_id = ${userId} AND a.status IN ${FINISHED}
    ORDER BY a.completed_at DESC LIMIT 500`);
  const pcts = history.map((h) => percent(h.score, h.total));
  const dist = { excellent: 0, good: 0, average: 0, poor: 0 };
  for (const p of pcts) {
    if (p >= 90) dist.excellent += 1;
    else if (p >= 70) dist.good += 1;
    else if (p >= 50) dist.average += 1;
    else dist.poor += 1;
  }
  return {
    user,
    totals: {
      attempts: history.length,
      average: pcts.length ? Math.round(pcts.reduce((a, b) => a + b, 0) / pcts.length) : 0,
      best: pcts.length ? Math.max(...pcts) : 0,
      worst: pcts.length ? Math.min(...pcts) : 0,
      timeSpent: history.reduce((a, h) => a + h.timeSpent, 0),
      testsAttempted: new Set(history.map((h) => h.testId)).size,
      lastActivity: history[0]?.completedAt ?? user.lastLogin,
    },
    distribution: dist,
    history: history.map((h) => ({ ...h, percent: percent(h.score, h.total), band: band(percent(h.score, h.total)) })),
  };
}

/**
 * Item analysis of a test, one section per version that has finished attempts (and the current version):
 * each figure belongs to the attempts of its own version, so editing a test never hides the evidence
 * that revealed a bad key.
 */
export function testItemAnalysis(testId: string, batchId = "") {
  const test = db().get<{ id: string; title: string; version: number }>(sql`SELECT id, title, current_version AS version FROM tests WHERE id = ${testId}`);
  if (!test) return null;
  const attempted = db()
    .all<{ version: number }>(sql`SELECT DISTINCT test_version AS version FROM attempts WHERE test_id = ${testId} AND status IN ('submitted','expired')`)
    .map((r) => r.version);
  const versions = [...new Set([test.version, ...attempted])].sort((a, b) => b - a);
  const analysed = versions.map((version) => ({ version, current: version === test.version, ...versionItemAnalysis(testId, version, batchId) }));
  return {
    test: { id: test.id, title: test.title },
    // newest first, but versions with finished attempts before empty ones: after a regrade the new
    // current version has none yet, and the page would open on an empty section
    versions: [...analysed.filter((v) => v.attempts > 0), ...analysed.filter((v) => v.attempts === 0)],
  };
}

/** One version's item analysis over every finished attempt, or over one batch's students' attempts. */
function versionItemAnalysis(testId: string, version: number, batchId: string) {
  const inBatch = batchId ? sql`AND ${inBatchSql(batchId, sql`attempts.user_id`)}` : sql``;
  const questions = db().all<{
    id: string;
    question: string;
    options: string;
    correctAnswer: number;
    dropped: number;
    accepted: string | null;
    bonus: number;
  }>(sql`
    SELECT id, question, options, correct_answer AS correctAnswer, dropped, accepted, bonus FROM questions WHERE test_id = ${testId} AND version = ${version} ORDER BY position`);
  const attempts = db().all<{ id: string; score: number }>(sql`
    SELECT id, COALESCE(marks, score) AS score FROM attempts WHERE test_id = ${testId} AND test_version = ${version} AND status IN ('submitted','expired') ${inBatch}`);
  const answers = db().all<{ attemptId: string; questionId: string; chosen: number | null }>(sql`
    SELECT aa.attempt_id AS attemptId, aa.question_id AS questionId, aa.chosen_index AS chosen
    FROM attempt_answers aa JOIN attempts a ON a.id = aa.attempt_id
    WHERE a.test_id = ${testId} AND a.test_version = ${version} AND a.status IN ('submitted','expired') ${batchId ? sql`AND ${inBatchSql(batchId, sql`a.user_id`)}` : sql``}`);
  const chosenBy = new Map<string, Map<string, number | null>>();
  for (const a of answers) {
    if (!chosenBy.has(a.questionId)) chosenBy.set(a.questionId, new Map());
    chosenBy.get(a.questionId)?.set(a.attemptId, a.chosen);
  }
  return {
    attempts: attempts.length,
    items: questions.map((q, i) => {
      const options = JSON.parse(q.options) as string[];
      const picks = chosenBy.get(q.id) ?? new Map();
      const counts = options.map(() => 0);
      let blank = 0;
      for (const a of attempts) {
        const c = picks.get(a.id);
        if (c === null || c === undefined) blank += 1;
        else if (c >= 0 && c < counts.length) counts[c] += 1;
      }
      // right: the key, or an option a key dispute accepted (a question everyone gets the marks for tells nothing)
      const key = { correctAnswer: q.correctAnswer, accepted: q.accepted ? (JSON.parse(q.accepted) as number[]) : null };
      const stats = itemAnalysis(attempts.map((a) => ({ score: a.score, correct: q.bonus === 1 || isRightAnswer(key, picks.get(a.id)) })));
      return { n: i + 1, id: q.id, question: q.question, options, correctAnswer: q.correctAnswer, dropped: Boolean(q.dropped), counts, blank, ...stats };
    }),
  };
}

/**
 * A test's item analysis as CSV (/admin/tests/:testId/analysis.csv): one row per question of each version, with its
 * key, facility and discrimination, and how many chose each option or left it blank.
 */
export function itemAnalysisCsv(analysis: NonNullable<ReturnType<typeof testItemAnalysis>>): string {
  const widest = Math.max(2, ...analysis.versions.flatMap((v) => v.items.map((i) => i.options.length)));
  const letters = Array.from({ length: widest }, (_, i) => String.fromCharCode(65 + i));
  const round = (x: number | null) => (x === null ? "" : Math.round(x * 100) / 100);
  return csv(
    ["version", "question_number", "question", "key", "facility", "discrimination", "attempts", ...letters.map((l) => `chose_${l}`), "blank", "not_counted"],
    analysis.versions.flatMap((v) =>
      v.items.map((item) => [
        v.version,
        item.n,
        plainText(item.question),
        letters[item.correctAnswer] ?? "",
        round(item.facility),
        round(item.discrimination),
        v.attempts,
        ...letters.map((_, j) => (j < item.options.length ? item.counts[j] : "")),
        item.blank,
        item.dropped ? "yes" : "",
      ]),
    ),
  );
}
