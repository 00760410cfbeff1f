import { sql } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import { strToU8, zipSync } from "fflate";
import { db } from "~/db/db.server";
import { neutraliseFormula } from "~/lib/rules/csv-cells";
import { percent } from "~/lib/rules/score-display";
import { formatDateTime } from "~/lib/rules/time";
import { rankList } from "~/lib/rules/standing";
import { inBatchSql } from "./batches.server";
import { interventionsOf } from "./live-room.server";
import { type Collection, COLLECTIONS, collectionCsv } from "./backup.server";

/**
 * Reports for people (spreadsheets and print), as opposed to the backup: names, titles, percentages and
 * times in the academy's time zone. Every cell passes through neutraliseFormula.
 */
export const csv = (header: string[], rows: unknown[][]) => `\uFEFF${stringify([header, ...rows.map((r) => r.map(neutraliseFormula))])}`;

const minutes = (seconds: number | null) => (seconds === null ? "" : (seconds / 60).toFixed(1));

/** Every finished or running attempt with the student's name and e-mail and the test's title. */
export function attemptsReportCsv(timeZone: string): string {
  const rows = db().all<{
    id: string;
    name: string;
    email: string;
    title: string;
    version: number;
    status: string;
    score: number | null;
    total: number;
    marks: number | null;
    maxMarks: number | null;
    timeSpent: number | null;
    startedAt: number;
    completedAt: number | null;
  }>(sql`
    SELECT a.id, a.user_id AS student, u.name, coalesce(u.email, u.roll_number) AS email, t.title, a.test_version AS version, a.status, a.score, a.total_questions AS total,
           ROUND(a.marks, 2) AS marks, ROUND(a.max_marks, 2) AS maxMarks, a.time_spent AS timeSpent, a.started_at AS startedAt, a.completed_at AS completedAt
    FROM attempts a JOIN users u ON u.id = a.user_id JOIN tests t ON t.id = a.test_id
    ORDER BY a.started_at`);
  return csv(
    // score = right answers; marks and max_marks only for a test with an exam pattern, whose percent is of its marks
    [
      "attempt_id",
      "student",
      "email",
      "test",
      "test_version",
      "status",
      "score",
      "total_questions",
      "marks",
      "max_marks",
      "percent",
      "minutes_spent",
      "started",
      "finished",
    ],
    rows.map((r) => [
      r.id,
      r.name,
      r.email,
      r.title,
      r.version,
      r.status,
      r.score ?? "",
      r.total,
      r.marks ?? "",
      r.maxMarks ?? "",
      r.score === null ? "" : percent(r.marks ?? r.score, r.maxMarks ?? r.total),
      minutes(r.timeSpent),
      formatDateTime(r.startedAt, timeZone),
      r.completedAt ? formatDateTime(r.completedAt, timeZone) : "",
    ]),
  );
}

export type MarksRow = {
  /** the student's id (the rank list keeps one attempt each) */
  student: string;
  name: string;
  email: string;
  attemptNumber: number;
  /** right answers out of the questions that count */
  score: number;
  total: number;
  /** the marked score and its maximum when the test has an exam pattern, else null */
  marks: number | null;
  maxMarks: number | null;
  /** of the marks when there are any */
  percent: number;
  timeSpent: number | null;
  completedAt: number;
  regraded: boolean;
  /** what the academy did to the attempt (more time, Submit now): app/lib/rules/live-room.ts, "" when nothing */
  interventions: string;
};

/** The marks register of a test: every finished attempt, by student then attempt number. */
export function marksRegister(testId: string, batchId = ""): { title: string; rows: MarksRow[] } | null {
  const test = db().get<{ title: string }>(sql`SELECT title FROM tests WHERE id = ${testId}`);
  if (!test) return null;
  const rows = db().all<{
    id: string;
    student: string;
    name: string;
    email: string;
    attemptNumber: number;
    score: number;
    total: number;
    marks: number | null;
    maxMarks: number | null;
    timeSpent: number | null;
    completedAt: number;
    regradedAt: number | null;
  }>(sql`
    SELECT a.id, a.user_id AS student, u.name, coalesce(u.email, u.roll_number) AS email,
           ROW_NUMBER() OVER (PARTITION BY a.user_id ORDER BY a.started_at) AS attemptNumber,
           COALESCE(a.score, 0) AS score, a.total_questions AS total, ROUND(a.marks, 2) AS marks, ROUND(a.max_marks, 2) AS maxMarks,
           a.time_spent AS timeSpent, a.completed_at AS completedAt,
           a.regraded_at AS regradedAt
    FROM attempts a JOIN users u ON u.id = a.user_id
    WHERE a.test_id = ${testId} AND a.status IN ('submitted','expired') ${batchId ? sql`AND ${inBatchSql(batchId, sql`a.user_id`)}` : sql``}
    ORDER BY u.name COLLATE NOCASE, coalesce(u.email, u.roll_number), a.started_at`);
  const interventions = interventionsOf(rows.map((r) => r.id));
  return {
    title: test.title,
    rows: rows.map(({ id, ...r }) => ({
      ...r,
      percent: percent(r.marks ?? r.score, r.maxMarks ?? r.total),
      regraded: r.regradedAt !== null,
      interventions: interventions.get(id) ?? "",
    })),
  };
}

