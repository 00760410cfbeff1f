import { env } from "./env.server";

/**
 * The Origin check of every non-GET request: the browser's Origin (or, failing that, the Referer)
 * must be this site: the same scheme, host and port as `siteOrigin` (app/lib/server/site-origin.ts). Requests
 * with neither are refused too: every browser sends Origin on a POST.
 */
export function checkOrigin(
  method: string,
  origin: string | undefined,
  referer: string | undefined,
  siteOrigin: string | null,
  extraAllowed: string[] = env()
    .ALLOWED_ORIGINS.split(",")
    .map((s) => s.trim())
    .filter(Boolean),
): { ok: boolean } {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return { ok: true };
  const source = origin && origin !== "null" ? origin : referer;
  if (!source || !siteOrigin) return { ok: false };
  let sourceUrl: URL;
  try {
    sourceUrl = new URL(source);
  } catch {
    return { ok: false };
  }
  if (sourceUrl.origin === siteOrigin) return { ok: true };
  return { ok: extraAllowed.includes(sourceUrl.origin) };
}

/**
 * When a POST was refused only for its scheme (the Origin is this site's host and port over the other scheme),
 * the settings that decide the site's scheme, for the log line a self-hoster reads; otherwise null.
 */
export function schemeMismatchHint(origin: string | undefined, referer: string | undefined, siteOrigin: string | null): string | null {
  const source = origin && origin !== "null" ? origin : referer;
  if (!source || !siteOrigin) return null;
  try {
    const from = new URL(source);
    const site = new URL(siteOrigin);
    if (from.host !== site.host || from.protocol === site.protocol) return null;
    return `the browser is on ${from.origin} but the site's address was taken to be ${site.origin}: set PUBLIC_URL to the address people open, or SECURE_COOKIES=false when serving plain http, or TRUST_PROXY when a proxy in front forwards X-Forwarded-Proto`;
  } catch {
    return null;
  }
}

/** One year: browsers that have seen the site over https keep using https. */
const HSTS = "max-age=31536000";

/** The headers of every answer; `https` (cookies are Secure, so the site is served over https) adds HSTS. */
export function securityHeaders(nonce: string, { https = false }: { https?: boolean } = {}): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://drive.google.com https://docs.google.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' mailto:",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}
