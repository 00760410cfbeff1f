import { eq } from "drizzle-orm";
import { db } from "~/db/db.server";
import { academySettings } from "~/db/schema.server";
import { academy } from "~/lib/rules/academy";
import type { AcademySettingsInput } from "~/lib/schemas/settings-schemas";
import { allExamTypeOptions, examTypeLabels, labelOf } from "~/models/exam-type.server";

/**
 * The academy's settings an admin changes (Admin → Academy settings), each read over its default: the contact
 * shown on the landing page, the footer, the book orders and to a student who has no exam yet; and the exam
 * types a student may choose at sign-up (none by default: the academy assigns every exam).
 */
export type AcademyContact = { phone: string; whatsappNumber: string; email: string; address: string };

const DEFAULT_CONTACT: AcademyContact = { phone: academy.phone, whatsappNumber: academy.whatsappNumber, email: academy.email, address: academy.address };

function read<T>(key: string, fallback: T): T {
  const row = db().select().from(academySettings).where(eq(academySettings.key, key)).get();
  if (!row) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(row.value) as T) };
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown, by: string, now = new Date()) {
  const text = JSON.stringify(value);
  db()
    .insert(academySettings)
    .values({ key, value: text, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({ target: academySettings.key, set: { value: text, updatedBy: by, updatedAt: now } })
    .run();
}

export function academyContact(): AcademyContact {
  return read("contact", DEFAULT_CONTACT);
}

/** The exam types a student may choose at sign-up, as options (those that still exist). */
export function selfSignUpExamTypes(): Array<{ value: string; label: string }> {
  const chosen = read<{ types: string[] }>("self-sign-up", { types: [] }).types;
  const labels = examTypeLabels();
  return chosen.filter((t) => t in labels).map((value) => ({ value, label: labelOf(labels, value) }));
}

export function academySettingsPage() {
  return {
    ...academyContact(),
    selfSignUpExamTypes: selfSignUpExamTypes().map((o) => o.value),
    examTypeOptions: allExamTypeOptions()
      .filter((o) => o.value !== "CUSTOM")
      .map(({ value, label }) => ({ value, label })),
  };
}

export function saveAcademySettings(input: AcademySettingsInput, by: string) {
  const labels = examTypeLabels();
  write("contact", { phone: input.phone, whatsappNumber: input.whatsappNumber, email: input.email, address: input.address }, by);
  write("self-sign-up", { types: [...new Set(input.selfSignUpExamTypes)].filter((t) => t in labels && t !== "CUSTOM") }, by);
}
