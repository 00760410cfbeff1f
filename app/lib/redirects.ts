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
  if (resolved.pathname !== within && !resolved.pathname.startsWith(`${within}/`)) return fallback;
  return `${resolved.pathname}${resolved.search}`;
}
