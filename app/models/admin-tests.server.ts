import { pageParam } from "~/lib/schemas/forms";
import { questionsProblem, testDetailsProblem } from "~/lib/schemas/test-record";
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { db, transaction, type DB } from "~/db/db.server";
import { attempts, questions, type Test, tests, userTestLimits } from "~/db/schema.server";
import { DELETE_ALL_PHRASE, validateEditedTest, type EditorQuestion } from "~/lib/rules/test-editor-rules";
import { createTest, flaggedCount, insertQuestions, questionsOf } from "./test.server";
import { parseMarks } from "~/lib/rules/marks-input";
import { likePattern } from "~/lib/rules/search";
import { remarkFinishedAttempts } from "./regrade.server";
import { batchesOfTest, giveTestToBatch } from "./batches.server";

export const PAGE_SIZE = 50;

export type TestFilters = { q: string; type: string; unit: string; window: "" | "upcoming" | "open" | "closed"; page: number };

export function parseTestFilters(url: URL): TestFilters {
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    type: url.searchParams.get("type") ?? "",
    unit: url.searchParams.get("unit") ?? "",
    window: (["upcoming", "open", "closed"] as const).find((w) => w === url.searchParams.get("window")) ?? "",
    page: pageParam(url.searchParams.get("page")),
  };
}

function filterWhere(f: TestFilters): SQL | undefined {
  const parts: SQL[] = [isNull(tests.archivedAt)];
  if (f.q) {
    const like = likePattern(f.q);
    parts.push(sql`(lower(${tests.title}) LIKE ${like} ESCAPE '\\' OR lower(${tests.description}) LIKE ${like} ESCAPE '\\')`);
  }
  if (f.type) parts.push(eq(tests.examType, f.type));
  if (f.unit === "none") parts.push(isNull(tests.unitNumber));
  else if (/^\d+$/.test(f.unit)) parts.push(eq(tests.unitNumber, Number(f.unit)));
  // scheduled tests by their window, now
  const now = Date.now();
  if (f.window === "upcoming") parts.push(sql`${tests.opensAt} > ${now}`);
  else if (f.window === "closed") parts.push(sql`${tests.closesAt} <= ${now}`);
  else if (f.window === "open")
    parts.push(
      sql`(${tests.opensAt} IS NOT NULL OR ${tests.closesAt} IS NOT NULL) AND (${tests.opensAt} IS NULL OR ${tests.opensAt} <= ${now}) AND (${tests.closesAt} IS NULL OR ${tests.closesAt} > ${now})`,
    );
  return and(...parts);
}

/** One page of tests (newest first), the filtered count and the total, with attempt counts. */
export function listTests(f: TestFilters) {
  const where = filterWhere(f);
  const total = db().select({ n: count() }).from(tests).where(isNull(tests.archivedAt)).get()?.n ?? 0;
  const filtered = db().select({ n: count() }).from(tests).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      id: tests.id,
      title: tests.title,
      description: tests.description,
      examType: tests.examType,
      unitNumber: tests.unitNumber,
      unitName: tests.unitName,
      duration: tests.duration,
      totalQuestions: tests.totalQuestions,
      isActive: tests.isActive,
      maxAttempts: tests.maxAttempts,
      createdAt: tests.createdAt,
      uploadReport: tests.uploadReport,
      opensAt: tests.opensAt,
      closesAt: tests.closesAt,
      answerRelease: tests.answerRelease,
      marksPerCorrect: tests.marksPerCorrect,
      negativeMarks: tests.negativeMarks,
      attemptCount: sql<number>`(SELECT COUNT(*) FROM attempts a WHERE a.test_id = "tests"."id")`,
    })
    .from(tests)
    .where(where)
    .orderBy(sql`${tests.createdAt} DESC`, tests.title)
    .limit(PAGE_SIZE)
    .offset((f.page - 1) * PAGE_SIZE)
    .all();
  const units = db()
    .selectDistinct({ unitNumber: tests.unitNumber })
    .from(tests)
    .where(and(isNull(tests.archivedAt), f.type ? eq(tests.examType, f.type) : undefined))
    .orderBy(tests.unitNumber)
    .all()
    .map((u) => u.unitNumber)
    .filter((u): u is number => u !== null);
  return { rows, total, filtered, units, pages: Math.max(1, Math.ceil(filtered / PAGE_SIZE)) };
}

