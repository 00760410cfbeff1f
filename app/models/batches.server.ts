import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, preparedQuery, transaction, type DB } from "~/db/db.server";
import { batches, batchMembers, testBatches, type Test } from "~/db/schema.server";
import { batchRowFor, type BatchWindow, releaseCloseFor, testForBatches } from "~/lib/rules/batches";
import { pageParam } from "~/lib/schemas/forms";
import { likePattern } from "~/lib/rules/search";
import { newId } from "~/lib/server/ids.server";
import { admitJoinCode } from "~/models/throttle.server";
import { joinCodeSchema } from "~/lib/schemas/settings-schemas";

/**
 * Batches (classes) of students: the admin's list and members, tests given to batches with a window per batch,
 * and the rules a student's pages apply (a batch test is seen only by its batches' members).
 */

export const BATCH_PAGE = 50;
export const BATCH_NAME_TAKEN = "A batch with this name already exists";

export type BatchListFilters = { q: string; archived: boolean; page: number };

export function parseBatchListFilters(url: URL): BatchListFilters {
  const p = url.searchParams;
  return { q: (p.get("q") ?? "").trim().slice(0, 100), archived: p.get("archived") === "1", page: pageParam(p.get("page")) };
}

/** One page of batches with their member and test counts (one query each, counted by SQL). */
export function listBatches(f: BatchListFilters) {
  const where = sql`b.archived_at IS ${f.archived ? sql`NOT NULL` : sql`NULL`} ${f.q ? sql`AND lower(b.name) LIKE ${likePattern(f.q)} ESCAPE '\\'` : sql``}`;
  const total = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM batches b WHERE ${where}`)?.n ?? 0;
  const rows = db().all<{ id: string; name: string; archivedAt: number | null; createdAt: number; members: number; tests: number }>(sql`
    SELECT b.id, b.name, b.archived_at AS archivedAt, b.created_at AS createdAt,
           (SELECT COUNT(*) FROM batch_members m WHERE m.batch_id = b.id) AS members,
           (SELECT COUNT(*) FROM test_batches t WHERE t.batch_id = b.id) AS tests
    FROM batches b WHERE ${where}
    ORDER BY lower(b.name) LIMIT ${BATCH_PAGE} OFFSET ${(f.page - 1) * BATCH_PAGE}`);
  return { total, rows };
}

/** The batches an admin can pick (not archived), by name. */
export function batchOptions(): Array<{ value: string; label: string }> {
  return db()
    .all<{ id: string; name: string }>(sql`SELECT id, name FROM batches WHERE archived_at IS NULL ORDER BY lower(name)`)
    .map((b) => ({ value: b.id, label: b.name }));
}

export function batchById(id: string) {
  return db().select().from(batches).where(eq(batches.id, id)).get();
}

function nameTaken(tx: DB, name: string, except?: string): boolean {
  return !!tx.get<{ id: string }>(sql`SELECT id FROM batches WHERE lower(name) = lower(${name}) ${except ? sql`AND id <> ${except}` : sql``}`);
}

export function createBatch(name: string, now = new Date()): { ok: true; id: string } | { ok: false; error: string } {
  return transaction((tx) => {
    if (nameTaken(tx, name)) return { ok: false as const, error: BATCH_NAME_TAKEN };
    const id = newId();
    tx.insert(batches).values({ id, name, createdAt: now, updatedAt: now }).run();
    return { ok: true as const, id };
  });
}

/** Renames a batch and archives or restores it. False with a reason for a name another batch has. */
export function updateBatch(id: string, input: { name: string; archived: boolean }, now = new Date()): { ok: true } | { ok: false; error: string } {
  return transaction((tx) => {
    if (nameTaken(tx, input.name, id)) return { ok: false as const, error: BATCH_NAME_TAKEN };
    const before = tx.select({ archivedAt: batches.archivedAt }).from(batches).where(eq(batches.id, id)).get();
    if (!before) return { ok: false as const, error: "Batch not found" };
    const archivedAt = input.archived ? (before.archivedAt ?? now) : null;
    tx.update(batches).set({ name: input.name, archivedAt, updatedAt: now }).where(eq(batches.id, id)).run();
    return { ok: true as const };
  });
}

/** The batches of these names, made when missing (the student import's `batches` column): name (lower-case) → id. */
export function ensureBatchesNamed(tx: DB, names: readonly string[], now = new Date()): Map<string, string> {
  const ids = new Map<string, string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (ids.has(key)) continue;
    const found = tx.get<{ id: string }>(sql`SELECT id FROM batches WHERE lower(name) = ${key}`);
    if (found) ids.set(key, found.id);
    else {
      const id = newId();
      tx.insert(batches).values({ id, name, createdAt: now, updatedAt: now }).run();
      ids.set(key, id);
    }
  }
  return ids;
}

export type MemberFilters = { q: string; page: number };

/** One page of a batch's members (students), by name, searchable by name, e-mail or roll number. */
export function membersOf(batchId: string, f: MemberFilters) {
  const like = f.q
    ? sql`AND (lower(u.name) LIKE ${likePattern(f.q)} ESCAPE '\\' OR u.email LIKE ${likePattern(f.q)} ESCAPE '\\' OR lower(u.roll_number) LIKE ${likePattern(f.q)} ESCAPE '\\')`
    : sql``;
  const from = sql`FROM batch_members m JOIN users u ON u.id = m.user_id WHERE m.batch_id = ${batchId} ${like}`;
  const total = db().get<{ n: number }>(sql`SELECT COUNT(*) AS n ${from}`)?.n ?? 0;
  const rows = db().all<{ id: string; name: string; signInName: string; status: string; addedAt: number }>(sql`
    SELECT u.id, u.name, COALESCE(u.email, u.roll_number) AS signInName, u.status, m.added_at AS addedAt ${from}
    ORDER BY lower(u.name), u.id LIMIT ${BATCH_PAGE} OFFSET ${(f.page - 1) * BATCH_PAGE}`);
  return { total, rows };
}

/** Adds students (admins are never members) to a batch, in transactions of 500; returns how many were added. */
export function addMembers(batchId: string, userIds: readonly string[], now = new Date()): number {
  let added = 0;
  for (let from = 0; from < userIds.length; from += 500) {
    const part = userIds.slice(from, from + 500);
    added += transaction(
      (tx) =>
        tx.run(sql`
      INSERT OR IGNORE INTO batch_members (batch_id, user_id, added_at)
      SELECT ${batchId}, u.id, ${+now} FROM users u WHERE u.role = 'user' AND u.id IN ${part}`).changes,
    );
  }
  return added;
}

export function removeMembers(batchId: string, userIds: readonly string[]): number {
  let removed = 0;
  for (let from = 0; from < userIds.length; from += 500) {
    const part = [...userIds.slice(from, from + 500)];
    removed += db()
      .delete(batchMembers)
      .where(and(eq(batchMembers.batchId, batchId), inArray(batchMembers.userId, part)))
      .run().changes;
  }
  return removed;
}

/** The batches a test is given to, with each batch's own window and answer release. */
export function batchesOfTest(testId: string) {
  return db().all<{
    batchId: string;
    name: string;
    archived: number;
    opensAt: number | null;
    closesAt: number | null;
    answerRelease: string | null;
    members: number;
  }>(sql`
    SELECT tb.batch_id AS batchId, b.name, b.archived_at IS NOT NULL AS archived, tb.opens_at AS opensAt, tb.closes_at AS closesAt,
           tb.answer_release AS answerRelease, (SELECT COUNT(*) FROM batch_members m WHERE m.batch_id = b.id) AS members
    FROM test_batches tb JOIN batches b ON b.id = tb.batch_id WHERE tb.test_id = ${testId} ORDER BY lower(b.name)`);
}

/** Gives a test to a batch (or changes that batch's window and release on it). */
export function giveTestToBatch(testId: string, batchId: string, w: BatchWindow) {
  db()
    .insert(testBatches)
    .values({ testId, batchId, opensAt: toDate(w.opensAt), closesAt: toDate(w.closesAt), answerRelease: w.answerRelease })
    .onConflictDoUpdate({
      target: [testBatches.testId, testBatches.batchId],
      set: { opensAt: toDate(w.opensAt), closesAt: toDate(w.closesAt), answerRelease: w.answerRelease },
    })
    .run();
}

export function takeTestFromBatch(testId: string, batchId: string): boolean {
  return (
    db()
      .delete(testBatches)
      .where(and(eq(testBatches.testId, testId), eq(testBatches.batchId, batchId)))
      .run().changes > 0
  );
}

function toDate(m: Date | number | null): Date | null {
  return m === null ? null : new Date(+m);
}

// ---- what a student sees (asked on the start card, at Start and on the results: prepared once) ----

const testHasBatchesQuery = preparedQuery((d) =>
  d
    .select({ n: sql<number>`1` })
    .from(testBatches)
    .where(eq(testBatches.testId, sql.placeholder("testId")))
    .limit(1)
    .prepare(),
);
const myBatchRowsQuery = preparedQuery((d) =>
  d
    .select({ opensAt: testBatches.opensAt, closesAt: testBatches.closesAt, answerRelease: testBatches.answerRelease })
    .from(testBatches)
    .innerJoin(batchMembers, and(eq(batchMembers.batchId, testBatches.batchId), eq(batchMembers.userId, sql.placeholder("userId"))))
    .where(eq(testBatches.testId, sql.placeholder("testId")))
    .prepare(),
);
const everyBatchCloseQuery = preparedQuery((d) =>
  d
    .select({ closesAt: testBatches.closesAt })
    .from(testBatches)
    .where(and(eq(testBatches.testId, sql.placeholder("testId")), sql`${testBatches.closesAt} IS NOT NULL`))
    .prepare(),
);

/** The test's rows for the batches this student is in (none: not in any of them). */
export function myBatchRows(userId: string, testId: string): BatchWindow[] {
  return myBatchRowsQuery().all({ userId, testId });
}

/** The rows of these tests for the batches this student is in, by test (one query; the dashboard's list). */
export function myBatchRowsOfTests(userId: string, testIds: readonly string[]): Map<string, BatchWindow[]> {
  const byTest = new Map<string, BatchWindow[]>();
  if (!testIds.length) return byTest;
  const rows = db().all<BatchWindow & { testId: string }>(sql`
    SELECT tb.test_id AS testId, tb.opens_at AS opensAt, tb.closes_at AS closesAt, tb.answer_release AS answerRelease
    FROM test_batches tb JOIN batch_members bm ON bm.batch_id = tb.batch_id AND bm.user_id = ${userId}
    WHERE tb.test_id IN ${[...testIds]}`);
  for (const r of rows) byTest.set(r.testId, [...(byTest.get(r.testId) ?? []), r]);
  return byTest;
}

/**
 * The test as this student sees it: their batch's window and answer release in place of the test's where their
 * batch has them; null when the test is given to batches and they are in none (a test given to none is for
 * everyone of its exam type). One prepared query for a test given to no batch, two for one given to batches.
 */
export function testForStudent<T extends Test>(test: T, userId: string, now = Date.now()): T | null {
  if (!testHasBatchesQuery().get({ testId: test.id })) return test;
  const rows = myBatchRows(userId, test.id);
  return rows.length ? testForBatches(test, rows, now) : null;
}

/**
 * The test as its answer release sees it: for a student (`userId`), their batch's own release and close where
 * their batch has its own release; otherwise the test's rule, waiting for the last close of every window (every
 * batch's and every personal one). Without a student, everyone's last close (what ranks wait for).
 */
export function releaseViewOf<T extends Test>(test: T, userId: string | null, personalCloses: readonly number[], now = Date.now()): T {
  // a test given to no batch (most): no batch rows to read
  const batched = !!testHasBatchesQuery().get({ testId: test.id });
  const own = userId && batched ? batchRowFor(test, myBatchRows(userId, test.id), now) : null;
  const everyBatchClose = batched
    ? everyBatchCloseQuery()
        .all({ testId: test.id })
        .map((r) => r.closesAt)
    : [];
  const close = releaseCloseFor(test, own, everyBatchClose, personalCloses);
  return { ...(own ? testForBatches(test, [own], now) : test), closesAt: close === null ? null : new Date(+close) };
}

/** SQL: the test whose id is `testId` may be seen by the user `userId` as far as batches go (given to none, or to a batch they are in). */
export function givenToUserSql(testId: SQL, userId: SQL): SQL {
  return sql`(NOT EXISTS (SELECT 1 FROM test_batches tb WHERE tb.test_id = ${testId})
    OR EXISTS (SELECT 1 FROM test_batches tb JOIN batch_members bm ON bm.batch_id = tb.batch_id AND bm.user_id = ${userId} WHERE tb.test_id = ${testId}))`;
}

/** SQL: test `t` (or the alias given) may be seen by this student as far as batches go. */
export function batchVisibleSql(userId: string, testAlias = "t"): SQL {
  return givenToUserSql(sql.raw(`${testAlias}.id`), sql`${userId}`);
}

/** SQL: the user in `userColumn` is a member of this batch (the admin lists' batch filter). */
export function inBatchSql(batchId: string, userColumn: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM batch_members bm WHERE bm.batch_id = ${batchId} AND bm.user_id = ${userColumn})`;
}

