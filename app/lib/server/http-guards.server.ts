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
