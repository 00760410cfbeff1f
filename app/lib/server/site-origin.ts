/**
 * The site's own address (scheme, host and port), from which every absolute link (sign-in links) is
 * built and against which every POST's Origin is checked (pure; unit-tested).
 * - `PUBLIC_URL` set: always that.
 * - behind a trusted proxy (`TRUST_PROXY`): the scheme and host it forwards (X-Forwarded-Proto/-Host).
 * - otherwise: the Host header the browser sent, over https when cookies are Secure (a TLS proxy in
 *   front), else http. Forwarded headers are never believed without TRUST_PROXY.
 * - a loopback host (`localhost`, `127.0.0.0/8`, `[::1]`) not forwarded as https is plain http: browsers
 *   accept Secure cookies there, so the production build (and the container) works on a laptop.
 */
export type OriginInputs = {
  publicUrl: string | undefined;
  trustProxy: boolean;
  secureCookies: boolean;
  host: string | undefined;
  forwardedProto: string | undefined;
  forwardedHost: string | undefined;
};

const first = (value: string | undefined) => value?.split(",")[0]?.trim() || undefined;

export function siteOriginOf(inputs: OriginInputs): string | null {
  if (inputs.publicUrl) return new URL(inputs.publicUrl).origin;
  const forwardedProto = inputs.trustProxy ? first(inputs.forwardedProto)?.toLowerCase() : undefined;
  const host = (inputs.trustProxy ? first(inputs.forwardedHost) : undefined) ?? inputs.host;
  if (!host) return null;
  const scheme = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : inputs.secureCookies && !isLoopbackHost(host) ? "https" : "http";
  try {
    const url = new URL(`${scheme}://${host}`);
    // a Host header is a host and an optional port, nothing more
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * PUBLIC_URL as given by a self-hoster: an http(s) address of the site's root. Returns its origin, or
 * the reason it cannot be used (the server does not start with it).
 */
export function parsePublicUrl(raw: string | undefined): { ok: true; origin: string | undefined } | { ok: false; error: string } {
  const value = raw?.trim();
  if (!value) return { ok: true, origin: undefined };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, error: `PUBLIC_URL: "${value}" is not an address (e.g. https://tests.example.org)` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, error: "PUBLIC_URL: must start with https:// (or http://)" };
  if (url.username || url.password || (url.pathname !== "/" && url.pathname !== "") || url.search || url.hash)
    return { ok: false, error: "PUBLIC_URL: give only the site's scheme and host (e.g. https://tests.example.org), no path" };
  return { ok: true, origin: url.origin };
}

/** A Host header naming this machine's loopback: `localhost`, an address in 127.0.0.0/8 or `[::1]`, with any port. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/:\d*$/, "");
  if (name === "localhost" || name === "[::1]") return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}
