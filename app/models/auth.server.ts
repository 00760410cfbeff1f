import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import {
  createUser,
  enforceOwner,
  findUserById,
  findUserBySignInName,
  isOwnerEmail,
  rehashPasswordLater,
  stampLastLogin,
  toSessionUser,
  type SessionUser,
} from "./user.server";
import { registerSchema, signInSchema } from "~/lib/schemas/auth-schemas";
import { deviceOf } from "~/lib/server/device-cookie.server";
import { formToObject } from "~/lib/schemas/forms";
import { batchWithJoinCode, JOIN_CODE_UNKNOWN, joinBatchByCode } from "~/models/batches.server";
import { selfSignUpExamTypes } from "~/models/academy-settings.server";
import { needsRehash, passwordPool, verifyPassword, verifyPasswordOfNobody } from "~/lib/server/password.server";
import { signInPathFor } from "~/lib/rules/redirects";
import { guardRedirect, homeFor, type Access } from "~/lib/rules/routing";
import { clearSessionCookieHeaders, destroySessionHeaders, readSession, readSessionCookie, type SessionRead } from "~/models/session.server";
import { admitRegistration, admitSignIn, clientAddress, forgiveSignIn } from "~/models/throttle.server";

/** A sign-in or registration refusal whose message is shown in the red box. */
export class AuthError extends Error {}

export const INVALID_CREDENTIALS = "Invalid email or password";
export const INACTIVE_ACCOUNT = "Your account is inactive. Please contact the academy.";
export const EMAIL_TAKEN = "User with this email already exists";

export const SIGN_IN_BUSY = "Many students are signing in right now. Please wait a few seconds and try again.";

/**
 * The password pool's queue is longer than a sign-in should wait: answered 503 with Retry-After (the
 * sign-in page retries on its own). Nothing was counted against the student's sign-in limits.
 */
export class SignInBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(SIGN_IN_BUSY);
  }
}

/** Turns a sign-in away before any work when the password pool is already full. */
function admitToPasswordPool() {
  const admission = passwordPool().admission();
  if (!admission.ok) throw new SignInBusy(admission.retryAfterSeconds);
}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = signInSchema.safeParse(formToObject(form));
    if (!parsed.success) throw new AuthError(parsed.error.issues[0]?.message);
    const { email, password } = parsed.data;
    admitToPasswordPool();
    const address = clientAddress(request);
    // a browser that signed in to this account before has its own allowance (device cookie)
    const device = await deviceOf(request, email);
    // counted before the password is checked: parallel guesses cannot all get through
    const admission = await admitSignIn(email, address, device);
    if (!admission.ok) throw new AuthError(admission.message);
    const user = findUserBySignInName(email);
    // an unknown e-mail or roll number (or one without a password yet) costs the same hash as a known one
    const passwordOk = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyPasswordOfNobody(password);
    if (!user || !passwordOk) throw new AuthError(INVALID_CREDENTIALS);
    if (user.status !== "active" && !isOwnerEmail(user.email)) throw new AuthError(INACTIVE_ACCOUNT);
    await forgiveSignIn(email, address, device);
    // a hash made with older, weaker settings is replaced now that the password is known: after the
    // answer is sent, when no other sign-in waits for a hash
    if (user.passwordHash && needsRehash(user.passwordHash)) rehashPasswordLater(user.id, user.passwordHash, password);
    const current = enforceOwner(user);
    stampLastLogin(current.id);
    return toSessionUser(current);
  }),
  "login",
);

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = registerSchema.safeParse({ ...formToObject(form), examTypes: form.getAll("examTypes").map(String) });
    if (!parsed.success) throw new AuthError(parsed.error.issues[0]?.message);
    const { name, email, password, examTypes, joinCode } = parsed.data;
    admitToPasswordPool();
    const admission = await admitRegistration(clientAddress(request));
    if (!admission.ok) throw new AuthError(admission.message);
    if (findUserBySignInName(email)) throw new AuthError(EMAIL_TAKEN);
    // a code that no batch has is said before the account is made, so the student can correct it
    if (joinCode && !batchWithJoinCode(joinCode)) throw new AuthError(JOIN_CODE_UNKNOWN);
    const open = new Set(selfSignUpExamTypes().map((o) => o.value));
    let user = await createUser({ name, email, password, role: "user", assignedExamTypes: examTypes.filter((t) => open.has(t)) });
    if (joinCode) joinBatchByCode(user.id, joinCode);
    user = enforceOwner(user);
    stampLastLogin(user.id);
    return toSessionUser(user);
  }),
  "register",
);

/**
 * One read per Request object (an action and its own checks ask more than once). Remix gives each loader a
 * Request of its own, so a page's root loader and route loader each read the user; sharing that read
 * (a key per incoming request from server/start.js) was tried and saved nothing measurable (docs/performance.md).
 */
const perRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in user, or null. A deleted, deactivated or signed-out-everywhere user has no session. */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  let found = perRequest.get(request);
  if (!found) {
    found = readSessionUser(request);
    perRequest.set(request, found);
  }
  return found;
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  return userOfSession(await readSession(request));
}

function userOfSession(session: SessionRead): SessionUser | null {
  if (!session.userId) return null;
  const user = findUserById(session.userId);
  if (user?.status !== "active") return null;
  return toSessionUser(user);
}

/**
 * Who a Cookie header belongs to, read without writing anything: for server/start.js, which asks
 * before reading more than an ordinary form of a request's body (only admins may send uploads).
 */
export async function roleOfCookie(cookieHeader: string | undefined): Promise<"admin" | "student" | null> {
  if (!cookieHeader) return null;
  const session = await readSessionCookie(cookieHeader, "GET");
  if (!session.userId) return null;
  const user = findUserById(session.userId);
  if (user?.status !== "active") return null;
  return user.role === "admin" ? "admin" : "student";
}

async function guard(request: Request, access: Access): Promise<SessionUser | null> {
  const user = await getSessionUser(request);
  const target = guardRedirect(access, user?.role ?? null);
  if (target) {
    // a stale cookie (signed out, expired, deactivated or deleted user) is cleared on the way out
    const stale = !user && request.headers.get("Cookie")?.includes("__session=");
    const headers = stale
      ? await (request.method === "GET" || request.method === "HEAD" ? clearSessionCookieHeaders() : destroySessionHeaders(request))
      : undefined;
    // a signed-out visitor's deep link survives the sign-in
    throw redirect(target === "/login" && !user ? signInPathFor(request) : target, { headers });
  }
  return user;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  return (await guard(request, "signed-in")) as SessionUser;
}

export async function requireStudent(request: Request): Promise<SessionUser> {
  return (await guard(request, "student")) as SessionUser;
}

/**
 * Admin only. Pages redirect everyone else to /login. Actions that the spec answers with a message
 * (backup export and import) pass `refusal`: a signed-in non-admin then gets 403 with that text.
 */
export async function requireAdmin(request: Request, options: { refusal?: string } = {}): Promise<SessionUser> {
  if (options.refusal) {
    const user = await getSessionUser(request);
    if (user && user.role !== "admin") throw Response.json({ error: options.refusal }, { status: 403 });
  }
  return (await guard(request, "admin")) as SessionUser;
}

/** For `/` and `/login`: signed-in users are sent to their home. */
export async function requireSignedOut(request: Request): Promise<void> {
  await guard(request, "signed-out");
}

export { homeFor };
