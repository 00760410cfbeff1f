import { asc, eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { examTypes } from "~/db/schema.server";
import { examTypeLabel, examTypeValue } from "~/lib/exam-type-rules";
import { newId } from "~/lib/ids.server";

/** value → label for every exam type (built-in and custom); unknown values show as themselves. */
export function examTypeLabels(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of db().select({ value: examTypes.value, label: examTypes.label }).from(examTypes).orderBy(asc(examTypes.value)).all()) {
    out[t.value] = t.label;
  }
  return out;
}

export function labelOf(labels: Record<string, string>, value: string): string {
  return labels[value] ?? value.replace(/_/g, " ");
}


/** Creation is deduplicated by value: an existing type is returned instead of a new one. */
export function ensureCustomExamType(name: string): { value: string; label: string } | null {
  const value = examTypeValue(name);
  if (!value) return null;
  const existing = db().select().from(examTypes).where(eq(examTypes.value, value)).get();
  if (existing) return { value: existing.value, label: existing.label };
  const now = new Date();
  db().insert(examTypes).values({ id: newId(), value, label: examTypeLabel(name), isBuiltin: false, createdAt: now, updatedAt: now }).onConflictDoNothing().run();
  return { value, label: examTypeLabel(name) };
}

/** Exam types a test can have: built-in test types and custom ones (GENERAL is for materials). */
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
