import { eq, inArray, or } from "drizzle-orm";
import { db, transaction, type DB } from "~/db/db.server";
import { batchMembers, formReceipts, userExamTypes, users } from "~/db/schema.server";
import { ensureBatchesNamed } from "./batches.server";
import { newId } from "~/lib/server/ids.server";
import { hashPassword } from "~/lib/server/password.server";
import { countOutcomes, type ExistingPolicy, examTypesAfter, planStudentImport, type RowOutcome, type StudentRow } from "~/lib/rules/student-import-rules";
import { allExamTypeOptions } from "./exam-type.server";
import { claimReceipt, readReceipt, storeReceipt } from "./form-receipts.server";
import { createLinkBatch } from "./sign-in-links.server";

const BATCH = 200;

/** Puts a student in the named batches (made when missing); returns how many they joined. */
function joinBatches(tx: DB, userId: string, names: readonly string[]): number {
  const ids = ensureBatchesNamed(tx, names);
  let joined = 0;
  for (const batchId of ids.values()) joined += tx.insert(batchMembers).values({ batchId, userId, addedAt: new Date() }).onConflictDoNothing().run().changes;
  return joined;
}

/**
 * The registered sign-in names (e-mails and roll numbers) among these, each with its student's exam types;
 * a student known by both and named by both appears under both.
 */
function registeredStudents(names: string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const wanted = new Set(names);
  for (let from = 0; from < names.length; from += 500) {
    const chunk = names.slice(from, from + 500);
    const byUser = new Map<string, { keys: string[]; types: string[] }>();
    for (const r of db()
      .select({ id: users.id, email: users.email, rollNumber: users.rollNumber, examType: userExamTypes.examType })
      .from(users)
      .leftJoin(userExamTypes, eq(userExamTypes.userId, users.id))
      .where(or(inArray(users.email, chunk), inArray(users.rollNumber, chunk)))
      .all()) {
      const entry = byUser.get(r.id) ?? { keys: [r.email, r.rollNumber].filter((k): k is string => k !== null && wanted.has(k)), types: [] };
      if (r.examType) entry.types.push(r.examType);
      byUser.set(r.id, entry);
    }
    for (const { keys, types } of byUser.values()) for (const key of keys) out.set(key, types);
  }
  return out;
}

/** The registered student a row names: by its e-mail, else by its roll number. */
function registeredIdOf(tx: Pick<ReturnType<typeof db>, "select">, row: StudentRow): string | undefined {
  const where = row.email ? eq(users.email, row.email) : eq(users.rollNumber, row.rollNumber ?? "");
  return tx.select({ id: users.id }).from(users).where(where).get()?.id;
}

type StoredPlan = { policy: ExistingPolicy; outcomes: RowOutcome[]; fileName: string };

/**
 * Step 1: read the file and say what each row would do (new, exam types before → after, skip, error with its
 * line); the plan is kept (a day at most) under a key the confirmation posts back. Nothing is written.
 */
export function previewStudentImport(bytes: Uint8Array, fileName: string, policy: ExistingPolicy) {
  // the e-mails in the file, to know which students exist (one pass to find them, one to plan)
  const firstPass = planStudentImport(bytes, allExamTypeOptions(), new Map(), policy);
  if (!firstPass.ok) return firstPass;
  const names = firstPass.outcomes.flatMap((o) => (o.kind === "error" ? [] : [o.row.email, o.row.rollNumber].filter((n): n is string => n !== null)));
  const plan = planStudentImport(bytes, allExamTypeOptions(), registeredStudents(names), policy);
  if (!plan.ok) return plan;
  const key = newId();
  claimReceipt(key, "student-import");
  storeReceipt(key, { policy, outcomes: plan.outcomes, fileName } satisfies StoredPlan);
  return { ok: true as const, key, fileName, counts: countOutcomes(plan.outcomes), outcomes: plan.outcomes };
}

export function readStudentImportPlan(key: string | null) {
  const plan = readReceipt<StoredPlan>(key, "student-import");
  return plan ? { ...plan, counts: countOutcomes(plan.outcomes) } : null;
}

