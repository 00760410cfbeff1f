import { sql } from "drizzle-orm";
import { Kept } from "~/lib/server/kept.server";
import { db } from "~/db/db.server";
import { accuracy, weakestUnits } from "~/lib/rules/progress-rules";
import { examTypeLabels, labelOf } from "./exam-type.server";
import { notScoreHeldSql, releasedToStudent, scoreHeldTestIds } from "./results.server";
import { markedPercentSql, markedScoreSql, maxMarksSql, rightAnswerSql } from "./marked-score.server";

const FINISHED = sql.raw(`('submitted','expired')`);
/** the trend shows the latest attempts, oldest on the left */
export const TREND_ATTEMPTS = 60;
/** the "Tests taken" table lists the most recent tests (each with the median time of everyone on it) */
export const TESTS_SHOWN = 30;

/**
 * A student's "My progress": the score trend (marked scores: app/models/marked-score.server.ts), accuracy (right
 * answers over questions) by exam category and by unit, every test with its
 * attempts and best and latest score, time per question against the test's median (over every student's
 * finished attempts), and the weakest units. SQL aggregates over the student's attempts (index
 * attempts_stats_idx); the medians read the attempts of the tests the student took.
 */
export function loadProgress(userId: string) {
  const labels = examTypeLabels();
  // a live mock's score is held back with its key when it allows more than one attempt (results.server.ts)
  const shown = notScoreHeldSql(scoreHeldTestIds(userId), sql.raw("a.test_id"));
  const trend = db()
    .all<{ id: string; testId: string; title: string; completedAt: number; score: number; total: number }>(sql`
      SELECT a.id, a.test_id AS testId, t.title, a.completed_at AS completedAt, ${markedScoreSql("a")} AS score, ${maxMarksSql("a")} AS total
      FROM attempts a JOIN tests t ON t.id = a.test_id
      WHERE a.user_id = ${userId} AND a.status IN ${FINISHED} AND ${shown}
      ORDER BY a.completed_at DESC LIMIT ${TREND_ATTEMPTS}`)
    .reverse()
    .map((r) => ({ ...r, percent: accuracy(r.score ?? 0, r.total) ?? 0 }));

  const byCategory = db()
    .all<{ examType: string; attempts: number; correct: number; questions: number }>(sql`
      SELECT t.exam_type AS examType, COUNT(*) AS attempts, SUM(a.score) AS correct, SUM(a.total_questions) AS questions
      FROM attempts a JOIN tests t ON t.id = a.test_id
      WHERE a.user_id = ${userId} AND a.status IN ${FINISHED} AND ${shown}
      GROUP BY t.exam_type ORDER BY t.exam_type`)
    .map((r) => ({ ...r, label: labelOf(labels, r.examType), accuracy: accuracy(r.correct, r.questions) }));

  const byUnit = db()
    .all<{ examType: string; unitNumber: number | null; unitName: string | null; attempts: number; correct: number; questions: number }>(sql`
      SELECT t.exam_type AS examType, t.unit_number AS unitNumber, MAX(t.unit_name) AS unitName,
             COUNT(*) AS attempts, SUM(a.score) AS correct, SUM(a.total_questions) AS questions
      FROM attempts a JOIN tests t ON t.id = a.test_id
      WHERE a.user_id = ${userId} AND a.status IN ${FINISHED} AND ${shown}
      GROUP BY t.exam_type, t.unit_number ORDER BY t.exam_type, t.unit_number IS NULL, t.unit_number`)
    .map((r) => {
      const unit = r.unitNumber === null ? "General Tests" : `Unit ${r.unitNumber}${r.unitName ? `: ${r.unitName}` : ""}`;
      return {
        ...r,
        key: `${r.examType}:${r.unitNumber ?? "general"}`,
        label: `${labelOf(labels, r.examType)} · ${unit}`,
        accuracy: accuracy(r.correct, r.questions),
        practiceHref: `/dashboard?type=${encodeURIComponent(r.examType)}&unit=${r.unitNumber ?? "general"}`,
      };
    });

  // per test (the most recent TESTS_SHOWN): attempts, best and latest score, my seconds per question
  const mine = db().all<{
    testId: string;
    title: string;
    attempts: number;
    best: number;
    latest: number;
    latestId: string;
    mySecondsPerQuestion: number | null;
  }>(sql`
      WITH mine AS (
        SELECT a.id, a.test_id, a.completed_at,
               ${markedPercentSql("a")} AS pct,
               CAST(a.time_spent AS REAL) / NULLIF(a.total_questions, 0) AS spq,
               ROW_NUMBER() OVER (PARTITION BY a.test_id ORDER BY a.completed_at DESC) AS rn
        FROM attempts a WHERE a.user_id = ${userId} AND a.status IN ${FINISHED} AND ${shown}
      )
      SELECT m.test_id AS testId, t.title, COUNT(*) AS attempts, MAX(m.pct) AS best,
             MAX(CASE WHEN m.rn = 1 THEN m.pct END) AS latest, MAX(CASE WHEN m.rn = 1 THEN m.id END) AS latestId,
             AVG(m.spq) AS mySecondsPerQuestion
      FROM mine m JOIN tests t ON t.id = m.test_id
      GROUP BY m.test_id ORDER BY MAX(m.completed_at) DESC`);
  const listed = mine.slice(0, TESTS_SHOWN);
  const medians = medianSecondsPerQuestion(listed.map((t) => t.testId));
  const tests = listed.map((r) => ({
    ...r,
    best: Math.round(r.best ?? 0),
    latest: Math.round(r.latest ?? 0),
    mySecondsPerQuestion: r.mySecondsPerQuestion === null ? null : Math.round(r.mySecondsPerQuestion),
    medianSecondsPerQuestion: medians.get(r.testId) ?? null,
  }));

  const byTopic = accuracyByTopic(userId);
  return {
    trend,
    byCategory,
    byUnit,
    tests,
    testsTaken: mine.length,
    weakest: weakestUnits(byUnit),
    byTopic,
    // the topics to practise next, each a link to My mistakes filtered by it
    practiseTopics: weakestUnits(byTopic, { minQuestions: 3 }),
  };
}