export function findLiveTest(id: string) {
  return db()
    .select()
    .from(tests)
    .where(and(eq(tests.id, id), isNull(tests.archivedAt)))
    .get();
}

/** Activate / Deactivate. Activating publishes the test: its upload's flagged rows were checked, the report goes. */
export function toggleTestActive(id: string): boolean | null {
  const test = findLiveTest(id);
  if (!test) return null;
  const active = !test.isActive;
  db()
    .update(tests)
    .set({ isActive: active, ...(active ? { uploadReport: null } : {}), updatedAt: new Date() })
    .where(eq(tests.id, id))
    .run();
  return active;
}

/** Clone: title gets " (Copy)", starts active, all questions copied; maxAttempts optional. */
export function cloneTest(id: string, maxAttempts: number | null) {
  const test = findLiveTest(id);
  if (!test) return null;
  const list = questionsOf(test.id, test.currentVersion);
  return transaction(() => {
    const copy = createTestCopy(test, list, maxAttempts);
    // a test given to batches is seen by their students only: the copy is given to the same batches, so a clone
    // never shows a batch's test to everyone of its exam type. Without the batches' opening and closing times
    // (the copy has none of its own either); with each batch's answer release.
    for (const b of batchesOfTest(test.id)) giveTestToBatch(copy.id, b.batchId, { opensAt: null, closesAt: null, answerRelease: b.answerRelease });
    return copy;
  });
}

function createTestCopy(test: Test, list: ReturnType<typeof questionsOf>, maxAttempts: number | null) {
  return createTest(
    {
      title: `${test.title} (Copy)`,
      description: test.description,
      examType: test.examType,
      unitNumber: test.unitNumber,
      unitName: test.unitName,
      duration: test.duration,
      isActive: true,
      maxAttempts,
      shuffleQuestions: test.shuffleQuestions,
      shuffleOptions: test.shuffleOptions,
      answerRelease: test.answerRelease,
      marksPerCorrect: test.marksPerCorrect,
      negativeMarks: test.negativeMarks,
    },
    list.map((q) => ({
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      marks: q.marks,
      section: q.section,
      topic: q.topic,
    })),
  );
}

export type TestMeta = {
  title: string;
  description: string;
  examType: string;
  duration: number;
  unitNumber: number | null;
  unitName: string | null;
  maxAttempts: number | null;
  isActive: boolean;
  /** shuffling for attempts started from now on (undefined: left as it is) */
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
  /** the availability window (undefined: left as it is) */
  opensAt?: Date | null;
  closesAt?: Date | null;
  /** when students see the key (undefined: left as it is; null: the default) */
  answerRelease?: string | null;
  /** the exam pattern (undefined: left as it is); a change re-marks every finished attempt */
  marksPerCorrect?: number;
  negativeMarks?: number;
};

export function updateTestMeta(id: string, meta: TestMeta): boolean {
  if (testDetailsProblem(meta)) return false;
  return transaction((tx) => {
    const before = tx
      .select()
      .from(tests)
      .where(and(eq(tests.id, id), isNull(tests.archivedAt)))
      .get();
    if (!before) return false;
    tx.update(tests)
      .set({ ...meta, updatedAt: new Date(Math.max(Date.now(), +before.updatedAt + 1)) })
      .where(eq(tests.id, id))
      .run();
    if (patternChanged(before, meta)) remarkFinishedAttempts(tx, id);
    return true;
  });
}

/** The edit changes how the test is marked: its finished attempts are re-marked in the same transaction. */
function patternChanged(before: Test, meta: TestMeta): boolean {
  return (
    (meta.marksPerCorrect !== undefined && meta.marksPerCorrect !== before.marksPerCorrect) ||
    (meta.negativeMarks !== undefined && meta.negativeMarks !== before.negativeMarks)
  );
}

/**
 * Deleting a test removes it and its questions, unless students have attempted it: then it is
 * archived (hidden everywhere, inactive) so their results and history stay readable.
 */
export function deleteTestIn(tx: DB, id: string): "deleted" | "archived" | "missing" {
  const test = tx
    .select()
    .from(tests)
    .where(and(eq(tests.id, id), isNull(tests.archivedAt)))
    .get();
  if (!test) return "missing";
  const used = tx.select({ n: count() }).from(attempts).where(eq(attempts.testId, id)).get()?.n ?? 0;
  if (used > 0) {
    tx.update(tests).set({ archivedAt: new Date(), isActive: false, updatedAt: new Date() }).where(eq(tests.id, id)).run();
    tx.delete(userTestLimits).where(eq(userTestLimits.testId, id)).run();
    return "archived";
  }
  tx.delete(tests).where(eq(tests.id, id)).run();
  return "deleted";
}

