import { examFormTestId } from "./routing";

/**
 * Redirect targets taken from a form or a query (pure; unit-tested). The value is resolved the way a
 * browser would (`..`, `\`, percent-encoding, control characters) and accepted only when the result is
 * a path on this site under `within`; anything else gives `fallback`.
 */
export function safeRedirectPath(value: unknown, within: string, fallback: string): string {
  if (typeof value !== "string" || value === "" || value.length > 2000) return fallback;
  // browsers treat "\" as "/" and drop tabs and line breaks; a control character is never legitimate
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === "\\")) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(value, "http://site.invalid");
  } catch {
    return fallback;
  }
  if (resolved.origin !== "http://site.invalid") return fallback;
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(resolved.pathname);
  } catch {
    return fallback;
  }
  // an encoded "/", "\" or ".." that a later hop might decode
  if (/[\\]|\/\/|(^|\/)\.\.?(\/|$)/.test(decodedPath)) return fallback;
  if (within !== "/" && resolved.pathname !== within && !resolved.pathname.startsWith(`${within}/`)) return fallback;
  return `${resolved.pathname}${resolved.search}`;
}

/** Where a deep link is allowed to return after sign-in: a page of this site that the role may open. */
export function returnPathAfterSignIn(value: unknown, role: "user" | "admin", home: string): string {
  const path = safeRedirectPath(value, "/", home);
  const pathname = path.split("?")[0];
  const allowed = role === "admin" ? /^\/admin(\/|$)|^\/test\/[^/]+\/results$/.test(pathname) : /^\/dashboard$|^\/test\/[^/]+(\/results)?$/.test(pathname);
  return allowed ? path : home;
}

/**
 * What the sign-in page says to a student whose post on the test page met an ended session (`ended=test`): a Save &
 * Next without JavaScript, or a Start.
 */
export const SIGNED_OUT_MID_TEST =
  "You were signed out, so what you pressed on the test page was not done: an answer you had just chosen is not saved. Sign in to go back to the test.";

/**
 * The sign-in page's address for a visitor sent there from `request`: back to a GET page after signing in, and back
 * to the test from the exam's own form (a student without JavaScript whose session ended mid-test; the post itself
 * is not acted on). Other posts go to the plain sign-in page.
 */
export function signInPathFor(request: Request): string {
  const url = new URL(request.url);
  // a page's address, not its data's (a hydrated page asks for `…/x.data`)
  const page = url.pathname.replace(/\.data$/, "");
  if (request.method !== "GET") return examFormTestId(page) ? `/login?redirectTo=${encodeURIComponent(page)}&ended=test` : "/login";
  const back = `${page}${url.search}`;
  return back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`;
}
