import { availabilityOf, closingMessage, windowMessage } from "~/lib/rules/availability";
import { env } from "~/lib/server/env.server";
import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/db.server";
import { allowance, GRACE_MS, limitReachedLabel } from "~/lib/rules/exam-rules";
import { percent } from "~/lib/rules/score-display";
import { examTypeLabels, labelOf } from "./exam-type.server";
import { batchVisibleSql, myBatchRowsOfTests } from "./batches.server";
import { notScoreHeldSql, scoreHeldTestIds } from "./results.server";
import { batchMaterialsFor } from "./landing.server";
import { testForBatches } from "~/lib/rules/batches";
import { markedPercentSql, markedScoreSql, maxMarksSql } from "./marked-score.server";
import { likePattern } from "~/lib/rules/search";
import type { SessionUser } from "./user.server";
import { answeredReportsFor } from "./question-reports.server";
import { academyContact } from "./academy-settings.server";

const FINISHED_SQL = sql.raw(`('submitted','expired')`);

function inList(values: string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
}

/** Announcements a user may see now (active, published, audience), newest first; `leaveOut`: ids the student dismissed. */
export function visibleAnnouncementsFor(user: Pick<SessionUser, "id" | "assignedExamTypes">, limit: number | null, now = Date.now(), leaveOut: string[] = []) {
  const types = user.assignedExamTypes.length ? user.assignedExamTypes : ["\u0000none"];
  const where = sql`a.is_active = 1 AND (a.scheduled_for IS NULL OR a.scheduled_for <= ${now})
    AND (a.target_type = 'all'
      OR (a.target_type = 'examType' AND EXISTS (SELECT 1 FROM announcement_exam_types t WHERE t.announcement_id = a.id AND t.exam_type IN (${inList(types)})))
      OR (a.target_type = 'specific' AND EXISTS (SELECT 1 FROM announcement_users u WHERE u.announcement_id = a.id AND u.user_id = ${user.id}))
      OR (a.target_type = 'batch' AND EXISTS (SELECT 1 FROM announcement_batches ab JOIN batch_members bm ON bm.batch_id = ab.batch_id
                                             WHERE ab.announcement_id = a.id AND bm.user_id = ${user.id})))
      ${leaveOut.length ? sql`AND a.id NOT IN (${inList(leaveOut)})` : sql``}`;
  // one query: the window count is taken over every visible announcement, before the LIMIT
  const rows = db().all<{ id: string; title: string; content: string; type: string; imageUrl: string | null; createdAt: number; total: number }>(
    sql`SELECT a.id, a.title, a.content, a.type, a.image_url AS imageUrl, COALESCE(a.scheduled_for, a.created_at) AS createdAt,
               COUNT(*) OVER () AS total
        FROM announcements a WHERE ${where} ORDER BY COALESCE(a.scheduled_for, a.created_at) DESC ${limit ? sql`LIMIT ${limit}` : sql``}`,
  );
  return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...item }) => item) };
}

export type DashboardQuery = { type: string | null; unit: string | null; q: string; allAnnouncements: boolean; dismissed: string[] };

export function parseDashboardQuery(url: URL): DashboardQuery {
  return {
    type: url.searchParams.get("type"),
    unit: url.searchParams.get("unit"),
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    allAnnouncements: url.searchParams.get("announcements") === "all",
    dismissed: [],
  };
}

