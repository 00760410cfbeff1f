import { sql } from "drizzle-orm";

/**
 * An attempt's score and its maximum in SQL, for every figure that compares attempts (percentages, ranks,
 * colours, bands, leaderboards, averages). A test with an exam pattern stores the marked score in
 * `attempts.marks` / `max_marks`; a test without one leaves them null and is counted as the specification
 * says, right answers out of the questions (app/lib/rules/exam-pattern.ts).
 *
 * `alias` is the attempts table's alias in the query ("" when it has none).
 */
function column(alias: string, name: string) {
  return alias ? `${alias}.${name}` : name;
}

/** The marked score: marks under the pattern, or the count of right answers (rounded to 2 places for showing). */
export const markedScoreSql = (alias = "a") => sql.raw(`ROUND(COALESCE(${column(alias, "marks")}, ${column(alias, "score")}), 2)`);

/** The most an attempt could have scored. */
export const maxMarksSql = (alias = "a") => sql.raw(`ROUND(COALESCE(${column(alias, "max_marks")}, ${column(alias, "total_questions")}), 2)`);

/** The marked score as a fraction of 1 (null when there is nothing to score): ranks compare these. */
export const markedFractionSql = (alias = "a") =>
  sql.raw(
    `CAST(COALESCE(${column(alias, "marks")}, ${column(alias, "score")}) AS REAL) / NULLIF(COALESCE(${column(alias, "max_marks")}, ${column(alias, "total_questions")}), 0)`,
  );

/** The marked score in percent (not rounded). */
export const markedPercentSql = (alias = "a") => sql`(${markedFractionSql(alias)} * 100)`;

/**
 * SQL: the answer `chosen` is right for question `q` (aliases): the key, an option a key dispute accepted, or any
 * answer at all of a question whose marks everyone gets (app/models/disputes.server.ts).
 */
export const rightAnswerSql = (q = "q", chosen = "aa.chosen_index") =>
  sql.raw(`(${q}.bonus = 1 OR ${chosen} = ${q}.correct_answer OR (${q}.accepted IS NOT NULL AND ${chosen} IN (SELECT value FROM json_each(${q}.accepted))))`);