/** Students whose name, e-mail or roll number contains `q` (20 at most), each marked when already in the batch. */
export function studentsToAdd(batchId: string, q: string) {
  if (!q.trim()) return [];
  const like = likePattern(q.trim());
  return db().all<{ id: string; name: string; signInName: string; inBatch: number }>(sql`
    SELECT u.id, u.name, COALESCE(u.email, u.roll_number) AS signInName,
           EXISTS (SELECT 1 FROM batch_members m WHERE m.batch_id = ${batchId} AND m.user_id = u.id) AS inBatch
    FROM users u
    WHERE u.role = 'user' AND (lower(u.name) LIKE ${like} ESCAPE '\\' OR u.email LIKE ${like} ESCAPE '\\' OR lower(u.roll_number) LIKE ${like} ESCAPE '\\')
    ORDER BY lower(u.name), u.id LIMIT 20`);
}

/** The tests given to a batch, with the batch's window on each. */
export function testsOfBatch(batchId: string) {
  return db().all<{ id: string; title: string; examType: string; opensAt: number | null; closesAt: number | null; answerRelease: string | null }>(sql`
    SELECT t.id, t.title, t.exam_type AS examType, COALESCE(tb.opens_at, t.opens_at) AS opensAt, COALESCE(tb.closes_at, t.closes_at) AS closesAt,
           tb.answer_release AS answerRelease
    FROM test_batches tb JOIN tests t ON t.id = tb.test_id WHERE tb.batch_id = ${batchId} AND t.archived_at IS NULL
    ORDER BY t.created_at DESC LIMIT 200`);
}

