import { pageParam } from "~/lib/schemas/forms";
import type { BulkUserAction, UserSort } from "~/lib/rules/user-list";
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, transaction } from "~/db/db.server";
import { attempts, tests, userExamTypes, users, userTestLimits } from "~/db/schema.server";
import { hashPassword } from "~/lib/server/password.server";
import { endAllSessions } from "~/models/session.server";
import { ROLL_NUMBER_TAKEN } from "~/lib/rules/sign-in-name";
import { addMembers, inBatchSql, removeMembers } from "./batches.server";
import { likePattern } from "~/lib/rules/search";
import { signOutWhileWritingNote } from "~/lib/rules/session-rules";
import { studentsWritingAmong, testBeingWrittenBy } from "./attempt.server";
import { createUser, findUserById, findUserBySignInName, isOwnerEmail, setAssignedExamTypes, setUserStatus, userSignInName } from "./user.server";

export const USERS_PAGE_SIZE = 50;

/** `password`: "none" lists the users who have no password yet (imported, waiting for their sign-in link). */
export type UserFilters = {
  q: string;
  status: "all" | "active" | "inactive";
  type: string;
  /** a batch's id: its students only */
  batch: string;
  password: "all" | "none";
  sort: UserSort;
  page: number;
};

export function parseUserFilters(url: URL | URLSearchParams): UserFilters {
  const p = url instanceof URL ? url.searchParams : url;
  const s = p.get("status");
  const sort = p.get("sort");
  return {
    q: (p.get("q") ?? "").trim().slice(0, 100),
    status: s === "active" || s === "inactive" ? s : "all",
    type: (p.get("type") ?? "").trim().slice(0, 60),
    batch: (p.get("batch") ?? "").trim().slice(0, 100),
    password: p.get("password") === "none" ? "none" : "all",
    sort: sort === "joined" || sort === "login" ? sort : "name",
    page: pageParam(p.get("page")),
  };
}

/** A name, e-mail or roll number / phone containing the (escaped, lower-case) pattern. */
function nameOrSignInNameLike(p: string): SQL {
  return sql`(lower(${users.name}) LIKE ${p} ESCAPE '\\' OR ${users.email} LIKE ${p} ESCAPE '\\' OR lower(${users.rollNumber}) LIKE ${p} ESCAPE '\\')`;
}

function whereOf(f: UserFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.q) {
    const p = likePattern(f.q);
    parts.push(nameOrSignInNameLike(p));
  }
  if (f.status !== "all") parts.push(eq(users.status, f.status));
  if (f.type) parts.push(sql`EXISTS (SELECT 1 FROM user_exam_types t WHERE t.user_id = ${users.id} AND t.exam_type = ${f.type})`);
  if (f.batch) parts.push(inBatchSql(f.batch, sql`${users.id}`));
  if (f.password === "none") parts.push(sql`${users.passwordHash} IS NULL`);
  return parts.length ? and(...parts) : undefined;
}

function orderOf(sort: UserSort): SQL[] {
  if (sort === "joined") return [sql`${users.joinDate} DESC`, sql`${users.name}`];
  if (sort === "login") return [sql`${users.lastLogin} IS NULL`, sql`${users.lastLogin} DESC`, sql`${users.name}`];
  return [sql`${users.name}`];
}

/** How many users the filters match (one COUNT). */
export function countUsersMatching(f: UserFilters): number {
  return db().select({ n: count() }).from(users).where(whereOf(f)).get()?.n ?? 0;
}

/** The ids of every user the filters match (for "all N matching"), in list order. */
export function idsMatching(f: UserFilters): string[] {
  return db()
    .select({ id: users.id })
    .from(users)
    .where(whereOf(f))
    .orderBy(...orderOf(f.sort))
    .all()
    .map((r) => r.id);
}

