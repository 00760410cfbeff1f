import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { env, sessionSecret } from "./env.server";

type SessionData = { userId: string; version: number; dismissed?: string[] };
type FlashData = { flash: string };

let storage: SessionStorage<SessionData, FlashData> | undefined;

/**
 * Sessions live in a signed cookie (no server table). SESSION_SECRET may hold several secrets
 * separated by commas, newest first: new cookies are signed with the first, old ones still verify.
 */
export function sessionStorage(): SessionStorage<SessionData, FlashData> {
  if (!storage) {
    const e = env();
    const secure = e.SECURE_COOKIES ? e.SECURE_COOKIES === "true" : e.NODE_ENV === "production";
    storage = createCookieSessionStorage<SessionData, FlashData>({
      cookie: {
        name: "__session",
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/",
        maxAge: 60 * 60 * 24 * 30,
        secrets: sessionSecret()
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      },
    });
  }
  return storage;
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export async function createUserSession(userId: string, version: number, redirectTo: string) {
  const session = await sessionStorage().getSession();
  session.set("userId", userId);
  session.set("version", version);
  return redirect(redirectTo, {
    headers: { "Set-Cookie": await sessionStorage().commitSession(session) },
  });
}

export async function destroySessionHeaders(request: Request): Promise<HeadersInit> {
  const session = await getSession(request);
  return { "Set-Cookie": await sessionStorage().destroySession(session) };
}
