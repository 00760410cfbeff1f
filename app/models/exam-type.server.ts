import { asc } from "drizzle-orm";
import { db } from "~/db/db.server";
import { examTypes } from "~/db/schema.server";

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