/** Everything the student dashboard shows, computed with SQL aggregates over indexed columns. */
export function loadDashboard(user: SessionUser, query: DashboardQuery) {
  const labels = examTypeLabels();
  const types = user.assignedExamTypes.filter((t) => t !== "CUSTOM");
  // the panel leaves out what the student dismissed; "All announcements" lists everything
  const announcements = visibleAnnouncementsFor(user, query.allAnnouncements ? null : 3, Date.now(), query.allAnnouncements ? [] : query.dismissed);
  const everyAnnouncement = query.dismissed.length && !query.allAnnouncements ? visibleAnnouncementsFor(user, 1).total : announcements.total;

  // a live mock's score is held back with its key when it allows more than one attempt (results.server.ts)
  const held = scoreHeldTestIds(user.id);
  // the tiles: tests available to the student, and their finished attempts
  const stats = db().get<{ available: number; taken: number; avg: number | null; best: number | null }>(sql`
    SELECT ${types.length ? sql`(SELECT COUNT(*) FROM tests WHERE is_active = 1 AND exam_type IN (${inList(types)}) AND ${batchVisibleSql(user.id, "tests")})` : sql`0`} AS available,
           COUNT(DISTINCT test_id) AS taken,
           AVG(${markedPercentSql("")}) AS avg,
           MAX(${markedPercentSql("")}) AS best
    FROM attempts WHERE user_id = ${user.id} AND status IN ${FINISHED_SQL} AND ${notScoreHeldSql(held, sql.raw("test_id"))}`);

  const base = {
    name: user.name,
    // "Welcome back" for a student who has finished a test or joined before today; a new one is welcomed
    returning: (stats?.taken ?? 0) > 0 || joinedBefore(user.id, Date.now() - 86_400_000),
    hasTypes: types.length > 0,
    stats: {
      available: stats?.available ?? 0,
      taken: stats?.taken ?? 0,
      average: stats?.avg === null || stats?.avg === undefined ? 0 : Math.round(stats.avg),
      best: stats?.best === null || stats?.best === undefined ? 0 : Math.round(stats.best),
    },
    announcements: { total: announcements.total, items: announcements.items, showingAll: query.allAnnouncements, all: everyAnnouncement },
    running: runningAttempts(user.id),
    /** the academy's answers to the student's question reports, until they close them */
    reportAnswers: answeredReportsFor(user.id),
    /** whom a student with no exam yet asks (Admin → Academy settings) */
    contact: types.length ? null : academyContact(),
  };

  const type = query.type && types.includes(query.type) ? query.type : null;
  if (!type) {
    return {
      ...base,
      level: "categories" as const,
      categories: categoriesOf(user, types, labels, held),
      recent: recentResults(user.id, held),
      batchMaterials: batchMaterialsFor(user.id),
    };
  }
  const typeLabel = labelOf(labels, type);
  if (query.unit === null) {
    return { ...base, level: "units" as const, type, typeLabel, units: unitsOf(user, type, held) };
  }
  const unitNumber = query.unit === "general" ? null : Number.parseInt(query.unit, 10);
  if (unitNumber !== null && !Number.isFinite(unitNumber)) {
    return { ...base, level: "units" as const, type, typeLabel, units: unitsOf(user, type, held) };
  }
  const list = testsOf(user, type, unitNumber, query.q, labels, held);
  const unitName = unitNumber === null ? "General Tests" : (list.unitName ?? `Unit ${unitNumber}`);
  return {
    ...base,
    level: "tests" as const,
    type,
    typeLabel,
    unit: query.unit,
    unitNumber,
    unitName,
    q: query.q,
    tests: list.tests,
    totalInUnit: list.totalInUnit,
  };
}

/**
 * The student's attempts still running (inside their deadline and its grace): shown first on every
 * level of the dashboard, with the time left and Resume, and how many questions are answered.
 */
function runningAttempts(userId: string, now = Date.now()) {
  return db().all<{ testId: string; title: string; deadlineAt: number; answered: number; total: number }>(sql`
    SELECT a.test_id AS testId, t.title AS title, a.deadline_at AS deadlineAt, a.total_questions AS total,
           (SELECT COUNT(*) FROM attempt_answers aa WHERE aa.attempt_id = a.id AND aa.chosen_index IS NOT NULL) AS answered
    FROM attempts a JOIN tests t ON t.id = a.test_id
    WHERE a.user_id = ${userId} AND a.status = 'in_progress' AND a.deadline_at > ${now - GRACE_MS}
    ORDER BY a.deadline_at`);
}

/**
 * The student's finished attempts on the active tests of the given types, aggregated per `group`
 * (exam type or unit): tests attempted and the average percentage over those attempts. Read from the
 * covering index attempts_stats_idx (a few dozen rows per student).
 */
function myProgressBy(userId: string, group: SQL, testsWhere: SQL) {
  return db().all<{ g: string | number | null; attempted: number; avg: number | null }>(sql`
    SELECT ${group} AS g, COUNT(DISTINCT a.test_id) AS attempted,
           AVG(${markedPercentSql("a")}) AS avg
    FROM attempts a JOIN tests t ON t.id = a.test_id
    WHERE a.user_id = ${userId} AND a.status IN ${FINISHED_SQL} AND t.is_active = 1 AND ${testsWhere}
    GROUP BY g`);
}

function categoriesOf(user: SessionUser, types: string[], labels: Record<string, string>, held: string[]) {
  if (!types.length) return [];
  const inTypes = sql`t.exam_type IN (${inList(types)})`;
  // test and unit counts from the covering index on tests; the student's part from their attempts
  const counts = db().all<{ examType: string; tests: number; units: number }>(sql`
    SELECT t.exam_type AS examType, COUNT(*) AS tests, COUNT(DISTINCT t.unit_number) AS units
    FROM tests t WHERE t.is_active = 1 AND ${inTypes} AND ${batchVisibleSql(user.id)} GROUP BY t.exam_type`);
  const countsByType = new Map(counts.map((r) => [r.examType, r]));
  const mine = new Map(myProgressBy(user.id, sql`t.exam_type`, sql`${inTypes} AND ${notScoreHeldSql(held, sql.raw("a.test_id"))}`).map((r) => [r.g, r]));
  return types.map((value) => {
    const r = countsByType.get(value);
    const m = mine.get(value);
    return {
      value,
      label: labelOf(labels, value),
      tests: r?.tests ?? 0,
      units: r?.units ?? 0,
      attempted: m?.attempted ?? 0,
      average: m?.avg === null || m?.avg === undefined ? null : Math.round(m.avg),
    };
  });
}

