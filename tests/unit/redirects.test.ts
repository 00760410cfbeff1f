import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/rules/redirects";

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
