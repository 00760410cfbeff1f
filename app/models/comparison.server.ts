import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { attempts } from "~/db/schema.server";
import { type BestAttempt, comparisonOf, type SectionRow } from "~/lib/rules/comparison";
import { Kept } from "~/lib/server/kept.server";
import { markedFractionSql, markedScoreSql, rightAnswerSql } from "./marked-score.server";

/**
 * The student beside the topper and the average on a test (its results, once ranks show): every student's best
 * finished attempt (as the leaderboard picks it), with its answered and right counts, overall and by section.
 * Kept per test for 30 s: once ranks show, the test has closed, and a results page at a time of many reads it.
 */
const cohortKept = new Kept<{ best: BestAttempt[]; sections: SectionRow[] }>({
  name: "topper and average",
  keeps: "every student's best attempt on a test with its marks, right and answered counts and time, by section too",
  key: "test id",
  invalidated: "after 30 s (shown once ranks show: the test has closed)",
  maxEntries: 100,
  maxAgeMs: 30_000,
});

function loadCohort(testId: string) {
  const bestSql = sql`
    WITH best AS (
      SELECT a.id, a.user_id, a.test_version, ${markedScoreSql("a")} AS marks, COALESCE(a.score, 0) AS correct, COALESCE(a.time_spent, 0) AS seconds,
             ROW_NUMBER() OVER (PARTITION BY a.user_id ORDER BY ${markedFractionSql("a")} DESC, COALESCE(a.time_spent, 0)) AS rn
      FROM ${attempts} a WHERE a.test_id = ${testId} AND a.status IN ('submitted', 'expired')
    )`;
  const best = db().all<BestAttempt>(sql`${bestSql}
    SELECT b.id AS attemptId, b.user_id AS userId, b.marks, b.correct, b.seconds,
           (SELECT COUNT(aa.chosen_index) FROM attempt_answers aa WHERE aa.attempt_id = b.id) AS answered
    FROM best b WHERE b.rn = 1`);
  const sections = db().all<SectionRow>(sql`${bestSql}
    SELECT b.id AS attemptId, q.section AS section,
           SUM(CASE WHEN ${rightAnswerSql()} THEN COALESCE(q.marks, t.marks_per_correct) ELSE 0 END)
             - t.negative_marks * SUM(aa.chosen_index IS NOT NULL AND NOT ${rightAnswerSql()}) AS marks,
           SUM(${rightAnswerSql()}) AS correct, COUNT(aa.chosen_index) AS answered, COALESCE(SUM(aa.seconds), 0) AS seconds
    FROM best b
    JOIN tests t ON t.id = ${testId}
    JOIN questions q ON q.test_id = t.id AND q.version = b.test_version AND q.dropped = 0 AND q.section IS NOT NULL
    LEFT JOIN attempt_answers aa ON aa.attempt_id = b.id AND aa.question_id = q.id
    WHERE b.rn = 1
    GROUP BY b.id, q.section
    ORDER BY MIN(q.position)`);
  return { best, sections: sections.map((s) => ({ ...s, correct: s.correct ?? 0, marks: s.marks ?? 0 })) };
}

/** The comparison for one student (null when they have no finished attempt, or nobody has). */
export function comparisonFor(testId: string, userId: string, now = Date.now()) {
  const cohort = cohortKept.getOrLoad(testId, () => loadCohort(testId), now);
  return comparisonOf(cohort.best, cohort.sections, userId);
}