export function deleteTest(id: string) {
  return transaction((tx) => deleteTestIn(tx, id));
}

/** Deletes tests one by one (archived instead when students took them); a failure is logged and counted, the others go ahead. */
export function deleteTests(ids: string[]): { deleted: number; archived: number; errors: number } {
  let deleted = 0;
  let archived = 0;
  let errors = 0;
  for (const id of ids) {
    try {
      const r = deleteTest(id);
      if (r === "missing") errors += 1;
      else if (r === "archived") archived += 1;
      else deleted += 1;
    } catch (error) {
      console.error("deleting test failed", id, error);
      errors += 1;
    }
  }
  return { deleted, archived, errors };
}

/** How many attempts students have made on a test (all versions). */
export function attemptCountOf(testId: string): number {
  return db().select({ n: count() }).from(attempts).where(eq(attempts.testId, testId)).get()?.n ?? 0;
}

/** How many tests are live (not archived). */
export function countLiveTests(): number {
  return db().select({ n: count() }).from(tests).where(isNull(tests.archivedAt)).get()?.n ?? 0;
}

export function liveTestIds(where?: SQL): string[] {
  return db()
    .select({ id: tests.id })
    .from(tests)
    .where(and(isNull(tests.archivedAt), where))
    .all()
    .map((r) => r.id);
}

export function deleteTestsOfType(examType: string) {
  return deleteTests(liveTestIds(eq(tests.examType, examType)));
}

export function clearAllTests(phrase: string): { ok: false } | { ok: true; deleted: number; archived: number; errors: number } {
  if (phrase !== DELETE_ALL_PHRASE) return { ok: false };
  return { ok: true, ...deleteTests(liveTestIds()) };
}

export const EDIT_CONFLICT = "This test was changed by someone else after you opened it. Reload to see their changes, then edit again.";

/**
 * Saves the question editor's working copy. Questions are versioned: when students have attempted
 * the current version, the edit becomes a new version, so their reviews keep the questions, options
 * and answer key they saw. `expectedUpdatedAt` guards against two admins overwriting each other.
 */
export function saveTestWithQuestions(
  id: string,
  expectedUpdatedAt: number,
  meta: TestMeta,
  list: EditorQuestion[],
): { ok: true; checkedFlags: number } | { ok: false; error: string; conflict?: boolean } {
  const problem = testDetailsProblem(meta) ?? validateEditedTest(meta.title, list) ?? questionsProblem(list);
  if (problem) return { ok: false, error: problem };
  return transaction((tx) => {
    const test = tx
      .select()
      .from(tests)
      .where(and(eq(tests.id, id), isNull(tests.archivedAt)))
      .get();
    if (!test) return { ok: false, error: "Test not found" };
    if (+test.updatedAt !== expectedUpdatedAt) return { ok: false, error: EDIT_CONFLICT, conflict: true };
    const used =
      tx
        .select({ n: count() })
        .from(attempts)
        .where(and(eq(attempts.testId, id), eq(attempts.testVersion, test.currentVersion)))
        .get()?.n ?? 0;
    const version = used > 0 ? test.currentVersion + 1 : test.currentVersion;
    if (used === 0)
      tx.delete(questions)
        .where(and(eq(questions.testId, id), eq(questions.version, version)))
        .run();
    insertQuestions(
      tx,
      id,
      version,
      list.map((q) => ({
        question: q.question.trim(),
        options: q.options.map((o) => o.trim()),
        correctAnswer: q.correctAnswer,
        explanation: q.explanation.trim() || null,
        marks: q.marks?.trim() ? parseMarks(q.marks) : null,
        section: q.section,
        topic: q.topic,
      })),
    );
    // the editor showed an upload's flagged rows on their questions: saving it is their check, and the list's
    // "Check N flagged rows" note ends
    tx.update(tests)
      .set({
        ...meta,
        currentVersion: version,
        totalQuestions: list.length,
        uploadReport: null,
        updatedAt: new Date(Math.max(Date.now(), +test.updatedAt + 1)),
      })
      .where(eq(tests.id, id))
      .run();
    if (patternChanged(test, meta)) remarkFinishedAttempts(tx, id);
    return { ok: true, checkedFlags: flaggedCount(test.uploadReport) };
  });
}

