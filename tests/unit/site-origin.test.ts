import { describe, expect, it } from "vitest";
import { isLoopbackHost, parsePublicUrl, siteOriginOf } from "~/lib/server/site-origin";

const base = { publicUrl: undefined, trustProxy: false, secureCookies: false, host: "tests.example.org", forwardedProto: undefined, forwardedHost: undefined };

describe("the site's own address", () => {
  it("is PUBLIC_URL whenever it is set, whatever the request says", () => {
    expect(siteOriginOf({ ...base, publicUrl: "https://academy.example", host: "10.0.0.5:3000", forwardedHost: "evil.example", trustProxy: true })).toBe(
      "https://academy.example",
    );
  });

  it("believes a proxy's forwarded scheme and host only under TRUST_PROXY", () => {
    const forwarded = { ...base, host: "internal:3000", forwardedProto: "https", forwardedHost: "tests.example.org" };
    expect(siteOriginOf({ ...forwarded, trustProxy: true })).toBe("https://tests.example.org");
    expect(siteOriginOf({ ...forwarded, trustProxy: false })).toBe("http://internal:3000");
    expect(siteOriginOf({ ...forwarded, trustProxy: true, forwardedProto: "https, http", forwardedHost: "a.example, b.example" })).toBe("https://a.example");
  });

  it("uses the Host header, over https when cookies are Secure (a TLS proxy in front)", () => {
    expect(siteOriginOf(base)).toBe("http://tests.example.org");
    expect(siteOriginOf({ ...base, secureCookies: true })).toBe("https://tests.example.org");
    expect(siteOriginOf({ ...base, host: "localhost:3000" })).toBe("http://localhost:3000");
  });

  it("judges a loopback host reached without a forwarded https as plain http, even with Secure cookies (a laptop)", () => {
    for (const host of ["localhost:3000", "localhost", "127.0.0.1:3000", "127.8.9.10", "[::1]:3000", "LOCALHOST:8080"])
      expect(siteOriginOf({ ...base, secureCookies: true, host })).toBe(new URL(`http://${host}`).origin);
    // any other host keeps the rule; a trusted proxy's https is believed on loopback too
    expect(siteOriginOf({ ...base, secureCookies: true, host: "localhost.example.org" })).toBe("https://localhost.example.org");
    expect(siteOriginOf({ ...base, secureCookies: true, host: "128.0.0.1" })).toBe("https://128.0.0.1");
    expect(siteOriginOf({ ...base, secureCookies: true, host: "127.0.0.1:3000", trustProxy: true, forwardedProto: "https" })).toBe("https://127.0.0.1:3000");
    expect(isLoopbackHost("127.0.0.1.evil.example")).toBe(false);
    expect(isLoopbackHost("[::2]:3000")).toBe(false);
  });

  it("has none for a missing or malformed Host", () => {
    expect(siteOriginOf({ ...base, host: undefined })).toBeNull();
    expect(siteOriginOf({ ...base, host: "evil.example/path" })).toBeNull();
    expect(siteOriginOf({ ...base, host: "user@evil.example" })).toBeNull();
    expect(siteOriginOf({ ...base, host: "bad host" })).toBeNull();
  });
});

describe("PUBLIC_URL", () => {
  it("takes an http(s) address of the site's root", () => {
    expect(parsePublicUrl(undefined)).toEqual({ ok: true, origin: undefined });
    expect(parsePublicUrl("https://tests.example.org")).toEqual({ ok: true, origin: "https://tests.example.org" });
    expect(parsePublicUrl("https://tests.example.org/")).toEqual({ ok: true, origin: "https://tests.example.org" });
    expect(parsePublicUrl("http://localhost:3000")).toEqual({ ok: true, origin: "http://localhost:3000" });
  });
  it("refuses anything else, saying why", () => {
    expect(parsePublicUrl("tests.example.org")).toMatchObject({ ok: false });
    expect(parsePublicUrl("ftp://tests.example.org")).toMatchObject({ ok: false, error: expect.stringContaining("https://") });
    expect(parsePublicUrl("https://tests.example.org/academy")).toMatchObject({ ok: false, error: expect.stringContaining("no path") });
  });
});
