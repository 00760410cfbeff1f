import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import {
  createUser,
  enforceOwner,
  findUserByEmail,
  findUserById,
  isOwnerEmail,
  stampLastLogin,
  toSessionUser,
  type SessionUser,
} from "~/models/user.server";
import { registerSchema, signInSchema } from "./auth-schemas";
import { formToObject } from "./forms";
import { verifyPassword } from "./password.server";
import { guardRedirect, homeFor, type Access } from "./routing";
import { destroySessionHeaders, getSession } from "./session.server";
import { clearFailedSignIns, clientAddress, isSignInThrottled, recordFailedSignIn, THROTTLED_MESSAGE } from "./throttle.server";

/** A sign-in or registration refusal whose message is shown in the red box. */
export class AuthError extends Error {}

export const INVALID_CREDENTIALS = "Invalid email or password";
export const INACTIVE_ACCOUNT = "Your account is inactive. Please contact the academy.";
export const EMAIL_TAKEN = "User with this email already exists";

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = signInSchema.safeParse(formToObject(form));
    if (!parsed.success) throw new AuthError(parsed.error.issues[0]?.message);
    const { email, password } = parsed.data;
    const address = clientAddress(request);
    if (await isSignInThrottled(email, address)) throw new AuthError(THROTTLED_MESSAGE);
    const user = findUserByEmail(email);
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      await recordFailedSignIn(email, address);
      throw new AuthError(INVALID_CREDENTIALS);
    }
    if (user.status !== "active" && !isOwnerEmail(user.email)) throw new AuthError(INACTIVE_ACCOUNT);
    await clearFailedSignIns(email);
    const current = enforceOwner(user);
    stampLastLogin(current.id);
    return toSessionUser(current);
  }),
  "login",
);

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const parsed = registerSchema.safeParse(formToObject(form));
    if (!parsed.success) throw new AuthError(parsed.error.issues[0]?.message);
    const { name, email, password } = parsed.data;
    if (findUserByEmail(email)) throw new AuthError(EMAIL_TAKEN);
    let user = await createUser({ name, email, password, role: "user", assignedExamTypes: [] });
    user = enforceOwner(user);
    stampLastLogin(user.id);
    return toSessionUser(user);
  }),
  "register",
);

/** The root loader and the page's loader both ask for the user: look it up once per request. */
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
  const session = await getSession(request);
  const userId = session.get("userId");
  if (!userId) return null;
  const user = findUserById(userId);
  if (user?.status !== "active" || user.sessionVersion !== session.get("version")) return null;
  return toSessionUser(user);
}

async function guard(request: Request, access: Access): Promise<SessionUser | null> {
  const user = await getSessionUser(request);
  const target = guardRedirect(access, user?.role ?? null);
  if (target) {
    // a stale cookie (deactivated or deleted user) is cleared on the way out
    const session = await getSession(request);
    const headers = session.get("userId") && !user ? await destroySessionHeaders(request) : undefined;
    throw redirect(target, { headers });
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