/** The batches a student is in, by name (their analysis page). */
export function batchesOfUser(userId: string) {
  return db().all<{ id: string; name: string; archived: number }>(sql`
    SELECT b.id, b.name, b.archived_at IS NOT NULL AS archived FROM batch_members m JOIN batches b ON b.id = m.batch_id
    WHERE m.user_id = ${userId} ORDER BY lower(b.name)`);
}

/* ---------------------------------------------------------------- join codes */

/** Letters and digits a student cannot misread (no 0/O, 1/I/L). */
const JOIN_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const JOIN_CODE_UNKNOWN = "This join code is not known. Check it with the academy.";

/** A new random code of 8 characters (about 39 bits: guessing one is throttled besides). */
export function newJoinCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => JOIN_CODE_ALPHABET[b % JOIN_CODE_ALPHABET.length]).join("");
}

/** Gives the batch a new join code (the old one stops working), or none; returns the code. */
export function setJoinCode(batchId: string, on: boolean): string | null {
  for (let tries = 0; tries < 5; tries++) {
    const code = on ? newJoinCode() : null;
    try {
      db().update(batches).set({ joinCode: code, updatedAt: new Date() }).where(eq(batches.id, batchId)).run();
      return code;
    } catch (error) {
      // the same code as another batch's (unique index): draw again
      if (!on || !String(error).includes("UNIQUE")) throw error;
    }
  }
  throw new Error("no free join code");
}

