import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { pageParam } from "~/lib/schemas/forms";
import { likePattern } from "~/lib/rules/search";
import { newId } from "~/lib/server/ids.server";
import { fromZonedInput } from "~/lib/rules/zoned-input";

/**
 * The admin activity log (/admin/activity): one row per change that matters later, with the admin who made it.
 * Routes call logActivity after the change succeeded (they hold the signed-in admin).
 */
export const ACTIVITY_ACTIONS = {
  "test-upload": "Uploaded a test",
  "tests-upload": "Bulk-uploaded tests",
  "questions-edit": "Edited questions or the answer key",
  "test-edit": "Edited a test's details",
  regrade: "Regraded",
  "test-delete": "Deleted or archived a test",
  "test-restore": "Restored a test",
  "bulk-change": "Changed tests in bulk",
  "students-import": "Imported students",
  "backup-import": "Imported a JSON backup",
  "backup-restore": "Restored a database snapshot",
  "user-create": "Added a user",
  "user-status": "Activated or deactivated a user",
  "user-delete": "Deleted a user",
  "password-reset": "Reset a password",
  accommodation: "Changed an accommodation",
  batch: "Created, renamed or archived a batch",
  "batch-members": "Added or removed batch students",
  "test-batches": "Gave a test to a batch or took it back",
  "bank-tags": "Changed a bank question's tags",
  "bank-edit": "Edited a bank question",
  "bank-delete": "Took a question out of the bank",
  "bank-put-back": "Put a question back in the bank",
  "bank-generate": "Generated a test from the question bank",
  "more-time": "Gave more time in the live room",
  "submit-now": "Submitted a student's attempt",
  "answer-release": "Held or released a test's answers",
  "sign-in-link": "Made a sign-in link",
  "question-reports": "Answered students' reports of a question",
  "live-message": "Sent a message to everyone writing a test",
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export const ACTIVITY_PAGE = 50;

export function logActivity(
  actor: { id: string; name: string },
  action: ActivityAction,
  what: { testId?: string | null; target?: string; detail?: string } = {},
  now = new Date(),
) {
  // (after a restore the admin may not be in the restored database: the name is kept, the link is not)
  // The change itself has succeeded by now: a log that cannot be written is said in the server's log, and the
  // admin's action still answers as done (the database trouble, if any, shows on the next request).
  try {
    db().run(sql`
    INSERT INTO activity_log (id, actor_id, actor_name, action, test_id, target, detail, created_at)
    VALUES (${newId()}, (SELECT id FROM users WHERE id = ${actor.id}), ${actor.name}, ${action}, ${what.testId ?? null},
            ${(what.target ?? "").slice(0, 500)}, ${(what.detail ?? "").slice(0, 2000)}, ${+now})`);
  } catch (error) {
    console.error(`activity log: could not record ${action} by ${actor.name}`, error);
  }
}

export type ActivityFilters = { action: string; actor: string; test: string; about: string; from: string; to: string; page: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function parseActivityFilters(url: URL): ActivityFilters {
  const p = url.searchParams;
  const action = p.get("action") ?? "";
  const day = (v: string | null) => (v && DAY.test(v) ? v : "");
  return {
    action: action in ACTIVITY_ACTIONS ? action : "",
    actor: (p.get("actor") ?? "").trim().slice(0, 100),
    test: (p.get("test") ?? "").trim().slice(0, 100),
    about: (p.get("about") ?? "").trim().slice(0, 100),
    from: day(p.get("from")),
    to: day(p.get("to")),
    page: pageParam(p.get("page")),
  };
}

/**
 * A page of the log, newest first, filtered by action, actor (name contains), test, a student or test named in the
 * event (`about`: its target or detail contains it) and a date range (days in the academy's time zone, both included).
 */
export function listActivity(f: ActivityFilters, timeZone = "Asia/Kolkata") {
  const like = likePattern(f.actor);
  const from = f.from ? fromZonedInput(`${f.from}T00:00`, timeZone) : null;
  const toNext = f.to ? fromZonedInput(`${f.to}T00:00`, timeZone) : null;
  const conditions = [
    ...(f.action ? [sql`action = ${f.action}`] : []),
    ...(f.actor ? [sql`lower(actor_name) LIKE ${like} ESCAPE '\\'`] : []),
    ...(f.test ? [sql`test_id = ${f.test}`] : []),
    ...(f.about ? [sql`(lower(target) LIKE ${likePattern(f.about)} ESCAPE '\\' OR lower(detail) LIKE ${likePattern(f.about)} ESCAPE '\\')`] : []),
    ...(from ? [sql`created_at >= ${+from}`] : []),
    ...(toNext ? [sql`created_at < ${+toNext + 86_400_000}`] : []),
  ];
  const where = conditions.length ? sql.join(conditions, sql` AND `) : sql`1 = 1`;
  const total = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM activity_log WHERE ${where}`)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ACTIVITY_PAGE));
  const page = Math.min(f.page, pages);
  const rows = db().all<{
    id: string;
    actorName: string;
    action: ActivityAction;
    testId: string | null;
    target: string;
    detail: string;
    createdAt: number;
  }>(sql`
    SELECT id, actor_name AS actorName, action, test_id AS testId, target, detail, created_at AS createdAt
    FROM activity_log WHERE ${where} ORDER BY created_at DESC, rowid DESC LIMIT ${ACTIVITY_PAGE} OFFSET ${(page - 1) * ACTIVITY_PAGE}`);
  // a deleted test's title is the one its last event named
  const testTitle = f.test
    ? (db().get<{ title: string }>(sql`SELECT title FROM tests WHERE id = ${f.test}`)?.title ??
      db().get<{ title: string }>(sql`SELECT target AS title FROM activity_log WHERE test_id = ${f.test} AND target <> '' ORDER BY created_at DESC LIMIT 1`)
        ?.title ??
      null)
    : null;
  return { filters: { ...f, page }, total, pages, testTitle, rows: rows.map((r) => ({ ...r, label: ACTIVITY_ACTIONS[r.action] ?? r.action })) };
}
