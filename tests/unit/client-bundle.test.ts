// A value imported from a *.server module is stripped from the browser bundle: used inside a route's
// component it renders on the server but is undefined after hydration (a mismatch, or a crash).
// This reads every route file and fails when a component uses such a value.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTES_DIR, routeFiles } from "../route-files";

describe("route components", () => {
  const files = routeFiles().filter((f) => f.endsWith(".tsx"));
  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(10);
  });
  it.each(files)("%s uses no server-only value in its component", (file) => {
    const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
    const names = [...source.matchAll(/import \{([^}]*)\} from "~\/[^"]*\.server"/g)]
      .flatMap((m) => m[1].split(","))
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith("type "))
      .map((n) => n.split(" as ").pop() as string);
    const at = source.indexOf("export default");
    const component = at < 0 ? "" : source.slice(at);
    const used = names.filter((n) => new RegExp(`\\b${n}\\b`).test(component));
    expect(used).toEqual([]);
  });
});
