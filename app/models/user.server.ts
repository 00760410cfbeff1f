import { and, eq, sql } from "drizzle-orm";
import { db, preparedQuery, transaction } from "~/db/db.server";
import { examTypes, userExamTypes, users, type User } from "~/db/schema.server";
import { env } from "~/lib/env.server";
import { newId } from "~/lib/ids.server";
import { hashPassword } from "~/lib/password.server";
import { endAllSessions } from "~/lib/session.server";

/** What a signed-in request knows about its user (spec: the session user). */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  status: "active" | "inactive";
  assignedExamTypes: string[];
  globalTestLimit: number | null;
};

export const DEFAULT_JOIN_DATE = new Date("2025-01-01T00:00:00Z");

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isOwnerEmail(email: string): boolean {
  return normaliseEmail(email) === normaliseEmail(env().ADMIN_EMAIL);
}

export function findUserByEmail(email: string): User | undefined {
  return db()
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
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
  email: string;
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
        email: normaliseEmail(input.email),
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
