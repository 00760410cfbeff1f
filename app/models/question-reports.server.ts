import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { questionReports } from "~/db/schema.server";
import type { ReportKind } from "~/lib/schemas/report-schemas";
import { newId } from "~/lib/server/ids.server";
import { releasedToStudent } from "~/models/results.server";
import type { ReportTarget } from "~/lib/rules/question-report";
import { reportAnswerMail } from "~/lib/rules/mail-messages";
import { enqueueMail } from "~/models/outbox.server";

/**
 * Reports of questions by students (a wrong key, a mistake in the question or its options, something else), the
 * admin's queue of them (one row per question, newest first) and the academy's answer, which the students who
 * reported read on their dashboard.
 */
export const ALREADY_REPORTED = "You have already reported this question. The academy will answer on your dashboard.";

/**
 * The question a student may report: one of a version they finished an attempt on, of a test whose answers are
 * released to them (the key they would dispute is shown). Null otherwise.
 */
export function reportableQuestion(userId: string, target: ReportTarget) {
  const row = db().get<{ title: string; position: number; question: string; options: string }>(sql`
    SELECT t.title, q.position, q.question, q.options FROM questions q JOIN tests t ON t.id = q.test_id
    WHERE q.test_id = ${target.testId} AND q.version = ${target.version} AND q.id = ${target.questionId}
      AND EXISTS (SELECT 1 FROM attempts a WHERE a.user_id = ${userId} AND a.test_id = q.test_id AND a.test_version = q.version
                  AND a.status IN ('submitted', 'expired'))`);
  if (!row || !releasedToStudent(userId)(target.testId)) return null;
  const mine = db().get<{ kind: string; createdAt: number; resolution: string | null }>(sql`
    SELECT kind, created_at AS createdAt, resolution FROM question_reports
    WHERE user_id = ${userId} AND test_id = ${target.testId} AND question_id = ${target.questionId}`);
  return { testTitle: row.title, n: row.position + 1, question: row.question, options: JSON.parse(row.options) as string[], mine: mine ?? null };
}

export function reportQuestion(userId: string, target: ReportTarget, kind: ReportKind, note: string): { ok: true } | { ok: false; message: string } {
  const inserted = db()
    .insert(questionReports)
    .values({ id: newId(), userId, testId: target.testId, version: target.version, questionId: target.questionId, kind, note, createdAt: new Date() })
    .onConflictDoNothing()
    .run();
  return inserted.changes === 1 ? { ok: true } : { ok: false, message: ALREADY_REPORTED };
}

export const REPORTS_PAGE = 20;
export type ReportQueueQuery = { status: "open" | "resolved"; page: number };

export function parseReportQueueQuery(url: URL): ReportQueueQuery {
  return {
    status: url.searchParams.get("status") === "resolved" ? "resolved" : "open",
    page: Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1)),
  };
}

type QueueRow = {
  testId: string;
  questionId: string;
  version: number;
  title: string;
  position: number | null;
  question: string | null;
  reports: number;
  wrongKey: number;
  mistake: number;
  other: number;
  newest: number;
  notes: string | null;
  resolution: string | null;
  resolvedAt: number | null;
};

