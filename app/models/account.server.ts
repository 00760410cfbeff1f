import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { db, transaction } from "~/db/db.server";
import { batches, batchMembers, sessions, users } from "~/db/schema.server";
import { hashPassword, verifyPassword } from "~/lib/server/password.server";
import { examTypeLabels, labelOf } from "~/models/exam-type.server";
import { readSession } from "~/models/session.server";
import { admitSignIn, clientAddress, forgiveSignIn } from "~/models/throttle.server";
import { assignedExamTypes, findUserById, type SessionUser } from "~/models/user.server";
import { CURRENT_PASSWORD_WRONG } from "~/lib/schemas/account-schemas";

/**
 * My account (/account): what a signed-in person can do for themselves: see how they sign in, rename
 * themselves, change their password (the current one required; their other devices are signed out, this one
 * stays) and sign out their other devices.
 */
export async function accountPage(user: SessionUser, request: Request) {
  const keep = await currentSessionHash(request);
  const row = findUserById(user.id);
  if (!row) throw new Response("User not found", { status: 404 });
  const labels = examTypeLabels();
  const myBatches = db()
    .select({ name: batches.name })
    .from(batchMembers)
    .innerJoin(batches, eq(batches.id, batchMembers.batchId))
    .where(and(eq(batchMembers.userId, user.id), isNull(batches.archivedAt)))
    .orderBy(sql`lower(${batches.name})`)
    .all()
    .map((b) => b.name);
  return {
    name: row.name,
    role: row.role,
    email: row.email,
    // a roll number or a phone number: whichever the academy gave as the sign-in name
    rollNumber: row.rollNumber,
    hasPassword: row.passwordHash !== null,
    joined: +row.joinDate,
    batches: myBatches,
    examTypes: assignedExamTypes(user.id).map((value) => labelOf(labels, value)),
    otherDevices: otherSessionsCount(user.id, keep),
  };
}

async function currentSessionHash(request: Request): Promise<string | null> {
  const read = await readSession(request);
  return read.userId ? read.idHash : null;
}

function otherSessionsWhere(userId: string, keep: string | null) {
  return keep ? and(eq(sessions.userId, userId), ne(sessions.idHash, keep)) : eq(sessions.userId, userId);
}

/** The user's live sessions other than the one with `keep` as its hash. */
function otherSessionsCount(userId: string, keep: string | null): number {
  return (
    db()
      .select({ n: sql<number>`count(*)` })
      .from(sessions)
      .where(and(otherSessionsWhere(userId, keep), gt(sessions.expiresAt, new Date())))
      .get()?.n ?? 0
  );
}

export function renameSelf(userId: string, name: string) {
  db().update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, userId)).run();
}

export type PasswordChange = { ok: true; signedOut: number } | { ok: false; field: "current" | "form"; message: string };

/**
 * Changes the user's own password: the current one must be right (guesses count against the sign-in throttle
 * of the account and the address, as sign-in's do); every other session of the user ends, this one stays.
 */
export async function changeOwnPassword(userId: string, request: Request, current: string, next: string): Promise<PasswordChange> {
  const user = findUserById(userId);
  if (!user) return { ok: false, field: "form", message: "Your account was not found" };
  const signInName = user.email ?? user.rollNumber ?? user.id;
  const address = clientAddress(request);
  const admission = await admitSignIn(signInName, address);
  if (!admission.ok) return { ok: false, field: "form", message: admission.message };
  if (!(await verifyPassword(current, user.passwordHash))) return { ok: false, field: "current", message: CURRENT_PASSWORD_WRONG };
  await forgiveSignIn(signInName, address);
  const hash = await hashPassword(next);
  const keep = await currentSessionHash(request);
  const signedOut = transaction((tx) => {
    tx.update(users).set({ passwordHash: hash, updatedAt: new Date() }).where(eq(users.id, userId)).run();
    return tx.delete(sessions).where(otherSessionsWhere(userId, keep)).run().changes;
  });
  return { ok: true, signedOut };
}

/** Ends the user's sessions on every other device; this one stays. Returns how many ended. */
export async function signOutOtherDevices(userId: string, request: Request): Promise<number> {
  const keep = await currentSessionHash(request);
  return db().delete(sessions).where(otherSessionsWhere(userId, keep)).run().changes;
}