/**
 * Accuracy by topic (app/lib/rules/sections.ts) over the student's finished attempts, counting only tests whose
 * answers are released to them (a live mock's right and wrong stay hidden until its window closes).
 */
function accuracyByTopic(userId: string) {
  const rows = db().all<{ testId: string; topic: string; questions: number; correct: number }>(sql`
    SELECT a.test_id AS testId, q.topic AS topic, COUNT(*) AS questions,
           SUM(CASE WHEN ${rightAnswerSql()} THEN 1 ELSE 0 END) AS correct
    FROM attempts a
    JOIN questions q ON q.test_id = a.test_id AND q.version = a.test_version AND q.dropped = 0 AND q.topic IS NOT NULL
    LEFT JOIN attempt_answers aa ON aa.attempt_id = a.id AND aa.question_id = q.id
    WHERE a.user_id = ${userId} AND a.status IN ${FINISHED}
    GROUP BY a.test_id, q.topic`);
  const released = releasedToStudent(userId);
  const totals = new Map<string, { questions: number; correct: number }>();
  for (const r of rows) {
    if (!released(r.testId)) continue;
    const t = totals.get(r.topic) ?? { questions: 0, correct: 0 };
    t.questions += r.questions;
    t.correct += r.correct;
    totals.set(r.topic, t);
  }
  return [...totals.entries()]
    .map(([topic, t]) => ({
      key: topic,
      label: topic,
      attempts: 0,
      ...t,
      accuracy: accuracy(t.correct, t.questions),
      practiceHref: `/mistakes?topic=${encodeURIComponent(topic)}`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export type Progress = ReturnType<typeof loadProgress>;

/**
 * The median seconds per question of every student's finished attempts on each test, kept per process
 * for 10 minutes (a test's median moves slowly; computing it reads all of the test's attempts).
 */
const mediansKept = new Kept<{ value: number | null }>({
  name: "median time per question",
  keeps: "the median seconds per question of every finished attempt on a test",
  key: "test id",
  invalidated: "after 10 minutes (it moves slowly)",
  maxEntries: 5000,
  maxAgeMs: 10 * 60_000,
});

function medianSecondsPerQuestion(testIds: string[], now = Date.now()): Map<string, number | null> {
  const result = new Map<string, number | null>();
  const missing: string[] = [];
  for (const id of testIds) {
    const hit = mediansKept.get(id, now);
    if (hit) result.set(id, hit.value);
    else missing.push(id);
  }
  if (missing.length) {
    const rows = db().all<{ testId: string; median: number }>(sql`
      WITH everyone AS (
        SELECT a.test_id, CAST(a.time_spent AS REAL) / a.total_questions AS spq,
               ROW_NUMBER() OVER (PARTITION BY a.test_id ORDER BY CAST(a.time_spent AS REAL) / a.total_questions) AS k,
               COUNT(*) OVER (PARTITION BY a.test_id) AS n
        FROM attempts a
        WHERE a.test_id IN (${sql.join(
          missing.map((id) => sql`${id}`),
          sql`, `,
        )}) AND a.status IN ${FINISHED} AND a.time_spent IS NOT NULL AND a.total_questions > 0
      )
      SELECT test_id AS testId, AVG(spq) AS median FROM everyone WHERE k IN ((n + 1) / 2, (n + 2) / 2) GROUP BY test_id`);
    const found = new Map(rows.map((r) => [r.testId, Math.round(r.median)]));
    for (const id of missing) {
      const value = found.get(id) ?? null;
      mediansKept.set(id, { value }, now);
      result.set(id, value);
    }
  }
  return result;
}
