import { type SQL, sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { Kept } from "~/lib/server/kept.server";
import { pageParam } from "~/lib/schemas/forms";
import { examTypeLabels, labelOf } from "./exam-type.server";
import { markedFractionSql, markedScoreSql, maxMarksSql, rightAnswerSql } from "./marked-score.server";
import { percentOneDecimal, standing } from "~/lib/rules/standing";
import { likePattern } from "~/lib/rules/search";
import { inBatchSql } from "./batches.server";

/**
 * The gradebook (/admin/gradebook): the students of an exam type × its tests, each cell the student's best or
 * latest marked score on the test (app/models/marked-score.server.ts) in percent and marks, with its rank, percentile
 * and, for a paper with sections, the marks in each; a missing attempt shown as such;
 * each student's average over the tests they took, each test's average over every student of the type. One page
 * of students at a time: the cells are one aggregate over those students' attempts (index attempts_user_test_idx).
 */
export const GRADEBOOK_PAGE = 50;

/** tests shown side by side (a page of columns; the averages count every test) */
export const GRADEBOOK_COLUMNS = 25;

export type GradebookQuery = {
  type: string;
  /** a batch's id: only its students, and only the type's tests it may see (given to no batch, or to it) */
  batch: string;
  mode: "best" | "latest";
  sort: "name" | "average";
  q: string;
  page: number;
  cols: number;
};

export function parseGradebookQuery(url: URL, types: readonly string[]): GradebookQuery {
  const p = url.searchParams;
  const type = p.get("type") ?? "";
  return {
    type: types.includes(type) ? type : (types[0] ?? ""),
    batch: (p.get("batch") ?? "").trim().slice(0, 100),
    mode: p.get("mode") === "latest" ? "latest" : "best",
    sort: p.get("sort") === "average" ? "average" : "name",
    q: (p.get("q") ?? "").trim().slice(0, 100),
    page: pageParam(p.get("page")),
    cols: pageParam(p.get("cols")),
  };
}

/** The exam types that have tests (the gradebook's choices). */
export function gradebookTypes(): Array<{ value: string; label: string }> {
  const labels = examTypeLabels();
  return db()
    .all<{ t: string }>(sql`SELECT DISTINCT exam_type AS t FROM tests WHERE archived_at IS NULL ORDER BY exam_type`)
    .map((r) => ({ value: r.t, label: labelOf(labels, r.t) }));
}

const FINISHED = sql.raw(`('submitted','expired')`);

/** SQL: the student in `userColumn` is in the query's batch (true without one). */
function inQueryBatch(query: GradebookQuery, userColumn: string): SQL {
  return query.batch ? inBatchSql(query.batch, sql.raw(userColumn)) : sql`1`;
}

/** Per student and test: the best and the latest marked fraction, and the attempts they belong to. */
function cellsSql(students: SQL, type: string) {
  const f = markedFractionSql("a");
  return sql`
    SELECT user_id AS userId, test_id AS testId,
           MAX(CASE WHEN top = 1 THEN f END) AS best, MAX(CASE WHEN top = 1 THEN id END) AS bestId,
           MAX(CASE WHEN top = 1 THEN m END) AS bestMarks, MAX(CASE WHEN top = 1 THEN mm END) AS bestMax,
           MAX(CASE WHEN newest = 1 THEN f END) AS latest, MAX(CASE WHEN newest = 1 THEN id END) AS latestId,
           MAX(CASE WHEN newest = 1 THEN m END) AS latestMarks, MAX(CASE WHEN newest = 1 THEN mm END) AS latestMax,
           COUNT(*) AS attempts
    FROM (
      SELECT a.id, a.user_id, a.test_id, ${f} AS f, ${markedScoreSql("a")} AS m, ${maxMarksSql("a")} AS mm,
             ROW_NUMBER() OVER (PARTITION BY a.user_id, a.test_id ORDER BY a.completed_at DESC) AS newest,
             ROW_NUMBER() OVER (PARTITION BY a.user_id, a.test_id ORDER BY ${f} DESC, a.completed_at DESC) AS top
      -- CROSS JOIN keeps attempts the outer loop: read by the students' index, not by every test's attempts
      FROM attempts a CROSS JOIN tests t ON t.id = a.test_id
      WHERE a.user_id IN (${students}) AND a.status IN ${FINISHED} AND t.archived_at IS NULL AND t.exam_type = ${type}
    ) GROUP BY user_id, test_id`;
}

export function loadGradebook(query: GradebookQuery) {
  const types = gradebookTypes();
  const empty = {
    query,
    types,
    tests: [],
    rows: [],
    total: 0,
    pages: 1,
    testsTotal: 0,
    colPages: 1,
    columnsPerPage: GRADEBOOK_COLUMNS,
    testAverages: {} as Record<string, number | null>,
  };
  if (!query.type) return empty;
  const tests = db().all<{ id: string; title: string; unitNumber: number | null }>(sql`
    SELECT id, title, unit_number AS unitNumber FROM tests t
    WHERE exam_type = ${query.type} AND archived_at IS NULL AND is_active = 1
      ${query.batch ? sql`AND (NOT EXISTS (SELECT 1 FROM test_batches tb WHERE tb.test_id = t.id) OR EXISTS (SELECT 1 FROM test_batches tb WHERE tb.test_id = t.id AND tb.batch_id = ${query.batch}))` : sql``}
    ORDER BY unit_number IS NULL, unit_number, created_at, title`);
  const like = likePattern(query.q);
  const search = query.q
    ? sql`AND (lower(u.name) LIKE ${like} ESCAPE '\\' OR lower(coalesce(u.email, '')) LIKE ${like} ESCAPE '\\' OR lower(coalesce(u.roll_number, '')) LIKE ${like} ESCAPE '\\')`
    : sql``;
  const studentsOfType = sql`
    SELECT u.id FROM users u JOIN user_exam_types ut ON ut.user_id = u.id AND ut.exam_type = ${query.type}
    WHERE u.role = 'user' AND ${inQueryBatch(query, "u.id")} ${search}`;
  const averages = averagesOf(
    query,
    tests.map((t) => t.id),
  );
  let total: number;
  let students: Array<{ id: string; name: string; signIn: string | null; avg: number | null }>;
  let page: number;
  let pages: number;
  if (query.sort === "average") {
    // sorted by the average of the chosen cells (students without an attempt last), from the kept figures
    const needle = query.q.toLowerCase();
    const matching = needle
      ? averages.students.filter((s) => s.name.toLowerCase().includes(needle) || (s.signIn ?? "").toLowerCase().includes(needle))
      : averages.students;
    total = matching.length;
    pages = Math.max(1, Math.ceil(total / GRADEBOOK_PAGE));
    page = Math.min(query.page, pages);
    students = matching.slice((page - 1) * GRADEBOOK_PAGE, page * GRADEBOOK_PAGE);
  } else {
    total = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM (${studentsOfType})`)?.n ?? 0;
    pages = Math.max(1, Math.ceil(total / GRADEBOOK_PAGE));
    page = Math.min(query.page, pages);
    students = db().all<{ id: string; name: string; signIn: string | null; avg: number | null }>(sql`
      SELECT u.id, u.name, coalesce(u.email, u.roll_number) AS signIn, NULL AS avg
      FROM users u WHERE u.id IN (${studentsOfType})
      ORDER BY u.name COLLATE NOCASE, coalesce(u.email, u.roll_number)
      LIMIT ${GRADEBOOK_PAGE} OFFSET ${(page - 1) * GRADEBOOK_PAGE}`);
  }
  const cells = students.length
    ? db().all<{
        userId: string;
        testId: string;
        best: number;
        bestId: string;
        bestMarks: number;
        bestMax: number;
        latest: number;
        latestId: string;
        latestMarks: number;
        latestMax: number;
        attempts: number;
      }>(
        cellsSql(
          sql.join(
            students.map((s) => sql`${s.id}`),
            sql`, `,
          ),
          query.type,
        ),
      )
    : [];
  const byStudent = new Map<string, Map<string, (typeof cells)[number]>>();
  for (const c of cells) {
    if (!byStudent.has(c.userId)) byStudent.set(c.userId, new Map());
    byStudent.get(c.userId)?.set(c.testId, c);
  }
  const chosenIds = cells.map((c) => (query.mode === "best" ? c.bestId : c.latestId)).filter(Boolean);
  const sectionsOfAttempt = sectionMarksOf(chosenIds);
  const percent = percentOneDecimal;
  const colPages = Math.max(1, Math.ceil(tests.length / GRADEBOOK_COLUMNS));
  const cols = Math.min(query.cols, colPages);
  const shown = tests.slice((cols - 1) * GRADEBOOK_COLUMNS, cols * GRADEBOOK_COLUMNS);
  const rows = students.map((s) => {
    const mine = byStudent.get(s.id) ?? new Map();
    const values = tests.map((t) => {
      const c = mine.get(t.id);
      if (!c) return null;
      const best = query.mode === "best";
      const fraction = best ? c.best : c.latest;
      // the rank and percentile among every student of the type (or the batch) on this test
      const place = fraction === null ? null : standing(averages.scores[t.id] ?? [], fraction);
      return {
        percent: percent(fraction),
        marks: best ? c.bestMarks : c.latestMarks,
        maxMarks: best ? c.bestMax : c.latestMax,
        rank: place?.rank ?? null,
        percentile: place?.percentile ?? null,
        attemptId: best ? c.bestId : c.latestId,
        // a test with sections: the marks in each (in the paper's order)
        sections: sectionsOfAttempt.get(best ? c.bestId : c.latestId) ?? [],
      };
    });
    const taken = values.filter((v): v is NonNullable<typeof v> => v !== null && v.percent !== null);
    return {
      id: s.id,
      name: s.name,
      signIn: s.signIn,
      // the page of columns shown; the average is over every test of the type
      cells: values.slice((cols - 1) * GRADEBOOK_COLUMNS, cols * GRADEBOOK_COLUMNS),
      average: taken.length ? Math.round((taken.reduce((sum, v) => sum + (v.percent ?? 0), 0) / taken.length) * 10) / 10 : null,
      taken: taken.length,
    };
  });
  return {
    query: { ...query, page, cols },
    types,
    tests: shown,
    testsTotal: tests.length,
    colPages,
    columnsPerPage: GRADEBOOK_COLUMNS,
    rows,
    total,
    pages,
    // each test's average over every student of the type (kept a minute)
    testAverages: averages.tests,
  };
}

export type SectionMarks = { name: string; marks: number; maxMarks: number };

/**
 * Each attempt's marks per section of its paper (tests without sections give none): a right answer (the key, an
 * accepted option, a question everyone gets) its marks, a wrong one the test's negative marks, a dropped question
 * nothing (app/lib/rules/exam-pattern.ts markAnswers, in SQL). One aggregate over the page's attempts.
 */
export function sectionMarksOf(attemptIds: readonly string[]): Map<string, SectionMarks[]> {
  const out = new Map<string, SectionMarks[]>();
  if (!attemptIds.length) return out;
  const rows = db().all<{ attemptId: string; name: string; marks: number; maxMarks: number }>(sql`
    SELECT a.id AS attemptId, q.section AS name,
           ROUND(SUM(CASE WHEN q.bonus = 1 OR (aa.chosen_index IS NOT NULL AND ${rightAnswerSql("q", "aa.chosen_index")}) THEN COALESCE(q.marks, t.marks_per_correct)
                          WHEN aa.chosen_index IS NOT NULL THEN -t.negative_marks ELSE 0 END), 2) AS marks,
           ROUND(SUM(COALESCE(q.marks, t.marks_per_correct)), 2) AS maxMarks
    FROM attempts a JOIN tests t ON t.id = a.test_id
    JOIN questions q ON q.test_id = a.test_id AND q.version = a.test_version AND q.section IS NOT NULL AND q.dropped = 0
    LEFT JOIN attempt_answers aa ON aa.attempt_id = a.id AND aa.question_id = q.id
    WHERE a.id IN (${sql.join(
      attemptIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    GROUP BY a.id, q.section ORDER BY a.id, MIN(q.position)`);
  for (const r of rows) {
    const list = out.get(r.attemptId);
    const item = { name: r.name, marks: r.marks, maxMarks: r.maxMarks };
    if (list) list.push(item);
    else out.set(r.attemptId, [item]);
  }
  return out;
}

/** The sections of each test's current paper, in its order (the CSV's section columns). */
function sectionsOfTests(testIds: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!testIds.length) return out;
  const rows = db().all<{ testId: string; name: string }>(sql`
    SELECT q.test_id AS testId, q.section AS name FROM questions q JOIN tests t ON t.id = q.test_id AND q.version = t.current_version
    WHERE q.test_id IN (${sql.join(
      testIds.map((id) => sql`${id}`),
      sql`, `,
    )}) AND q.section IS NOT NULL
    GROUP BY q.test_id, q.section ORDER BY q.test_id, MIN(q.position)`);
  for (const r of rows) out.set(r.testId, [...(out.get(r.testId) ?? []), r.name]);
  return out;
}

/**
 * The figures over every student of a type (each test's average; every student's average, for the sort by
 * average) read all of the type's attempts (300,000 for 3,000 students × 100 tests): kept a minute per type and
 * mode, so paging and re-sorting do not read them again.
 */
const averagesKept = new Kept<{
  tests: Record<string, number | null>;
  /** each test's chosen scores (fractions) of every student of the type or batch, for the ranks and percentiles */
  scores: Record<string, number[]>;
  students: Array<{ id: string; name: string; signIn: string | null; avg: number | null }>;
}>({
  name: "gradebook averages",
  keeps: "each test's and each student's average of an exam type's gradebook",
  key: "exam type and best or latest",
  invalidated: "after a minute (the page says its averages may be that far behind)",
  maxEntries: 40,
  maxAgeMs: 60_000,
});

function averagesOf(query: GradebookQuery, testIds: string[]) {
  return averagesKept.getOrLoad(`${query.type}\u0000${query.batch}\u0000${query.mode}`, () => ({
    ...testFigures(query, testIds),
    students: studentAverages(query),
  }));
}

/** Every student of the type with the average of their chosen cells, best first (students without an attempt last). */
function studentAverages(query: GradebookQuery) {
  const cellValue = query.mode === "best" ? sql.raw("best") : sql.raw("latest");
  const studentsOfType = sql`SELECT ut.user_id FROM user_exam_types ut WHERE ut.exam_type = ${query.type} AND ${inQueryBatch(query, "ut.user_id")}`;
  return db().all<{ id: string; name: string; signIn: string | null; avg: number | null }>(sql`
    WITH cells AS (${cellsSql(studentsOfType, query.type)}),
         avgs AS (SELECT userId, AVG(${cellValue}) AS avg FROM cells GROUP BY userId)
    SELECT u.id, u.name, coalesce(u.email, u.roll_number) AS signIn, avgs.avg AS avg
    FROM users u JOIN user_exam_types ut ON ut.user_id = u.id AND ut.exam_type = ${query.type}
    LEFT JOIN avgs ON avgs.userId = u.id
    WHERE u.role = 'user' AND ${inQueryBatch(query, "u.id")}
    ORDER BY avgs.avg IS NULL, avgs.avg DESC, u.name COLLATE NOCASE`);
}

/** Each test's average of the chosen cells over every student of the type who took it, and their scores (one aggregate). */
function testFigures(query: GradebookQuery, testIds: string[]): { tests: Record<string, number | null>; scores: Record<string, number[]> } {
  if (!testIds.length) return { tests: {}, scores: {} };
  const f = markedFractionSql("a");
  const rows = db().all<{ testId: string; f: number }>(sql`
    WITH per AS (
      SELECT a.test_id, a.user_id,
             ${query.mode === "best" ? sql`MAX(${f})` : sql`(SELECT ${markedFractionSql("b")} FROM attempts b WHERE b.user_id = a.user_id AND b.test_id = a.test_id AND b.status IN ${FINISHED} ORDER BY b.completed_at DESC LIMIT 1)`} AS f
      FROM attempts a JOIN user_exam_types ut ON ut.user_id = a.user_id AND ut.exam_type = ${query.type}
      WHERE a.test_id IN (${sql.join(
        testIds.map((id) => sql`${id}`),
        sql`, `,
      )}) AND a.status IN ${FINISHED} AND ${inQueryBatch(query, "a.user_id")}
      GROUP BY a.test_id, a.user_id
    )
    SELECT test_id AS testId, f FROM per WHERE f IS NOT NULL`);
  const scores: Record<string, number[]> = {};
  for (const r of rows) {
    const list = scores[r.testId];
    if (list) list.push(r.f);
    else scores[r.testId] = [r.f];
  }
  const tests: Record<string, number | null> = {};
  for (const [testId, list] of Object.entries(scores)) tests[testId] = percentOneDecimal(list.reduce((a, b) => a + b, 0) / list.length);
  return { tests, scores };
}

/** The whole gradebook of a type as CSV rows (every student and every test, no pages). */
export function gradebookCsvRows(query: GradebookQuery): { header: string[]; rows: Array<Array<string | number>> } {
  const first = loadGradebook({ ...query, page: 1, cols: 1 });
  const columnPages = Array.from({ length: first.colPages }, (_, i) => i + 1);
  const tests = columnPages.flatMap((cols) => (cols === 1 ? first.tests : loadGradebook({ ...query, page: 1, cols }).tests));
  const sections = sectionsOfTests(tests.map((t) => t.id));
  const header = [
    "student",
    "sign_in",
    ...tests.flatMap((t) => [
      `${t.title} marks`,
      `${t.title} %`,
      `${t.title} rank`,
      `${t.title} percentile`,
      ...(sections.get(t.id) ?? []).map((name) => `${t.title}: ${name} marks`),
    ]),
    "average %",
  ];
  const rows: Array<Array<string | number>> = [];
  for (let page = 1; page <= first.pages; page++) {
    const byColumns = columnPages.map((cols) => (page === 1 && cols === 1 ? first : loadGradebook({ ...query, page, cols })));
    byColumns[0].rows.forEach((r, i) => {
      const cells = byColumns.flatMap((d) => d.rows[i]?.cells ?? []);
      rows.push([
        r.name,
        r.signIn ?? "",
        ...cells.flatMap((c, ti) => {
          const names = sections.get(tests[ti]?.id ?? "") ?? [];
          const bySection = names.map((name) => {
            const m = c?.sections.find((x) => x.name === name);
            return m ? `${m.marks}/${m.maxMarks}` : "";
          });
          return c ? [`${c.marks}/${c.maxMarks}`, c.percent ?? "", c.rank ?? "", c.percentile ?? "", ...bySection] : ["", "", "", "", ...bySection];
        }),
        r.average ?? "",
      ]);
    });
  }
  return { header, rows };
}
