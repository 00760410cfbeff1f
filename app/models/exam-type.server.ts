import { and, asc, eq, sql } from "drizzle-orm";
import { db, preparedQuery, transaction } from "~/db/db.server";
import { announcementExamTypes, examTypes, materials, tests, userExamTypes } from "~/db/schema.server";
import {
  DUPLICATE_NAME,
  examTypeLabel,
  examTypeProblem,
  examTypeValue,
  isDuplicateExamType,
  MAX_EXAM_TYPE_NAME,
  NAME_REQUIRED,
} from "~/lib/rules/exam-type-rules";
import { CUSTOM_NAME_REQUIRED, EXAM_TYPE_REQUIRED } from "~/lib/schemas/test-record";
import { newId } from "~/lib/server/ids.server";

const allLabels = preparedQuery((d) => d.select({ value: examTypes.value, label: examTypes.label }).from(examTypes).orderBy(asc(examTypes.value)).prepare());

/** value → label for every exam type (built-in and custom); unknown values show as themselves. */
export function examTypeLabels(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of allLabels().all()) {
    out[t.value] = t.label;
  }
  return out;
}

export function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value.replace(/_/g, " ");
}

/** Creation is deduplicated by value: an existing type is returned instead of a new one. */
export function ensureCustomExamType(name: string): { value: string; label: string } | null {
  if (examTypeProblem(name)) return null;
  const value = examTypeValue(name);
  const existing = db().select().from(examTypes).where(eq(examTypes.value, value)).get();
  if (existing) return { value: existing.value, label: existing.label };
  const now = new Date();
  db()
    .insert(examTypes)
    .values({ id: newId(), value, label: examTypeLabel(name), isBuiltin: false, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .run();
  return { value, label: examTypeLabel(name) };
}

export type TestExamType = { ok: true; value: string } | { ok: false; field: "examType" | "customExamType"; message: string };

/**
 * The exam type a test is filed under, from a form's select (and its Custom… name): an existing test
 * type, or a custom name made into a type (or reused). GENERAL, unknown values and reserved or empty
 * names are refused with the field's message. For every path that writes a test.
 */
export function resolveTestExamType(examType: string, customName: string, { create = true } = {}): TestExamType {
  if (examType === "CUSTOM") {
    const problem = examTypeProblem(customName) ?? null;
    if (problem || !customName.trim()) return { ok: false, field: "customExamType", message: customName.trim() ? (problem as string) : CUSTOM_NAME_REQUIRED };
    // a preview only checks; the type is made when the test is
    if (!create) return { ok: true, value: examTypeValue(customName) };
    const made = ensureCustomExamType(customName);
    return made ? { ok: true, value: made.value } : { ok: false, field: "customExamType", message: CUSTOM_NAME_REQUIRED };
  }
  const known = examType && examType !== "GENERAL" ? db().select({ v: examTypes.value }).from(examTypes).where(eq(examTypes.value, examType)).get() : undefined;
  return known ? { ok: true, value: known.v } : { ok: false, field: "examType", message: EXAM_TYPE_REQUIRED };
}

/** Exam types a test can have, and a student can be assigned: built-in test types and custom ones (GENERAL is for materials). */
export function testExamTypeOptions(): Array<{ value: string; label: string; builtin: boolean }> {
  return db()
    .select({ value: examTypes.value, label: examTypes.label, builtin: examTypes.isBuiltin })
    .from(examTypes)
    .all()
    .filter((t) => t.value !== "GENERAL")
    .sort((a, b) => Number(b.builtin) - Number(a.builtin) || a.label.localeCompare(b.label));
}

export function allExamTypeOptions(): Array<{ value: string; label: string; builtin: boolean }> {
  return db()
    .select({ value: examTypes.value, label: examTypes.label, builtin: examTypes.isBuiltin })
    .from(examTypes)
    .all()
    .sort((a, b) => Number(b.builtin) - Number(a.builtin) || a.label.localeCompare(b.label));
}

/** Custom exam types with the number of (live) tests using each. */
export function customExamTypes() {
  return db().all<{ id: string; value: string; label: string; createdAt: number; tests: number }>(
    sql`SELECT e.id, e.value, e.label, e.created_at AS createdAt,
            (SELECT COUNT(*) FROM tests t WHERE t.exam_type = e.value AND t.archived_at IS NULL) AS tests
          FROM exam_types e WHERE e.is_builtin = 0 ORDER BY e.label`,
  );
}

export function findCustomExamType(id: string) {
  return db()
    .select()
    .from(examTypes)
    .where(and(eq(examTypes.id, id), eq(examTypes.isBuiltin, false)))
    .get();
}

export type ExamTypeResult = { ok: true; value: string } | { ok: false; error: string };

/**
 * The Exam Types tab's check of a name (create and rename): required, at most 60 characters, and not the
 * value of another type (the built-ins, GENERAL and CUSTOM included: the spec's duplicate message).
 */
function nameProblemOnExamTypesTab(name: string, ownValue?: string): string | null {
  if (!name.trim() || !examTypeValue(name)) return NAME_REQUIRED;
  if (name.trim().length > MAX_EXAM_TYPE_NAME) return examTypeProblem(name);
  const existing = db()
    .select({ v: examTypes.value })
    .from(examTypes)
    .all()
    .map((r) => r.v);
  return isDuplicateExamType(name, existing, ownValue) ? DUPLICATE_NAME : null;
}

export function createCustomExamType(name: string): ExamTypeResult {
  const problem = nameProblemOnExamTypesTab(name);
  if (problem) return { ok: false, error: problem };
  const value = examTypeValue(name);
  const now = new Date();
  db()
    .insert(examTypes)
    .values({ id: newId(), value, label: examTypeLabel(name), isBuiltin: false, createdAt: now, updatedAt: now })
    .run();
  return { ok: true, value };
}

/** Renaming changes the value too, everywhere it is used (tests, students, materials, announcements). */
export function renameCustomExamType(id: string, name: string): ExamTypeResult {
  const type = findCustomExamType(id);
  if (!type) return { ok: false, error: "Failed to update custom exam type" };
  const problem = nameProblemOnExamTypesTab(name, type.value);
  if (problem) return { ok: false, error: problem };
  const value = examTypeValue(name);
  transaction((tx) => {
    tx.update(examTypes)
      .set({ value, label: examTypeLabel(name), updatedAt: new Date() })
      .where(eq(examTypes.id, id))
      .run();
    if (value !== type.value) {
      tx.update(tests).set({ examType: value }).where(eq(tests.examType, type.value)).run();
      tx.update(materials).set({ examType: value }).where(eq(materials.examType, type.value)).run();
      tx.run(sql`UPDATE OR IGNORE user_exam_types SET exam_type = ${value} WHERE exam_type = ${type.value}`);
      tx.run(sql`UPDATE OR IGNORE announcement_exam_types SET exam_type = ${value} WHERE exam_type = ${type.value}`);
    }
  });
  return { ok: true, value };
}

export function removeExamTypeEverywhere(value: string) {
  transaction((tx) => {
    tx.delete(userExamTypes).where(eq(userExamTypes.examType, value)).run();
    tx.delete(announcementExamTypes).where(eq(announcementExamTypes.examType, value)).run();
    tx.delete(examTypes)
      .where(and(eq(examTypes.value, value), eq(examTypes.isBuiltin, false)))
      .run();
  });
}
