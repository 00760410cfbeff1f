import { describe, expect, it } from "vitest";
import { checkOrigin, schemeMismatchHint, securityHeaders } from "~/lib/server/http-guards.server";

describe("checkOrigin", () => {
  const site = "http://academy.example:3000";
  it("lets reads through", () => {
    expect(checkOrigin("GET", undefined, undefined, site, []).ok).toBe(true);
  });
  it("accepts a same-site POST", () => {
    expect(checkOrigin("POST", "http://academy.example:3000", undefined, site, []).ok).toBe(true);
  });
  it("refuses a foreign origin", () => {
    expect(checkOrigin("POST", "https://evil.example", undefined, site, []).ok).toBe(false);
  });
  it("falls back to the Referer and refuses when both are missing", () => {
    expect(checkOrigin("POST", undefined, "http://academy.example:3000/login", site, []).ok).toBe(true);
    expect(checkOrigin("POST", undefined, undefined, site, []).ok).toBe(false);
    expect(checkOrigin("POST", "null", "not a url", site, []).ok).toBe(false);
  });
  it("compares scheme and port too, not the host alone", () => {
    expect(checkOrigin("POST", "https://academy.example:3000", undefined, site, []).ok).toBe(false);
    expect(checkOrigin("POST", "http://academy.example:4000", undefined, site, []).ok).toBe(false);
    expect(checkOrigin("POST", undefined, "https://academy.example:3000/login", site, []).ok).toBe(false);
    // a site whose own address could not be told (a malformed Host) takes no POST
    expect(checkOrigin("POST", "http://academy.example:3000", undefined, null, []).ok).toBe(false);
  });
  it("accepts configured extra origins", () => {
    expect(checkOrigin("POST", "https://proxy.example", undefined, site, ["https://proxy.example"]).ok).toBe(true);
  });
  it("builds a CSP with the nonce and no framing", () => {
    const h = securityHeaders("abc");
    expect(h["Content-Security-Policy"]).toContain("'nonce-abc'");
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Strict-Transport-Security"]).toBeUndefined();
  });
  it("sends HSTS when the site is served over https (Secure cookies)", () => {
    expect(securityHeaders("abc", { https: true })["Strict-Transport-Security"]).toBe("max-age=31536000");
  });
});

describe("schemeMismatchHint", () => {
  it("names the settings when a post from this host and port was refused only for its scheme", () => {
    const hint = schemeMismatchHint("http://tests.example.org", undefined, "https://tests.example.org");
    expect(hint).toContain("PUBLIC_URL");
    expect(hint).toContain("SECURE_COOKIES");
    expect(hint).toContain("TRUST_PROXY");
    expect(schemeMismatchHint(undefined, "http://tests.example.org/login", "https://tests.example.org")).toContain("PUBLIC_URL");
  });

  it("says nothing for another host or port, or the same origin", () => {
    expect(schemeMismatchHint("http://evil.example", undefined, "https://tests.example.org")).toBeNull();
    expect(schemeMismatchHint("http://tests.example.org:8080", undefined, "https://tests.example.org")).toBeNull();
    expect(schemeMismatchHint("https://tests.example.org", undefined, "https://tests.example.org")).toBeNull();
    expect(schemeMismatchHint(undefined, undefined, "https://tests.example.org")).toBeNull();
  });
});