function unitsOf(user: SessionUser, type: string, held: string[]) {
  const rows = db().all<{ unitNumber: number | null; unitName: string | null; tests: number }>(sql`
    SELECT t.unit_number AS unitNumber, MAX(t.unit_name) AS unitName, COUNT(*) AS tests
    FROM tests t WHERE t.is_active = 1 AND t.exam_type = ${type} AND ${batchVisibleSql(user.id)}
    GROUP BY t.unit_number ORDER BY t.unit_number IS NULL, t.unit_number`);
  const mine = new Map(
    myProgressBy(user.id, sql`t.unit_number`, sql`t.exam_type = ${type} AND ${notScoreHeldSql(held, sql.raw("a.test_id"))}`).map((r) => [r.g, r]),
  );
  return rows.map((r) => {
    const m = mine.get(r.unitNumber);
    return {
      key: r.unitNumber === null ? "general" : String(r.unitNumber),
      unitNumber: r.unitNumber,
      unitName: r.unitNumber === null ? "General Tests" : (r.unitName ?? `Unit ${r.unitNumber}`),
      tests: r.tests,
      attempted: m?.attempted ?? 0,
      average: m?.avg === null || m?.avg === undefined ? null : Math.round(m.avg),
    };
  });
}

function testsOf(user: SessionUser, type: string, unitNumber: number | null, q: string, labels: Record<string, string>, held: string[]) {
  const unitWhere = unitNumber === null ? sql`t.unit_number IS NULL` : sql`t.unit_number = ${unitNumber}`;
  const totalInUnit = db().get<{ n: number; unitName: string | null }>(
    sql`SELECT COUNT(*) AS n, MAX(t.unit_name) AS unitName FROM tests t WHERE t.is_active = 1 AND t.exam_type = ${type} AND ${unitWhere} AND ${batchVisibleSql(user.id)}`,
  );
  return {
    totalInUnit: totalInUnit?.n ?? 0,
    unitName: totalInUnit?.unitName ?? null,
    tests: studentTestCards(user, sql`t.exam_type = ${type} AND ${unitWhere}`, q, labels, held),
  };
}

/**
 * The cards of the tests in `scope` (SQL on the tests row `t`) that the student may see (active, given to them or
 * to everyone), matching `q` in the title, description or unit name: each with its attempts, best and last score,
 * window (the student's own, their batch's or the test's) and what its button says. The dashboard's unit and
 * All my tests (/tests) both show these.
 */
