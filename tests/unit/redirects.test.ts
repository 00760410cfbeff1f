import { describe, expect, it } from "vitest";
import { safeRedirectPath, signInPathFor } from "~/lib/rules/redirects";

const safe = (v: unknown) => safeRedirectPath(v, "/dashboard", "/dashboard");

describe("safeRedirectPath", () => {
  it("keeps a path under the allowed prefix, with its query", () => {
    expect(safe("/dashboard")).toBe("/dashboard");
    expect(safe("/dashboard?type=TET&unit=2")).toBe("/dashboard?type=TET&unit=2");
  });

  it("refuses paths that leave the prefix once resolved", () => {
    expect(safe("/dashboard/../../\\evil.test")).toBe("/dashboard");
    expect(safe("/dashboard/../admin")).toBe("/dashboard");
    expect(safe("/dashboard/%2e%2e/admin")).toBe("/dashboard");
    expect(safe("/dashboard/%2F%2Fevil.test")).toBe("/dashboard");
    expect(safe("/dashboard%5c..%5cevil")).toBe("/dashboard");
    expect(safe("/dashboardx")).toBe("/dashboard");
  });

  it("refuses other sites, schemes, control characters and non-strings", () => {
    expect(safe("//evil.test/dashboard")).toBe("/dashboard");
    expect(safe("https://evil.test/dashboard")).toBe("/dashboard");
    expect(safe("javascript:alert(1)")).toBe("/dashboard");
    expect(safe("/dashboard\r\nSet-Cookie: x=1")).toBe("/dashboard");
    expect(safe("/dash\tboard")).toBe("/dashboard");
    expect(safe(null)).toBe("/dashboard");
    expect(safe("")).toBe("/dashboard");
  });
});

describe("signInPathFor", () => {
  const request = (method: string, path: string) => new Request(`http://localhost${path}`, { method });
  it("returns a GET page after signing in, but not the home page", () => {
    expect(signInPathFor(request("GET", "/test/t1/results?attempt=a"))).toBe(`/login?redirectTo=${encodeURIComponent("/test/t1/results?attempt=a")}`);
    expect(signInPathFor(request("GET", "/dashboard.data"))).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard")}`);
    expect(signInPathFor(request("GET", "/"))).toBe("/login");
  });

  it("returns the exam's own form to its test (the post is not acted on), and any other post to the plain sign-in page", () => {
    expect(signInPathFor(request("POST", "/test/t1"))).toBe(`/login?redirectTo=${encodeURIComponent("/test/t1")}&ended=test`);
    // a hydrated page's post asks for the route's data: the same test page after signing in
    expect(signInPathFor(request("POST", "/test/t1.data"))).toBe(`/login?redirectTo=${encodeURIComponent("/test/t1")}&ended=test`);
    expect(signInPathFor(request("POST", "/test/t1/results"))).toBe("/login");
    expect(signInPathFor(request("POST", "/admin/users/new"))).toBe("/login");
    expect(signInPathFor(request("POST", "/mistakes"))).toBe("/login");
  });
});
