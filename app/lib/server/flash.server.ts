import { type Cookie, createCookie, redirect } from "@remix-run/node";
import { secureCookies, sessionSecrets } from "./env.server";

/** A one-time status message carried across a redirect (success, error, info). */
export type Flash = { type: "success" | "error" | "info"; text: string };

let cookie: Cookie | undefined;

/** Signed with the session secret and Secure like the session's: a planted `flash` cookie is ignored. */
function flashCookie(): Cookie {
  cookie ??= createCookie("flash", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secure: secureCookies(), secrets: sessionSecrets() });
  return cookie;
}

export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie().serialize(flash));
  return redirect(to, { ...init, headers });
}

/** Reads the message and the header that clears it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value !== "object" || typeof value.text !== "string") return { flash: null, clear: null };
  return { flash: value, clear: await flashCookie().serialize("", { maxAge: 0 }) };
}
