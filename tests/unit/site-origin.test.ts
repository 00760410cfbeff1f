import { describe, expect, it } from "vitest";
import { parsePublicUrl, siteOriginOf } from "~/lib/server/site-origin";

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
