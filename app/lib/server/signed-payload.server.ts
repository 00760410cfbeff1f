import crypto from "node:crypto";
import { sessionSecrets } from "./env.server";

/**
 * Data carried through the browser between two form steps (the CSV preview and its confirmation),
 * signed so the second step gets exactly what the first one checked, and only for a while: a preview
 * left open past PAYLOAD_LIFETIME_MS (or from before a secret was dropped) must be made again.
 */
export const PAYLOAD_LIFETIME_MS = 6 * 60 * 60 * 1000;

function mac(body: string, key: string): string {
  return crypto.createHmac("sha256", key).update(body).digest("base64url");
}

/** Signed with the newest secret (SESSION_SECRET's first), with its expiry inside what is signed. */
export function signPayload(value: unknown, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ v: value, exp: now + PAYLOAD_LIFETIME_MS }), "utf8").toString("base64url");
  return `${body}.${mac(body, sessionSecrets()[0] ?? "")}`;
}

/** The value, when the token is one this site signed (with any of its secrets, newest first) and has not expired; else null. */
export function verifyPayload<T>(token: string | null | undefined, now = Date.now()): T | null {
  if (!token) return null;
  const [body, sig] = token.split(".");
  if (!body || !sig) return null;
  const given = Buffer.from(sig);
  const signed = sessionSecrets().some((key) => {
    const expected = Buffer.from(mac(body, key));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  if (!signed) return null;
  try {
    const { v, exp } = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { v: T; exp?: unknown };
    return typeof exp === "number" && now < exp ? v : null;
  } catch {
    return null;
  }
}
