import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db, preparedQuery, transaction } from "~/db/db.server";
import { examTypes, userExamTypes, users, type User } from "~/db/schema.server";
import { env } from "~/lib/server/env.server";
import { newId } from "~/lib/server/ids.server";
import { looksLikeEmail, normalizeRollNumber, normalizeSignInName } from "~/lib/rules/sign-in-name";
import { hashPassword, passwordPool } from "~/lib/server/password.server";
import { endAllSessions } from "~/models/session.server";

/** What a signed-in request knows about its user (spec: the session user). */
export type SessionUser = {
  id: string;
  /** null for a student who signs in with a roll number or phone */
  email: string | null;
  rollNumber: string | null;
  name: string;
  role: "user" | "admin";
  status: "active" | "inactive";
  assignedExamTypes: string[];
  globalTestLimit: number | null;
};

/** SQL for what a user signs in with: the e-mail, or the roll number / phone of a student without one. */
export const userSignInName = sql<string>`coalesce(${users.email}, ${users.rollNumber})`;

export const DEFAULT_JOIN_DATE = new Date("2025-01-01T00:00:00Z");

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isOwnerEmail(email: string | null): boolean {
  return email !== null && normaliseEmail(email) === normaliseEmail(env().ADMIN_EMAIL);
}

/** The user a sign-in name belongs to: an e-mail, or a roll number or phone (sign-in-name.ts). */
export function findUserBySignInName(signInName: string): User | undefined {
  const stored = normalizeSignInName(signInName, env().ACADEMY_COUNTRY);
  return db()
    .select()
    .from(users)
    .where(eq(looksLikeEmail(stored) ? users.email : users.rollNumber, stored))
    .get();
}

// every signed-in request reads its user and exam types: prepared once
const userById = preparedQuery((d) =>
  d
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare(),
);
const examTypesOfUser = preparedQuery((d) =>
  d
    .select({ t: userExamTypes.examType })
    .from(userExamTypes)
    .where(eq(userExamTypes.userId, sql.placeholder("userId")))
    .prepare(),
);

export function findUserById(id: string): User | undefined {
  return userById().get({ id });
}

export function assignedExamTypes(userId: string): string[] {
  return examTypesOfUser()
    .all({ userId })
    .map((r) => r.t);
}

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    rollNumber: user.rollNumber,
    name: user.name,
    role: user.role,
    status: user.status,
    assignedExamTypes: assignedExamTypes(user.id),
    globalTestLimit: user.globalTestLimit,
  };
}

export function setAssignedExamTypes(userId: string, types: string[]) {
  transaction((tx) => {
    tx.delete(userExamTypes).where(eq(userExamTypes.userId, userId)).run();
    const unique = [...new Set(types)];
    if (unique.length)
      tx.insert(userExamTypes)
        .values(unique.map((examType) => ({ userId, examType })))
        .run();
    tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId)).run();
  });
}

