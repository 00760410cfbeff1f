import { describe, expect, it } from "vitest";
import { guardRedirect, homeFor } from "~/lib/rules/routing";

describe("route table (spec section 2)", () => {
  it("sends each role home", () => {
    expect(homeFor("admin")).toBe("/admin");
    expect(homeFor("user")).toBe("/dashboard");
  });
  it.each([
    ["public", null, null],
    ["public", "user", "/dashboard"],
    ["public", "admin", "/admin"],
    ["signed-out", null, null],
    ["signed-out", "user", "/dashboard"],
    ["signed-out", "admin", "/admin"],
    ["student", null, "/login"],
    ["student", "user", null],
    ["student", "admin", "/login"],
    ["admin", null, "/login"],
    ["admin", "user", "/login"],
    ["admin", "admin", null],
    ["signed-in", null, "/login"],
    ["signed-in", "user", null],
    ["signed-in", "admin", null],
  ] as const)("%s as %s → %s", (access, role, expected) => {
    expect(guardRedirect(access, role)).toBe(expected);
  });
});