export type RankRow = MarksRow & { rank: number; percentile: number };

/** The rank list of a register: each student's best attempt, best first, with rank and percentile (app/lib/rules/standing.ts). */
export function rankListOf(register: { rows: MarksRow[] }): RankRow[] {
  return rankList(register.rows.map((r) => ({ ...r, fraction: (r.marks ?? r.score) / Math.max(1e-9, r.maxMarks ?? r.total) }))).map(
    ({ fraction: _f, ...r }) => r,
  );
}

/** The columns of an attempt shared by the marks register's CSV and the rank list's. */
const ATTEMPT_COLUMNS = ["student", "email", "attempt", "score", "total_questions", "marks", "max_marks", "percent", "minutes_spent", "finished"];

function attemptCells(r: MarksRow, timeZone: string) {
  return [
    r.name,
    r.email,
    r.attemptNumber,
    r.score,
    r.total,
    r.marks ?? "",
    r.maxMarks ?? "",
    r.percent,
    minutes(r.timeSpent),
    formatDateTime(r.completedAt, timeZone),
  ];
}

export function rankListCsv(rows: RankRow[], timeZone: string): string {
  return csv(
    ["rank", "percentile", ...ATTEMPT_COLUMNS],
    rows.map((r) => [r.rank, r.percentile, ...attemptCells(r, timeZone)]),
  );
}

export function marksRegisterCsv(register: { rows: MarksRow[] }, timeZone: string): string {
  return csv(
    [...ATTEMPT_COLUMNS, "regraded", "academy_actions"],
    register.rows.map((r) => [...attemptCells(r, timeZone), r.regraded ? "yes" : "", r.interventions]),
  );
}

/** One collection as CSV for a spreadsheet: the attempts and the users as readable reports, the others as stored. */
export function collectionReportCsv(name: Collection, timeZone: string): string {
  if (name === "attempts") return attemptsReportCsv(timeZone);
  if (name === "users") return usersReportCsv(timeZone);
  return `\uFEFF${collectionCsv(name)}`;
}

/** The users as a readable list: how each signs in (e-mail, roll number or phone), their exam types and batches. */
export function usersReportCsv(timeZone: string): string {
  const rows = db().all<{
    name: string;
    email: string | null;
    rollNumber: string | null;
    role: string;
    status: string;
    types: string | null;
    batches: string | null;
    joinDate: number;
    lastLogin: number | null;
  }>(sql`
    SELECT u.name, u.email, u.roll_number AS rollNumber, u.role, u.status, u.join_date AS joinDate, u.last_login AS lastLogin,
           (SELECT group_concat(exam_type, '; ') FROM (SELECT exam_type FROM user_exam_types WHERE user_id = u.id ORDER BY exam_type)) AS types,
           (SELECT group_concat(name, '; ') FROM (SELECT b.name FROM batch_members m JOIN batches b ON b.id = m.batch_id WHERE m.user_id = u.id ORDER BY lower(b.name))) AS batches
    FROM users u ORDER BY u.role, lower(u.name)`);
  return csv(
    ["name", "email", "roll_number_or_phone", "role", "status", "exam_types", "batches", "joined", "last_login"],
    rows.map((r) => [
      r.name,
      r.email ?? "",
      r.rollNumber ?? "",
      r.role === "admin" ? "admin" : "student",
      r.status,
      r.types ?? "",
      r.batches ?? "",
      formatDateTime(r.joinDate, timeZone),
      r.lastLogin ? formatDateTime(r.lastLogin, timeZone) : "",
    ]),
  );
}

/** Every collection as CSV, one file each, in one zip. */
export function allCollectionsZip(timeZone: string, date: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const name of COLLECTIONS as readonly Collection[]) files[`academy-${name}-${date}.csv`] = strToU8(collectionReportCsv(name, timeZone));
  return zipSync(files, { level: 6 });
}