/** Tiles, and one page of users with their exam types and limits (two indexed queries, no N+1). */
export function listUsers(f: UserFilters) {
  const totals = db()
    .select({ total: count(), active: sql<number>`SUM(${users.status} = 'active')`, inactive: sql<number>`SUM(${users.status} = 'inactive')` })
    .from(users)
    .get();
  const where = whereOf(f);
  const filtered = countUsersMatching(f);
  const rows = db()
    .select({
      id: users.id,
      name: users.name,
      email: userSignInName,
      role: users.role,
      status: users.status,
      joinDate: users.joinDate,
      lastLogin: users.lastLogin,
      globalTestLimit: users.globalTestLimit,
      hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`,
    })
    .from(users)
    .where(where)
    .orderBy(...orderOf(f.sort))
    .limit(USERS_PAGE_SIZE)
    .offset((f.page - 1) * USERS_PAGE_SIZE)
    .all();
  const ids = rows.map((r) => r.id);
  const types = new Map<string, string[]>();
  const limits = new Map<string, number>();
  const writing = new Set<string>();
  if (ids.length) {
    // who is writing a test now: deactivating them, or a new password, stops them mid-test
    for (const w of studentsWritingAmong(ids)) writing.add(w);
    for (const t of db().select().from(userExamTypes).where(inArray(userExamTypes.userId, ids)).all()) {
      types.set(t.userId, [...(types.get(t.userId) ?? []), t.examType]);
    }
    for (const l of db()
      .select({ userId: userTestLimits.userId, n: count() })
      .from(userTestLimits)
      .where(inArray(userTestLimits.userId, ids))
      .groupBy(userTestLimits.userId)
      .all()) {
      limits.set(l.userId, l.n);
    }
  }
  return {
    totals: { total: totals?.total ?? 0, active: totals?.active ?? 0, inactive: totals?.inactive ?? 0 },
    filtered,
    pages: Math.max(1, Math.ceil(filtered / USERS_PAGE_SIZE)),
    rows: rows.map((r) => ({
      ...r,
      hasPassword: r.hasPassword === 1,
      examTypes: types.get(r.id) ?? [],
      perTestLimits: limits.get(r.id) ?? 0,
      writing: writing.has(r.id),
    })),
  };
}

export const EMAIL_EXISTS = "User with this email already exists";

/** Adds a user; a taken e-mail or roll number is refused with the field it belongs to. */
export async function addUser(input: { name: string; email?: string; rollNumber?: string; password: string; role: "user" | "admin"; examTypes: string[] }) {
  if (input.email && findUserBySignInName(input.email)) return { ok: false as const, field: "email" as const, error: EMAIL_EXISTS };
  if (input.rollNumber && findUserBySignInName(input.rollNumber)) return { ok: false as const, field: "rollNumber" as const, error: ROLL_NUMBER_TAKEN };
  const user = await createUser({
    name: input.name,
    email: input.email ?? null,
    rollNumber: input.rollNumber ?? null,
    password: input.password,
    role: input.role,
    assignedExamTypes: input.examTypes,
  });
  return { ok: true as const, user };
}

export const CANNOT_CHANGE_OWNER = "The academy owner's account cannot be deactivated or deleted.";

export function changeStatus(id: string, status: "active" | "inactive", actingUserId: string) {
  const user = findUserById(id);
  if (!user) return { ok: false as const, error: "Error updating user status. Please try again." };
  if (status === "inactive" && (isOwnerEmail(user.email) || id === actingUserId)) return { ok: false as const, error: CANNOT_CHANGE_OWNER };
  setUserStatus(id, status);
  return { ok: true as const, user };
}

/** How many attempts a user has made (all tests): what Delete User takes with it. */
export function attemptCountOfUser(userId: string): number {
  return db().select({ n: count() }).from(attempts).where(eq(attempts.userId, userId)).get()?.n ?? 0;
}

/**
 * Deleting a user removes the account and, by the foreign keys, their exam types, limits and every
 * attempt with its answers: an academy deletes an account when the student asks to be forgotten.
 * Deactivate instead to keep the history. The owner and the acting admin cannot be deleted.
 */
export function deleteUser(id: string, actingUserId: string) {
  const user = findUserById(id);
  if (!user) return { ok: false as const, error: "Error deleting user. Please try again." };
  if (isOwnerEmail(user.email) || id === actingUserId) return { ok: false as const, error: CANNOT_CHANGE_OWNER };
  db().delete(users).where(eq(users.id, id)).run();
  return { ok: true as const, user };
}

export function assignExamTypes(id: string, types: string[]) {
  const user = findUserById(id);
  if (!user) return false;
  setAssignedExamTypes(id, types);
  return true;
}

export function setGlobalLimit(id: string, limit: number | null) {
  return db().update(users).set({ globalTestLimit: limit, updatedAt: new Date() }).where(eq(users.id, id)).run().changes > 0;
}

export function perTestLimitsOf(userId: string) {
  return db()
    .select({ testId: userTestLimits.testId, title: tests.title, maxAttempts: userTestLimits.maxAttempts })
    .from(userTestLimits)
    .innerJoin(tests, eq(tests.id, userTestLimits.testId))
    .where(eq(userTestLimits.userId, userId))
    .orderBy(tests.title)
    .all();
}

export function setPerTestLimit(userId: string, testId: string, maxAttempts: number | null) {
  transaction((tx) => {
    tx.delete(userTestLimits)
      .where(and(eq(userTestLimits.userId, userId), eq(userTestLimits.testId, testId)))
      .run();
    if (maxAttempts !== null) tx.insert(userTestLimits).values({ userId, testId, maxAttempts }).run();
  });
}

/**
 * Said before an action that signs a student out (a new password, Sign out everywhere) while they are writing a
 * test, or null when they are not (app/lib/rules/session-rules.ts).
 */
export function signOutWarningFor(user: { id: string; name: string }, now = new Date()): string | null {
  const writing = testBeingWrittenBy(user.id, now);
  if (!writing) return null;
  return signOutWhileWritingNote({ name: user.name, testTitle: writing.testTitle, secondsLeft: (+writing.deadlineAt - +now) / 1000 });
}

export async function setPassword(userId: string, password: string) {
  const hash = await hashPassword(password);
  transaction((tx) => {
    tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId)).run();
    endAllSessions(userId, tx);
  });
}

/** Users by name or e-mail, for pickers that must scale to thousands of students. */
export function searchUsers(q: string, limit = 20) {
  const p = likePattern(q.trim());
  return db()
    .select({ id: users.id, name: users.name, email: userSignInName })
    .from(users)
    .where(and(eq(users.role, "user"), nameOrSignInNameLike(p)))
    .orderBy(users.name)
    .limit(limit)
    .all();
}

export function testsForLimits(examTypes: string[]) {
  if (!examTypes.length) return [];
  return db()
    .select({ id: tests.id, title: tests.title })
    .from(tests)
    .where(and(inArray(tests.examType, examTypes), sql`${tests.archivedAt} IS NULL`))
    .orderBy(tests.title)
    .all();
}

/**
 * One action on many users, in transactions of 500. The owner and the acting admin are never
 * deactivated or deleted (counted as skipped). Returns how many users changed.
 */
export function bulkUpdateUsers(
  action: Exclude<BulkUserAction, "links">,
  ids: string[],
  options: { examType?: string; batchId?: string; limit?: number | null; actingUserId: string },
): { changed: number; skipped: number } {
  let changed = 0;
  let skipped = 0;
  const protectedIds = new Set(
    db()
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids.slice(0, 100_000)))
      .all()
      .filter((u) => isOwnerEmail(u.email) || u.id === options.actingUserId)
      .map((u) => u.id),
  );
  // batches: one statement per 500 (students only; admins are never members)
  if (action === "add-batch" || action === "remove-batch") {
    if (!options.batchId) return { changed, skipped };
    changed = action === "add-batch" ? addMembers(options.batchId, ids) : removeMembers(options.batchId, ids);
    return { changed, skipped };
  }
  for (let from = 0; from < ids.length; from += 500) {
    const batch = ids.slice(from, from + 500);
    transaction((tx) => {
      const now = new Date();
      for (const id of batch) {
        if ((action === "deactivate" || action === "delete") && protectedIds.has(id)) {
          skipped += 1;
          continue;
        }
        let n = 0;
        if (action === "add-type" && options.examType)
          n = tx.insert(userExamTypes).values({ userId: id, examType: options.examType }).onConflictDoNothing().run().changes;
        else if (action === "remove-type" && options.examType)
          n = tx
            .delete(userExamTypes)
            .where(and(eq(userExamTypes.userId, id), eq(userExamTypes.examType, options.examType)))
            .run().changes;
        else if (action === "activate" || action === "deactivate") {
          const status = action === "activate" ? "active" : "inactive";
          n = tx
            .update(users)
            .set({ status, updatedAt: now })
            .where(and(eq(users.id, id), sql`${users.status} <> ${status}`))
            .run().changes;
          if (n && status === "inactive") endAllSessions(id, tx);
        } else if (action === "limit")
          n = tx
            .update(users)
            .set({ globalTestLimit: options.limit ?? null, updatedAt: now })
            .where(eq(users.id, id))
            .run().changes;
        else if (action === "delete") n = tx.delete(users).where(eq(users.id, id)).run().changes;
        changed += n ? 1 : 0;
      }
    });
  }
  return { changed, skipped };
}