export function studentTestCards(user: SessionUser, scope: SQL, q: string, labels: Record<string, string>, held: string[], now = Date.now()) {
  const searchWhere = q
    ? sql`AND (lower(t.title) LIKE ${likePattern(q)} ESCAPE '\\' OR lower(t.description) LIKE ${likePattern(q)} ESCAPE '\\'
               OR lower(coalesce(t.unit_name, '')) LIKE ${likePattern(q)} ESCAPE '\\')`
    : sql``;
  const rows = db().all<{
    id: string;
    title: string;
    description: string;
    examType: string;
    unitNumber: number | null;
    unitName: string | null;
    duration: number;
    totalQuestions: number;
    maxAttempts: number | null;
    used: number;
    best: number | null;
    /** the latest finished attempt's marked percent */
    last: number | null;
    perTest: number | null;
    /** the student's accommodation's extra attempts on this test (null: none) */
    extraAttempts: number | null;
    /** the student's personal window on this test, if any */
    personalOpensAt: number | null;
    personalClosesAt: number | null;
    /** null: none running; 1: running; 2: its time is over (closed by the next request) */
    open: number | null;
    opensAt: number | null;
    closesAt: number | null;
  }>(sql`
    SELECT t.id, t.title, t.description, t.exam_type AS examType, t.unit_number AS unitNumber, t.unit_name AS unitName,
           t.duration, t.total_questions AS totalQuestions, t.max_attempts AS maxAttempts, t.opens_at AS opensAt, t.closes_at AS closesAt,
           COALESCE(s.used, 0) AS used, s.best AS best, l.max_attempts AS perTest,
           (SELECT ${markedPercentSql("")} FROM attempts WHERE user_id = ${user.id} AND test_id = t.id AND status IN ${FINISHED_SQL}
             ORDER BY completed_at DESC LIMIT 1) AS last,
           (SELECT ac.extra_attempts FROM accommodations ac WHERE ac.user_id = ${user.id} AND (ac.test_id = t.id OR ac.test_id IS NULL)
             ORDER BY ac.test_id IS NULL LIMIT 1) AS extraAttempts,
           (SELECT ac.opens_at FROM accommodations ac WHERE ac.user_id = ${user.id} AND ac.test_id = t.id) AS personalOpensAt,
           (SELECT ac.closes_at FROM accommodations ac WHERE ac.user_id = ${user.id} AND ac.test_id = t.id) AS personalClosesAt,
           (SELECT CASE WHEN o.deadline_at + ${GRACE_MS} > ${now} THEN 1 ELSE 2 END FROM attempts o
            WHERE o.user_id = ${user.id} AND o.test_id = t.id AND o.status = 'in_progress') AS open
    FROM tests t
    LEFT JOIN (
      SELECT test_id, COUNT(*) AS used, MAX(${markedPercentSql("")}) AS best
      FROM attempts WHERE user_id = ${user.id} AND status IN ${FINISHED_SQL} GROUP BY test_id
    ) s ON s.test_id = t.id
    LEFT JOIN user_test_limits l ON l.user_id = ${user.id} AND l.test_id = t.id
    WHERE t.is_active = 1 AND ${scope} AND ${batchVisibleSql(user.id)} ${searchWhere}
    ORDER BY t.created_at ASC, t.title ASC`);
  // a test given to the student's batches opens and closes when their batch's window says
  const batchRows = myBatchRowsOfTests(
    user.id,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const allow = allowance({
      maxAttempts: r.maxAttempts,
      globalTestLimit: user.globalTestLimit,
      perTestLimit: r.perTest,
      extraAttempts: r.extraAttempts ?? 0,
      used: r.used,
    });
    // a scheduled test: "Opens on …" before its window, "Closed on …" after it
    // (the student's personal window, when the academy gave one, in its place)
    const forBatch = testForBatches({ opensAt: r.opensAt, closesAt: r.closesAt, answerRelease: null }, batchRows.get(r.id) ?? []);
    const window = {
      opensAt: r.personalOpensAt ?? forBatch.opensAt,
      closesAt: r.personalClosesAt ?? forBatch.closesAt,
    };
    const availability = availabilityOf(window, now);
    const windowNote = windowMessage(window, availability, env().ACADEMY_TIME_ZONE);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      examType: labelOf(labels, r.examType),
      unitNumber: r.unitNumber,
      unitName: r.unitName,
      duration: r.duration,
      totalQuestions: r.totalQuestions,
      attempts: r.used,
      best: r.best === null || held.includes(r.id) ? null : Math.round(r.best),
      last: r.last === null || held.includes(r.id) ? null : Math.round(r.last),
      availability,
      opensAt: window.opensAt,
      closesAt: window.closesAt,
      /** "Closes on …" while an open test's window runs */
      closesNote: r.open === 1 ? null : closingMessage(window, availability, env().ACADEMY_TIME_ZONE),
      remaining: allow.remaining,
      allowed: (allow.allowed && availability === "open") || r.open === 1,
      windowNote: r.open === 1 ? null : windowNote,
      /** the disabled button's words when the attempts are used up: which limit (app/lib/rules/exam-rules.ts) */
      limitNote: limitReachedLabel(allow),
      inProgress: r.open === 1,
      /** an attempt whose time ran out and whose result opens on the next visit */
      timeUp: r.open === 2,
    };
  });
}

function recentResults(userId: string, held: string[]) {
  return db()
    .all<{ id: string; testId: string; title: string; score: number; total: number; completedAt: number }>(sql`
      SELECT a.id, a.test_id AS testId, t.title, ${markedScoreSql("a")} AS score, ${maxMarksSql("a")} AS total, a.completed_at AS completedAt
      FROM attempts a JOIN tests t ON t.id = a.test_id
      WHERE a.user_id = ${userId} AND a.status IN ${FINISHED_SQL} AND ${notScoreHeldSql(held, sql.raw("a.test_id"))}
      ORDER BY a.completed_at DESC LIMIT 5`)
    .map((r) => ({ ...r, percent: percent(r.score, r.total) }));
}

function joinedBefore(userId: string, time: number): boolean {
  return (db().get<{ joined: number }>(sql`SELECT join_date AS joined FROM users WHERE id = ${userId}`)?.joined ?? 0) < time;
}

/** The dashboard page: everything loadDashboard gives, with the time it was read and the academy's time zone. */
export function dashboardPage(user: SessionUser, query: DashboardQuery, now = Date.now()) {
  return { ...loadDashboard(user, query), now, timeZone: env().ACADEMY_TIME_ZONE };
}
