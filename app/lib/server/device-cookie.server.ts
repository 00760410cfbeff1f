import crypto from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { secureCookies, sessionSecrets } from "./env.server";

/**
 * OWASP's device cookie: a browser that has signed in to an account gets a signed cookie naming that
 * account (by a hash of its e-mail, so the cookie does not carry the address) and a random id for this
 * browser. Its sign-ins are then counted under its own allowance (throttle-rules.ts), so failures from
 * elsewhere never lock the owner's own browser out. A browser keeps entries for its last few accounts
 * (a family phone shared by siblings).
 */
type Entry = { a: string; d: string };

const MAX_ACCOUNTS = 5;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

let cookie: Cookie | undefined;
function deviceCookie(): Cookie {
  cookie ??= createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: YEAR_SECONDS,
    secrets: sessionSecrets(),
  });
  return cookie;
}

function accountTag(email: string): string {
  return crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
}

async function entriesOf(cookieHeader: string | null): Promise<Entry[]> {
  let value: unknown;
  try {
    value = await deviceCookie().parse(cookieHeader);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter((e): e is Entry => typeof e?.a === "string" && typeof e?.d === "string").slice(0, MAX_ACCOUNTS);
}

/** This browser's device id for the account, when it has signed in to it before (a valid signed cookie). */
export async function deviceOf(request: Request, email: string): Promise<string | null> {
  const tag = accountTag(email);
  return (await entriesOf(request.headers.get("Cookie"))).find((e) => e.a === tag)?.d ?? null;
}

/** The Set-Cookie header after a correct password: this account first, its id kept (or made), older accounts after. */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const tag = accountTag(email);
  const entries = await entriesOf(request.headers.get("Cookie"));
  const known = entries.find((e) => e.a === tag);
  const next = [known ?? { a: tag, d: crypto.randomBytes(16).toString("base64url") }, ...entries.filter((e) => e.a !== tag)].slice(0, MAX_ACCOUNTS);
  return deviceCookie().serialize(next);
}
