import { eq, lt } from "drizzle-orm";
import { db } from "~/db/db.server";
import { formReceipts } from "~/db/schema.server";

const DAY = 86_400_000;

/**
 * Claims a form's receipt key: true for the first submit (which then does the work and stores its
 * result), false for a repeat. The claim is one insert, so two submits racing cannot both win.
 */
export function claimReceipt(key: string, kind: string): boolean {
  if (!/^[0-9a-f-]{36}$/.test(key)) return true;
  db()
    .delete(formReceipts)
    .where(lt(formReceipts.createdAt, new Date(Date.now() - DAY)))
    .run();
  return db().insert(formReceipts).values({ key, kind, createdAt: new Date() }).onConflictDoNothing().run().changes === 1;
}

export function storeReceipt(key: string, result: unknown) {
  db()
    .update(formReceipts)
    .set({ result: JSON.stringify(result) })
    .where(eq(formReceipts.key, key))
    .run();
}

/** Lets a claimed key be used again (the submit was refused before doing anything). */
export function releaseReceipt(key: string) {
  db().delete(formReceipts).where(eq(formReceipts.key, key)).run();
}

export function readReceipt<T>(key: string | null, kind: string): T | null {
  if (!key) return null;
  const row = db().select().from(formReceipts).where(eq(formReceipts.key, key)).get();
  if (!row || row.kind !== kind || row.result === null) return null;
  return JSON.parse(row.result) as T;
}
