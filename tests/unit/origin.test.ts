import { describe, expect, it } from "vitest";
import { checkOrigin, securityHeaders } from "~/lib/http-guards.server";

describe("checkOrigin", () => {
  const host = "academy.example:3000";
  it("lets reads through", () => {
    expect(checkOrigin("GET", undefined, undefined, host, []).ok).toBe(true);
  });
  it("accepts a same-site POST", () => {
    expect(checkOrigin("POST", "http://academy.example:3000", undefined, host, []).ok).toBe(true);
  });
  it("refuses a foreign origin", () => {
    expect(checkOrigin("POST", "https://evil.example", undefined, host, []).ok).toBe(false);
  });
  it("falls back to the Referer and refuses when both are missing", () => {
    expect(checkOrigin("POST", undefined, "http://academy.example:3000/login", host, []).ok).toBe(true);
    expect(checkOrigin("POST", undefined, undefined, host, []).ok).toBe(false);
    expect(checkOrigin("POST", "null", "not a url", host, []).ok).toBe(false);
  });
  it("accepts configured extra origins", () => {
    expect(checkOrigin("POST", "https://proxy.example", undefined, host, ["https://proxy.example"]).ok).toBe(true);
  });
  it("builds a CSP with the nonce and no framing", () => {
    const h = securityHeaders("abc");
    expect(h["Content-Security-Policy"]).toContain("'nonce-abc'");
    expect(h["Content-Security-Policy"]).toContain("frame-ancestors 'none'");
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
  });
});
