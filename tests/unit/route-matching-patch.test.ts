// patches/@remix-run+router*.patch caches the ranked route branches per route array, the compiled
// path patterns, and each path's matches (the server's route matching was ~8%, then ~10% of a request). Matching must stay the same on
// every call with the same array.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// the CommonJS build is what the server runs (and what the patch changes)
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const source = require("node:fs").readFileSync(require.resolve("@remix-run/router"), "utf8") as string;

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "admin.users", path: "admin/users" },
      { id: "admin.users_.$userId", path: "admin/users/:userId" },
      { id: "admin.users_.analysis", path: "admin/users/analysis" },
      { id: "test.$testId", path: "test/:testId" },
      { id: "$", path: "*" },
    ],
  },
];

const leaf = (pathname: string) => router.matchRoutes(routes, pathname)?.at(-1);

describe("route matching (patched @remix-run/router)", () => {
  it("is the patched build", () => {
    expect(source).toContain("rankedBranchesOf(routes)");
  });

  it("ranks static segments above parameters and the splat, the same on every call", () => {
    for (let i = 0; i < 3; i++) {
      expect(leaf("/admin/users/analysis")?.route.id).toBe("admin.users_.analysis");
      expect(leaf("/admin/users/u1")?.params).toEqual({ userId: "u1" });
      expect(leaf("/ADMIN/users")?.route.id).toBe("admin.users");
      expect(leaf("/test/t%201")?.params).toEqual({ testId: "t 1" });
      expect(leaf("/no/such/page")?.route.id).toBe("$");
    }
  });

  it("gives each call its own copy of a remembered match, params shared along the branch as before", () => {
    const first = router.matchRoutes(routes, "/admin/users/u7")!;
    expect(first.map((m) => m.route.id)).toEqual(["root", "admin.users_.$userId"]);
    expect(first[0].params).toBe(first[1].params);
    (first[1].params as Record<string, string>).userId = "changed";
    (first as unknown[]).length = 0;
    const second = router.matchRoutes(routes, "/admin/users/u7")!;
    expect(second.map((m) => m.route.id)).toEqual(["root", "admin.users_.$userId"]);
    expect(second[1].params).toEqual({ userId: "u7" });
    expect(second[1]).not.toBe(first[1]);
    expect(source).toContain("copyOfMatches(byPath.get(cacheKey))");
  });

  it("keeps a path that matched nothing as nothing", () => {
    const only = [{ id: "only", path: "only" }];
    expect(router.matchRoutes(only, "/elsewhere")).toBeNull();
    expect(router.matchRoutes(only, "/elsewhere")).toBeNull();
    expect(router.matchRoutes(only, "/only")?.[0].route.id).toBe("only");
  });

  it("sees a new route array as new routes", () => {
    expect(router.matchRoutes([{ id: "only", path: "only" }], "/admin/users")).toBeNull();
    expect(router.matchRoutes([{ id: "other", path: "admin/:x" }], "/admin/users")?.[0].params).toEqual({ x: "users" });
  });
});
