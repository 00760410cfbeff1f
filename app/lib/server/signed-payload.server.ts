import crypto from "node:crypto";
import { sessionSecret } from "./env.server";

/**
 * Data carried through the browser between two form steps (the CSV preview and its confirmation),
 * signed so the second step gets exactly what the first one checked.
 */
function mac(body: string): string {
  const key = sessionSecret().split(",")[0].trim();
  return crypto.createHmac("sha256", key).update(body).digest("base64url");
}

export function signPayload(value: unknown): string {
  const body = Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
  return `${body}.${mac(body)}`;
}

export function verifyPayload<T>(token: string | null | undefined): T | null {
  if (!token) return null;
  const [body, sig] = token.split(".");
  if (!body || !sig) return null;
  const expected = Buffer.from(mac(body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
}