/**
 * Step 2: apply the previewed plan once (the plan is taken, so a second confirm finds nothing), in
 * transactions of 200 students. New students without a password get one-time sign-in links, kept for
 * download under the returned key.
 */
export async function applyStudentImport(key: string, origin: string) {
  const plan = readReceipt<StoredPlan>(key, "student-import");
  if (!plan) return { ok: false as const, error: "This preview has expired or was already imported. Choose the file again." };
  if (db().delete(formReceipts).where(eq(formReceipts.key, key)).run().changes !== 1)
    return { ok: false as const, error: "This preview has expired or was already imported. Choose the file again." };
  const newRows = plan.outcomes.flatMap((o) => (o.kind === "new" ? [o.row] : []));
  const updates = plan.outcomes.flatMap((o) => (o.kind === "update" ? [o] : []));
  let created = 0;
  let updated = 0;
  const withoutPassword: string[] = [];
  for (let from = 0; from < newRows.length; from += BATCH) {
    const batch = newRows.slice(from, from + BATCH);
    // passwords are hashed before the transaction (argon2id runs on libuv's threads)
    const hashes = await Promise.all(batch.map((r) => (r.password ? hashPassword(r.password) : Promise.resolve(null))));
    transaction((tx) => {
      const now = new Date();
      batch.forEach((r: StudentRow, i) => {
        // a student registered since the preview (by this e-mail or roll number) is left as they are
        const taken = or(r.email ? eq(users.email, r.email) : undefined, r.rollNumber ? eq(users.rollNumber, r.rollNumber) : undefined);
        if (tx.select({ id: users.id }).from(users).where(taken).get()) return;
        const id = newId();
        tx.insert(users)
          .values({
            id,
            name: r.name,
            email: r.email,
            rollNumber: r.rollNumber,
            passwordHash: hashes[i],
            role: "user",
            status: "active",
            joinDate: now,
            globalTestLimit: r.globalTestLimit,
            createdAt: now,
            updatedAt: now,
          })
          .run();
        if (r.examTypes.length)
          tx.insert(userExamTypes)
            .values(r.examTypes.map((examType) => ({ userId: id, examType })))
            .run();
        if (r.batches?.length) joinBatches(tx, id, r.batches);
        if (!hashes[i]) withoutPassword.push(id);
        created += 1;
      });
    });
  }
  for (let from = 0; from < updates.length; from += BATCH) {
    transaction((tx) => {
      for (const { row: r } of updates.slice(from, from + BATCH)) {
        const userId = registeredIdOf(tx, r);
        if (!userId) continue;
        const user = { id: userId };
        // the policy's result, computed again from what the student has now (an admin may have changed it since the preview)
        const now = tx
          .select({ t: userExamTypes.examType })
          .from(userExamTypes)
          .where(eq(userExamTypes.userId, user.id))
          .all()
          .map((x) => x.t);
        const next = examTypesAfter(now, r.examTypes, plan.policy);
        const joined = plan.policy !== "skip" && r.batches?.length ? joinBatches(tx, user.id, r.batches) : 0;
        if (next.length === now.length && next.every((t) => now.includes(t))) {
          updated += joined ? 1 : 0;
          continue;
        }
        tx.delete(userExamTypes).where(eq(userExamTypes.userId, user.id)).run();
        if (next.length)
          tx.insert(userExamTypes)
            .values(next.map((examType) => ({ userId: user.id, examType })))
            .run();
        tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, user.id)).run();
        updated += 1;
      }
    });
  }
  const links = withoutPassword.length ? createLinkBatch(withoutPassword, origin) : null;
  const counts = countOutcomes(plan.outcomes);
  // the rows refused, for the lasting import report
  const refused = plan.outcomes.flatMap((o) => (o.kind === "error" ? [{ where: `line ${o.line}${o.email ? ` (${o.email})` : ""}`, reason: o.reason }] : []));
  return {
    ok: true as const,
    created,
    updated,
    skipped: counts.skip,
    errors: counts.error,
    links: links?.count ?? 0,
    linksKey: links?.key ?? null,
    fileName: plan.fileName,
    refused,
  };
}