export async function createUser(input: {
  name: string;
  email: string | null;
  /** a roll number or phone to sign in with (students without an e-mail) */
  rollNumber?: string | null;
  password: string | null;
  role?: "user" | "admin";
  status?: "active" | "inactive";
  assignedExamTypes?: string[];
  globalTestLimit?: number | null;
  id?: string;
}): Promise<User> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const now = new Date();
  const id = input.id ?? newId();
  transaction((tx) => {
    tx.insert(users)
      .values({
        id,
        name: input.name.trim(),
        email: input.email === null ? null : normaliseEmail(input.email),
        rollNumber: input.rollNumber ? normalizeRollNumber(input.rollNumber, env().ACADEMY_COUNTRY) : null,
        passwordHash,
        role: input.role ?? "user",
        status: input.status ?? "active",
        joinDate: now,
        globalTestLimit: input.globalTestLimit ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    const types = [...new Set(input.assignedExamTypes ?? [])];
    if (types.length)
      tx.insert(userExamTypes)
        .values(types.map((examType) => ({ userId: id, examType })))
        .run();
  });
  return findUserById(id) as User;
}

/** All exam type values, plus CUSTOM: what the owner account is given (spec section 6). */
export function allExamTypeValuesWithCustom(): string[] {
  const values = db()
    .select({ v: examTypes.value })
    .from(examTypes)
    .all()
    .map((r) => r.v);
  return [...new Set([...values, "CUSTOM"])];
}

/** The owner e-mail is forced to admin with every exam type including CUSTOM. */
export function enforceOwner(user: User): User {
  if (!isOwnerEmail(user.email)) return user;
  db().update(users).set({ role: "admin", status: "active" }).where(eq(users.id, user.id)).run();
  setAssignedExamTypes(user.id, allExamTypeValuesWithCustom());
  return findUserById(user.id) as User;
}

/**
 * Re-hashes an old-format hash (scrypt, or weaker argon2 settings) with today's settings, later: once
 * the sign-in's answer is sent and no other hash is waiting in the password pool, so the first exam
 * morning after an upgrade costs a verify per sign-in, not a verify and a hash. A process that stops
 * first drops its pending ones (the next sign-in re-hashes); at most MAX_PENDING_REHASHES are kept.
 */
const pendingRehashes = new Map<string, { checkedHash: string; password: string }>();
const MAX_PENDING_REHASHES = 1000;
let rehashTimer: ReturnType<typeof setTimeout> | undefined;

export function rehashPasswordLater(userId: string, checkedHash: string, password: string) {
  if (pendingRehashes.size >= MAX_PENDING_REHASHES && !pendingRehashes.has(userId)) return;
  pendingRehashes.set(userId, { checkedHash, password });
  scheduleRehashes(0);
}

function scheduleRehashes(delayMs: number) {
  if (rehashTimer) return;
  rehashTimer = setTimeout(runPendingRehashes, delayMs);
  rehashTimer.unref?.();
}

async function runPendingRehashes() {
  rehashTimer = undefined;
  for (const [userId, job] of pendingRehashes) {
    // others are waiting for a hash (a sign-in wave): come back when the pool is idle
    if (passwordPool().pending > 0) return scheduleRehashes(1000);
    pendingRehashes.delete(userId);
    try {
      await rehashPassword(userId, job.checkedHash, job.password);
    } catch (error) {
      // a busy database: the next sign-in with the old hash tries again
      console.warn(`re-hash of a password put off: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Password re-hashes not yet done in this process (tests wait for 0). */
export function pendingRehashCount(): number {
  return pendingRehashes.size;
}

/**
 * Replaces a password hash made with older settings by today's. Only if the stored hash is still the
 * one that was checked: a password changed meanwhile (by an admin, in another tab) is kept.
 */
export async function rehashPassword(userId: string, checkedHash: string, password: string) {
  const passwordHash = await hashPassword(password);
  db()
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)))
    .run();
}

export function stampLastLogin(userId: string) {
  db().update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId)).run();
}

export function setUserStatus(userId: string, status: "active" | "inactive") {
  transaction((tx) => {
    tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId)).run();
    if (status === "inactive") endAllSessions(userId, tx);
  });
}

/**
 * Brings every stored roll number and phone to today's rule (`normalizeRollNumber`: no spaces or dashes, a phone of
 * the academy's country as its national number), at each start, after the migrations. A value another account
 * already has is left as it is and named in the log: two accounts of one student, for the academy to merge.
 */
export function normalizeStoredSignInNames(): { changed: number; clashes: string[] } {
  const rows = db().select({ id: users.id, rollNumber: users.rollNumber }).from(users).where(isNotNull(users.rollNumber)).all();
  const taken = new Set(rows.map((r) => r.rollNumber));
  const clashes: string[] = [];
  let changed = 0;
  for (const r of rows) {
    const stored = r.rollNumber ?? "";
    const next = normalizeRollNumber(stored, env().ACADEMY_COUNTRY);
    if (next === stored) continue;
    if (taken.has(next)) {
      clashes.push(`${stored} and ${next}`);
      continue;
    }
    db().update(users).set({ rollNumber: next }).where(eq(users.id, r.id)).run();
    taken.delete(stored);
    taken.add(next);
    changed += 1;
  }
  return { changed, clashes };
}