/** The open batch with this join code (as typed), if any. */
export function batchWithJoinCode(code: string): { id: string; name: string } | undefined {
  const typed = code.replace(/[\s-]/g, "").toUpperCase();
  return typed ? db().get<{ id: string; name: string }>(sql`SELECT id, name FROM batches WHERE join_code = ${typed} AND archived_at IS NULL`) : undefined;
}

/**
 * A student joins the batch whose code they typed (an archived batch takes no one), with the exam types of the
 * tests given to that batch, so its tests show on their dashboard at once. `code` as typed: case, spaces and
 * dashes do not matter.
 */
export function joinBatchByCode(
  userId: string,
  code: string,
  now = new Date(),
): { ok: true; batchName: string; examTypes: string[] } | { ok: false; error: string } {
  const typed = code.replace(/[\s-]/g, "").toUpperCase();
  if (!typed) return { ok: false, error: JOIN_CODE_UNKNOWN };
  return transaction((tx) => {
    const batch = tx.get<{ id: string; name: string }>(sql`SELECT id, name FROM batches WHERE join_code = ${typed} AND archived_at IS NULL`);
    if (!batch) return { ok: false as const, error: JOIN_CODE_UNKNOWN };
    tx.run(
      sql`INSERT OR IGNORE INTO batch_members (batch_id, user_id, added_at) SELECT ${batch.id}, id, ${+now} FROM users WHERE id = ${userId} AND role = 'user'`,
    );
    const types = tx
      .all<{ t: string }>(sql`SELECT DISTINCT t.exam_type AS t FROM test_batches tb JOIN tests t ON t.id = tb.test_id WHERE tb.batch_id = ${batch.id}`)
      .map((r) => r.t);
    for (const t of types) tx.run(sql`INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) VALUES (${userId}, ${t})`);
    return { ok: true as const, batchName: batch.name, examTypes: types };
  });
}

/**
 * A signed-in student types a join code (their dashboard, My account): read with `joinCodeSchema`, counted
 * against guessing, then joined. The message says which batch and exams they now have.
 */
export async function joinBatchWithTypedCode(
  userId: string,
  typed: FormDataEntryValue | null,
): Promise<{ ok: true; message: string } | { ok: false; error: string }> {
  const parsed = joinCodeSchema.safeParse({ joinCode: typeof typed === "string" ? typed : undefined });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? JOIN_CODE_UNKNOWN };
  const admission = await admitJoinCode(userId);
  if (!admission.ok) return { ok: false, error: admission.message };
  const joined = joinBatchByCode(userId, parsed.data.joinCode);
  if (!joined.ok) return joined;
  return { ok: true, message: `You joined ${joined.batchName}.${joined.examTypes.length ? " Its tests are on your dashboard." : ""}` };
}
