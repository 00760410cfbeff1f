import crypto from "node:crypto";
import { createCookie, redirect, type Cookie } from "@remix-run/node";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { db, preparedQuery } from "~/db/db.server";
import { sessions } from "~/db/schema.server";
import { secureCookies, sessionSecrets } from "~/lib/server/env.server";
import { sessionExpiry, type SessionClock } from "~/lib/rules/session-rules";

/**
 * Server-side sessions: the cookie carries a random id (signed with SESSION_SECRET; several secrets
 * separated by commas, newest first, so old cookies still verify after a rotation), the `sessions`
 * table says whose it is and until when. Logout, deactivation, deletion and a password change delete
 * rows, so a copied cookie stops working at once.
 */
let cookie: Cookie | undefined;

function sessionCookie(): Cookie {
  if (!cookie) {
    cookie = createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      path: "/",
      maxAge: Math.floor(SESSION_CLOCK.lifetimeMs / 1000),
      secrets: sessionSecrets(),
    });
  }
  return cookie;
}

export const SESSION_CLOCK: SessionClock = {
  lifetimeMs: 30 * 24 * 60 * 60 * 1000,
  // signed out after two weeks without a post (an answer, a form): a student who practised last week
  // is still signed in on exam morning, so the morning needs no sign-in wave
  idleMs: 14 * 24 * 60 * 60 * 1000,
  touchEveryMs: 60 * 60 * 1000,
};

function hashId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("base64url");
}

const sessionByHash = preparedQuery((d) =>
  d
    .select()
    .from(sessions)
    .where(eq(sessions.idHash, sql.placeholder("idHash")))
    .prepare(),
);

export type SessionRead = { userId: string; idHash: string } | { userId: null; stale: boolean };

/** The session a request's cookie names: its user, or null (`stale` when a cookie was sent but is no longer valid). */
export function readSession(request: Request): Promise<SessionRead> {
  return readSessionCookie(request.headers.get("Cookie"), request.method);
}

/** readSession from a request's Cookie header and method (for the exam's JSON answers, which skip the framework). */
export async function readSessionCookie(cookieHeader: string | null, method: string): Promise<SessionRead> {
  const id = await sessionCookie().parse(cookieHeader);
  if (typeof id !== "string" || !id) return { userId: null, stale: cookieHeader?.includes("__session=") ?? false };
  const idHash = hashId(id);
  const row = sessionByHash().get({ idHash });
  if (!row) return { userId: null, stale: true };
  const now = Date.now();
  const verdict = sessionExpiry({ lastSeenAt: +row.lastSeenAt, expiresAt: +row.expiresAt }, now, SESSION_CLOCK);
  // GET pages never write (read replicas, exam-day load): the ended row goes at the next sign-in or
  // the sweep, and `last_seen_at` moves with the student's next post (an answer, a form)
  const reading = method === "GET" || method === "HEAD";
  if (verdict === "expired") {
    if (!reading) db().delete(sessions).where(eq(sessions.idHash, idHash)).run();
    return { userId: null, stale: true };
  }
  if (verdict === "touch" && !reading) {
    // at most once an hour per session; a busy database must not fail the page for it
    try {
      db()
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.idHash, idHash))
        .run();
    } catch {}
  }
  return { userId: row.userId, idHash };
}

/** Starts a new session (a fresh random id at every sign-in) and redirects with its cookie. */
export async function createUserSession(userId: string, redirectTo: string) {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  const d = db();
  d.delete(sessions)
    .where(lt(sessions.expiresAt, new Date(now)))
    .run();
  d.insert(sessions)
    .values({ idHash: hashId(id), userId, createdAt: new Date(now), lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_CLOCK.lifetimeMs) })
    .run();
  return redirect(redirectTo, { headers: { "Set-Cookie": await sessionCookie().serialize(id) } });
}

/** Clears the browser's session cookie without touching the database (a stale cookie met on a GET). */
export async function clearSessionCookieHeaders(): Promise<HeadersInit> {
  return { "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
}

/** Ends the request's session on the server and clears its cookie. */
export async function destroySessionHeaders(request: Request): Promise<HeadersInit> {
  const id = await sessionCookie().parse(request.headers.get("Cookie"));
  if (typeof id === "string" && id)
    db()
      .delete(sessions)
      .where(eq(sessions.idHash, hashId(id)))
      .run();
  return { "Set-Cookie": await sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) }) };
}

/** Signs a user out on every device; returns how many sessions ended. */
export function endAllSessions(userId: string, tx = db()): number {
  return tx.delete(sessions).where(eq(sessions.userId, userId)).run().changes;
}

export function countSessions(userId: string): number {
  const now = new Date();
  return (
    db()
      .select({ n: sql<number>`count(*)` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > ${+now}`))
      .get()?.n ?? 0
  );
}

/** Deletes ended sessions (run by the periodic sweep); returns how many. */
export function sweepEndedSessions(now = Date.now()): number {
  return db()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_CLOCK.idleMs))))
    .run().changes;
}
