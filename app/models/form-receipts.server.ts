import { eq, lt } from "drizzle-orm";
import { db } from "~/db/db.server";
import { formReceipts } from "~/db/schema.server";

const DAY = 86_400_000;

/** A receipt is a form's own id (`newId()`, a UUID). */
const RECEIPT_KEY = /^[0-9a-f-]{36}$/;

/**
 * Claims a form's receipt key: true for the first submit (which then does the work and stores its
 * result), false for a repeat. The claim is one insert, so two submits racing cannot both win.
 */
export function claimReceipt(key: string, kind: string): boolean {
  if (!RECEIPT_KEY.test(key)) return true;
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

/**
 * What `oncePerForm` gives: the work's result, or `repeated` for the same form sent again, with what the first send
 * kept (null while it is still at work, or if the server stopped before it finished).
 */
export type OnceResult<T, K> = { repeated: true; kept: K | null } | { repeated: false; result: T };

/**
 * A create form's work, done once per form shown. The form's loader gives it a receipt (`newId()`, in a hidden
 * `receipt` field); the same form sent again (a double click before the page is ready, another tab, Back and send
 * again) is `repeated` and does nothing, given what `keep` kept of the first send's result (to say what it made;
 * a send while the first is still at work waits for it a moment).
 * Work that refuses (`done` false: a field error) or throws lets the same form be sent again. A form without a valid
 * receipt (an old page) is not guarded.
 */
export async function oncePerForm<T, K = true>(
  receipt: FormDataEntryValue | null | undefined,
  kind: string,
  work: () => T | Promise<T>,
  done: (result: T) => boolean = () => true,
  keep: (result: T) => K = () => true as K,
): Promise<OnceResult<T, K>> {
  const key = typeof receipt === "string" && RECEIPT_KEY.test(receipt) ? receipt : null;
  if (key && !claimReceipt(key, kind)) return { repeated: true, kept: await keptByFirstSend<K>(key, kind) };
  try {
    // sync work is stored before anything else runs: a second send in the same moment finds what it made
    const produced = work();
    const result = produced instanceof Promise ? await produced : produced;
    if (key) {
      if (done(result)) storeReceipt(key, keep(result));
      else releaseReceipt(key);
    }
    return { repeated: false, result };
  } catch (error) {
    if (key) releaseReceipt(key);
    throw error;
  }
}

/** How long a form sent again waits for the first send still at work (a password being hashed, another process). */
const FIRST_SEND_WAIT_MS = 2_000;

/**
 * What the first send of a form kept, once it is done: null when it refused (the receipt was let go) or did not
 * finish within FIRST_SEND_WAIT_MS (the server stopped before it finished).
 */
async function keptByFirstSend<K>(key: string, kind: string): Promise<K | null> {
  for (let waited = 0; ; waited += 50) {
    const row = db().select().from(formReceipts).where(eq(formReceipts.key, key)).get();
    if (!row || row.kind !== kind) return null;
    if (row.result !== null) return JSON.parse(row.result) as K;
    if (waited >= FIRST_SEND_WAIT_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const FORM_ALREADY_SENT = "This form was already sent. If nothing was added, open the form again and send it.";

/**
 * The message for a form sent again: what the first send did, or, when it kept nothing (still at work in another
 * process, or the server stopped before it finished), only that it was sent.
 */
export function repeatMessage(kept: unknown, done: string): { type: "info"; text: string } {
  return { type: "info", text: kept ? done : FORM_ALREADY_SENT };
}