export function testWithQuestions(id: string) {
  const test = findLiveTest(id);
  if (!test) return null;
  const list = questionsOf(test.id, test.currentVersion).map((q) => ({
    question: q.question,
    options: q.options,
    correctAnswer: q.correctAnswer,
    explanation: q.explanation ?? "",
    marks: q.marks === null ? "" : String(q.marks),
    section: q.section ?? "",
    topic: q.topic ?? "",
  }));
  return { test, questions: list };
}

export function testsUsingType(examType: string) {
  return db()
    .select({ id: tests.id, title: tests.title })
    .from(tests)
    .where(and(eq(tests.examType, examType), isNull(tests.archivedAt)))
    .orderBy(tests.title)
    .all();
}

export function customTypesInUse(): string[] {
  return db()
    .selectDistinct({ t: tests.examType })
    .from(tests)
    .where(and(isNull(tests.archivedAt), sql`${tests.examType} NOT IN ('TET','SET','NET','UG_TRB','PG_TRB','COLLEGE_TRB')`))
    .all()
    .map((r) => r.t);
}

/** What a bulk delete is about to remove, for its confirmation: the count and up to `shown` titles. */
/** What a bulk delete would take: the tests, how many there are, the first titles, and how many will be archived (attempted). */
export function testsToDelete(
  selection: { ids: string[] } | { examType: string } | { all: true },
  shown = 10,
): { ids: string[]; count: number; titles: string[]; archived: number } {
  const where =
    "all" in selection
      ? isNull(tests.archivedAt)
      : "ids" in selection
        ? and(isNull(tests.archivedAt), inArray(tests.id, selection.ids.slice(0, 1000)))
        : and(isNull(tests.archivedAt), eq(tests.examType, selection.examType));
  const rows =
    "ids" in selection && !selection.ids.length
      ? []
      : db()
          .select({ id: tests.id, title: tests.title, attempted: sql<number>`EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = "tests"."id")` })
          .from(tests)
          .where(where)
          .orderBy(tests.title)
          .all();
  return { ids: rows.map((r) => r.id), count: rows.length, titles: rows.slice(0, shown).map((r) => r.title), archived: rows.filter((r) => r.attempted).length };
}

/** Archived tests (deleted after students attempted them), newest first, with their attempt counts. */
export function archivedTests() {
  return db()
    .select({
      id: tests.id,
      title: tests.title,
      examType: tests.examType,
      archivedAt: tests.archivedAt,
      totalQuestions: tests.totalQuestions,
      attemptCount: sql<number>`(SELECT COUNT(*) FROM attempts a WHERE a.test_id = "tests"."id")`,
    })
    .from(tests)
    .where(isNotNull(tests.archivedAt))
    .orderBy(desc(tests.archivedAt))
    .all();
}

export function countArchivedTests(): number {
  return db().select({ n: count() }).from(tests).where(isNotNull(tests.archivedAt)).get()?.n ?? 0;
}

/** Restores an archived test to the list, inactive (an admin checks it, then activates it). */
export function restoreTest(id: string): { title: string } | null {
  const test = db()
    .select()
    .from(tests)
    .where(and(eq(tests.id, id), isNotNull(tests.archivedAt)))
    .get();
  if (!test) return null;
  db().update(tests).set({ archivedAt: null, isActive: false, updatedAt: new Date() }).where(eq(tests.id, id)).run();
  return { title: test.title };
}

/** The tests a bulk change is about: the ticked ones, or every test matching the list's filters. */
export function testsToChange(selection: { ids: string[] } | { filters: TestFilters }, shown = 10): { ids: string[]; count: number; titles: string[] } {
  if ("ids" in selection && !selection.ids.length) return { ids: [], count: 0, titles: [] };
  const where = "ids" in selection ? and(isNull(tests.archivedAt), inArray(tests.id, selection.ids.slice(0, 1000))) : filterWhere(selection.filters);
  const rows = db().select({ id: tests.id, title: tests.title }).from(tests).where(where).orderBy(tests.title).all();
  return { ids: rows.map((r) => r.id), count: rows.length, titles: rows.slice(0, shown).map((r) => r.title) };
}

