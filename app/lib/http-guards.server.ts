import { env } from "./env.server";

/**
 * The Origin check of every non-GET request: the browser's Origin (or, failing that, the Referer)
 * must be this site. Requests with neither are refused too: every browser sends Origin on a POST.
 */
export function checkOrigin(
  method: string,
  origin: string | undefined,
  referer: string | undefined,
  host: string | undefined,
  extraAllowed: string[] = env()
    .ALLOWED_ORIGINS.split(",")
    .map((s) => s.trim())
    .filter(Boolean),
): { ok: boolean } {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return { ok: true };
  const source = origin && origin !== "null" ? origin : referer;
  if (!source || !host) return { ok: false };
  let sourceUrl: URL;
  try {
    sourceUrl = new URL(source);
  } catch {
    return { ok: false };
  }
  if (sourceUrl.host === host) return { ok: true };
  return { ok: extraAllowed.includes(sourceUrl.origin) };
}

export function securityHeaders(nonce: string): Record<string, string> {
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
  };
}