/** The queue: one row per reported question (open or answered), the most recently reported first, with the counts per kind. */
export function reportQueue(query: ReportQueueQuery) {
  const open = query.status === "open";
  const where = open ? sql`r.resolved_at IS NULL` : sql`r.resolved_at IS NOT NULL`;
  const total =
    db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM question_reports r WHERE ${where} GROUP BY r.test_id, r.question_id)`)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / REPORTS_PAGE));
  const page = Math.min(query.page, pages);
  const rows = db().all<QueueRow>(sql`
    SELECT g.*, t.title, q.position, q.question
    FROM (
      SELECT r.test_id AS testId, r.question_id AS questionId, MAX(r.version) AS version, COUNT(*) AS reports,
             SUM(r.kind = 'wrong-key') AS wrongKey, SUM(r.kind = 'mistake') AS mistake, SUM(r.kind = 'other') AS other,
             MAX(r.created_at) AS newest, MAX(r.resolution) AS resolution, MAX(r.resolved_at) AS resolvedAt,
             json_group_array(CASE WHEN r.note <> '' THEN r.note END) AS notes
      FROM question_reports r WHERE ${where}
      GROUP BY r.test_id, r.question_id
    ) g
    JOIN tests t ON t.id = g.testId
    LEFT JOIN questions q ON q.test_id = g.testId AND q.id = g.questionId AND q.version = g.version
    ORDER BY g.newest DESC
    LIMIT ${REPORTS_PAGE} OFFSET ${(page - 1) * REPORTS_PAGE}`);
  return {
    query: { ...query, page },
    total,
    page,
    pages,
    openCount: open ? total : openReportCount(),
    rows: rows.map((r) => ({
      ...r,
      n: r.position === null ? null : r.position + 1,
      notes: (JSON.parse(r.notes ?? "[]") as Array<string | null>).filter((n): n is string => Boolean(n)).slice(0, 5),
    })),
  };
}

export function openReportCount(): number {
  return (
    db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM (SELECT 1 FROM question_reports WHERE resolved_at IS NULL GROUP BY test_id, question_id)`)?.n ?? 0
  );
}

/** Answers every open report of a question; returns the students who reported it (to tell them). */
export function resolveReports(testId: string, questionId: string, resolution: string, now = new Date()): string[] {
  return db()
    .all<{ userId: string }>(sql`
      UPDATE question_reports SET resolved_at = ${+now}, resolution = ${resolution}, seen_at = NULL
      WHERE test_id = ${testId} AND question_id = ${questionId} AND resolved_at IS NULL
      RETURNING user_id AS userId`)
    .map((r) => r.userId);
}

/** The academy's answers to a student's reports that they have not closed yet (their dashboard). */
export function answeredReportsFor(userId: string, limit = 5) {
  return db()
    .all<{ id: string; title: string; position: number | null; resolution: string; resolvedAt: number }>(sql`
      SELECT r.id, t.title, (SELECT q.position FROM questions q WHERE q.test_id = r.test_id AND q.id = r.question_id AND q.version = r.version) AS position,
             r.resolution, r.resolved_at AS resolvedAt
      FROM question_reports r JOIN tests t ON t.id = r.test_id
      WHERE r.user_id = ${userId} AND r.resolved_at IS NOT NULL AND r.seen_at IS NULL
      ORDER BY r.resolved_at DESC LIMIT ${limit}`)
    .map((r) => ({ ...r, n: r.position === null ? null : r.position + 1 }));
}

export function closeReportAnswer(userId: string, reportId: string): boolean {
  return (
    db().run(sql`UPDATE question_reports SET seen_at = ${Date.now()} WHERE id = ${reportId} AND user_id = ${userId} AND resolved_at IS NOT NULL`).changes === 1
  );
}

/** E-mails the academy's answer to the students who reported the question (those with an address); returns how many. */
export function emailReportAnswers(testId: string, questionId: string, userIds: string[], resolution: string, siteUrl: string): number {
  if (!userIds.length) return 0;
  const about = db().get<{ title: string; position: number | null }>(sql`
    SELECT t.title, (SELECT q.position FROM questions q WHERE q.test_id = t.id AND q.id = ${questionId} AND q.version = t.current_version) AS position
    FROM tests t WHERE t.id = ${testId}`);
  if (!about) return 0;
  const people = db().all<{ name: string; email: string }>(
    sql`SELECT name, email FROM users WHERE email IS NOT NULL AND id IN (${sql.join(
      userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const n = about.position === null ? null : about.position + 1;
  return enqueueMail(
    "report-answer",
    people.map((p) => ({ to: p.email, ...reportAnswerMail(p.name, about.title, n, resolution, siteUrl) })),
  );
}