export type BulkChange =
  | { change: "activate" | "deactivate" | "clear-window" }
  | { change: "release"; answerRelease: string | null }
  | { change: "set-window"; opensAt: Date | null; closesAt: Date | null }
  | { change: "exam-type"; examType: string }
  | { change: "unit"; unitNumber: number | null; unitName: string | null };

/** The columns one bulk change sets. */
function columnsOf(change: BulkChange): Partial<typeof tests.$inferInsert> {
  switch (change.change) {
    case "activate":
      return { isActive: true };
    case "deactivate":
      return { isActive: false };
    case "release":
      return { answerRelease: change.answerRelease };
    case "set-window":
      return { opensAt: change.opensAt, closesAt: change.closesAt };
    case "clear-window":
      return { opensAt: null, closesAt: null };
    case "exam-type":
      return { examType: change.examType };
    case "unit":
      return { unitNumber: change.unitNumber, unitName: change.unitNumber === null ? null : change.unitName || null };
  }
}

/** One change to many tests at once (not archived ones); returns how many were changed. */
export function changeTests(ids: string[], change: BulkChange): number {
  if (!ids.length) return 0;
  const set = columnsOf(change);
  let changed = 0;
  transaction((tx) => {
    for (let i = 0; i < ids.length; i += 500)
      changed += tx
        .update(tests)
        .set({ ...set, updatedAt: new Date() })
        .where(and(isNull(tests.archivedAt), inArray(tests.id, ids.slice(i, i + 500))))
        .run().changes;
  });
  return changed;
}

/**
 * A test as a student would see it, for the admin's preview: its start card's details and one question of its
 * current version (1-based `q`; 0 = the start card), without the key. Nothing is written: no attempt, no figure.
 */
export function testPreview(id: string, q: number) {
  const test = findLiveTest(id);
  if (!test) return null;
  const list = questionsOf(test.id, test.currentVersion);
  const n = Math.min(Math.max(0, Math.floor(q) || 0), list.length);
  const question = n ? list[n - 1] : null;
  return {
    test: {
      id: test.id,
      title: test.title,
      description: test.description,
      duration: test.duration,
      totalQuestions: list.length,
      maxAttempts: test.maxAttempts,
      isActive: test.isActive,
      shuffled: test.shuffleQuestions || test.shuffleOptions,
    },
    current: n,
    question: question ? { id: question.id, question: question.question, options: question.options } : null,
  };
}

/**
 * An admin's decision on a test's answer release: "hold" keeps the key, review, ranks and leaderboard back from
 * students, "now" releases them, "auto" (null) leaves it to the rule (after the window closes and the last writer
 * finishes). False for an unknown test.
 */
export function setReleaseOverride(testId: string, decision: "hold" | "now" | "auto"): boolean {
  const done = db()
    .update(tests)
    .set({ releaseOverride: decision === "auto" ? null : decision })
    .where(and(eq(tests.id, testId), isNull(tests.archivedAt)))
    .run();
  return done.changes > 0;
}

/** The fields of a test an edit may change, as the activity log words them (test-edit: "Duration (min): 60 → 45"). */
export const TEST_FIELD_LABELS = {
  title: "Title",
  description: "Description",
  examType: "Exam type",
  duration: "Duration (min)",
  unitNumber: "Unit",
  unitName: "Unit name",
  maxAttempts: "Attempts",
  isActive: "Active",
  shuffleQuestions: "Shuffle questions",
  shuffleOptions: "Shuffle options",
  opensAt: "Opens",
  closesAt: "Closes",
  answerRelease: "Answers shown",
  marksPerCorrect: "Marks per right answer",
  negativeMarks: "Marks off per wrong answer",
} as const;

/** A test's editable fields as the activity log compares them (times as the academy reads them). */
export function testFieldsForLog(test: Pick<Test, keyof typeof TEST_FIELD_LABELS>, formatTime: (ms: number) => string) {
  const at = (v: Date | number | null) => (v === null ? null : formatTime(+v));
  return { ...test, opensAt: at(test.opensAt), closesAt: at(test.closesAt) };
}

/** The titles of these tests (for the activity log's bulk entries), in the order of their titles. */
export function titlesOfTests(ids: readonly string[]): string[] {
  if (!ids.length) return [];
  return db()
    .all<{ title: string }>(
      sql`SELECT title FROM tests WHERE id IN (${sql.join(
        ids.slice(0, 500).map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY lower(title)`,
    )
    .map((r) => r.title);
}
