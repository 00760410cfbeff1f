// The shape a newcomer can rely on (DESIGN.md "Code shape"): route modules stay short, the layers import
// downwards only (lib and db never import models, models never import routes), a route that answers a failure
// does it through one helper, and server/ knows no address of the product.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.join(__dirname, "../../app");
const filesIn = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const sourceOf = (file: string) => fs.readFileSync(file, "utf8");
/** The route modules; a file whose name starts with `__` is a part of the routes beside it (remix.config.js ignores it). */
const routes = filesIn(path.join(app, "routes")).filter((f) => /\.tsx?$/.test(f) && !path.basename(f).startsWith("__"));
const routeParts = filesIn(path.join(app, "routes")).filter((f) => /\.tsx?$/.test(f) && path.basename(f).startsWith("__"));
/** The files of app/ (and the root) a module imports, by `~/` or a relative path. */
const importsOf = (file: string): string[] =>
  [...sourceOf(file).matchAll(/from "((?:~\/|\.{1,2}\/)[^"]+)"/g)].flatMap((m) => {
    const base = m[1].startsWith("~/") ? path.join(app, m[1].slice(2)) : path.join(path.dirname(file), m[1]);
    return [base, `${base}.ts`, `${base}.tsx`].filter((c) => fs.existsSync(c) && fs.statSync(c).isFile()).slice(0, 1);
  });
/** The area (`_exam+`, `admin+`, …, or `root`) of each route module that reaches `file` through its imports. */
function areasReaching(file: string): Set<string> {
  const importers = new Map<string, string[]>();
  for (const f of [...filesIn(app)].filter((f) => /\.tsx?$/.test(f)))
    for (const target of importsOf(f)) importers.set(target, [...(importers.get(target) ?? []), f]);
  const areas = new Set<string>();
  const seen = new Set<string>();
  const visit = (f: string) => {
    for (const importer of importers.get(f) ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      const relative = path.relative(app, importer).split(path.sep);
      if (relative[0] === "root.tsx") areas.add("root");
      else if (relative[0] === "routes" && !path.basename(importer).startsWith("__")) areas.add(relative[1]);
      else visit(importer);
    }
  };
  visit(file);
  return areas;
}
/** The modules under these folders of app/ that import from app/<layer> (by `~/layer/` or a relative path). */
const importing = (folders: string[], layer: string) =>
  folders
    .flatMap((folder) => filesIn(path.join(app, folder)))
    .filter((f) => /\.tsx?$/.test(f))
    .filter((f) => new RegExp(`from "(~\\/${layer}\\/|(\\.\\.\\/)+${layer}\\/)`).test(sourceOf(f)))
    .map((f) => path.relative(app, f));

describe("code shape", () => {
  it("finds the route modules", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it("every route module sits in its area's folder (app/routes/<area>+/), none loose in app/routes", () => {
    const loose = fs.readdirSync(path.join(app, "routes")).filter((f) => /\.tsx?$/.test(f));
    expect(loose).toEqual([]);
    const areas = fs.readdirSync(path.join(app, "routes")).sort();
    expect(areas).toEqual(["_account+", "_auth+", "_exam+", "_public+", "_student+", "admin+", "api+"]);
    const adminAreas = fs
      .readdirSync(path.join(app, "routes/admin+"))
      .filter((f) => !/\.tsx?$/.test(f))
      .sort();
    expect(adminAreas).toEqual(["_backup+", "_content+", "_insight+", "_tests+", "_users+"]);
  });

  it("no route module, nor a route's part, is over 250 lines", () => {
    const long = [...routes, ...routeParts].map((f) => [path.basename(f), sourceOf(f).split("\n").length] as const).filter(([, lines]) => lines > 250);
    expect(long).toEqual([]);
  });

  it("a component under app/components is shared (two areas, or the root); one area's own parts live beside its routes as __ files", () => {
    const components = filesIn(path.join(app, "components")).filter((f) => /\.tsx?$/.test(f));
    const oneAreas = components
      .map((f) => [path.relative(app, f), [...areasReaching(f)]] as const)
      .filter(([, areas]) => areas.length === 1 && areas[0] !== "root");
    expect(oneAreas).toEqual([]);
    expect(routeParts.length).toBeGreaterThan(20);
    // a part is used by its own area's routes only (a part another area needs belongs in app/components)
    const strays = routeParts
      .map((f) => [path.relative(app, f), path.relative(path.join(app, "routes"), f).split(path.sep)[0], [...areasReaching(f)]] as const)
      .filter(([, own, areas]) => areas.some((area) => area !== own));
    expect(strays).toEqual([]);
  });

  it("app/lib and app/db never import from app/models", () => {
    expect(importing(["lib", "db"], "models")).toEqual([]);
  });

  it("nothing under app/components imports a route module (a page's data type comes from its model)", () => {
    expect(importing(["components"], "routes")).toEqual([]);
  });

  it("app/lib never imports app/db (what reads the database, sessions and the sign-in throttle included, is a model)", () => {
    expect(importing(["lib"], "db")).toEqual([]);
  });

  it("app/lib is split into rules, schemas, browser code and server code; rules and schemas stay pure", () => {
    const loose = fs.readdirSync(path.join(app, "lib")).filter((f) => /\.tsx?$/.test(f));
    expect(loose).toEqual([]);
    expect(fs.readdirSync(path.join(app, "lib")).sort()).toEqual(["browser", "rules", "schemas", "server"]);
    // server-only code is named *.server.ts or lives in lib/server; nothing outside lib/server is
    const misplaced = filesIn(path.join(app, "lib")).filter((f) => f.endsWith(".server.ts") && !f.includes(`${path.sep}server${path.sep}`));
    expect(misplaced.map((f) => path.relative(app, f))).toEqual([]);
    const impure = [...filesIn(path.join(app, "lib/rules")), ...filesIn(path.join(app, "lib/schemas"))].filter((f) =>
      /from "(~\/lib\/server|~\/lib\/browser|\.\.\/server|\.\.\/browser|~\/db|~\/models|node:|react|@remix-run)/.test(sourceOf(f)),
    );
    expect(impure.map((f) => path.relative(app, f))).toEqual([]);
    const browserReachesServer = filesIn(path.join(app, "lib/browser")).filter((f) =>
      /from "(~\/lib\/server|\.\.\/server|~\/db|~\/models|node:)/.test(sourceOf(f)),
    );
    expect(browserReachesServer.map((f) => path.relative(app, f))).toEqual([]);
  });

  it("a route answers a failure it did not expect through one helper (app/lib/server/failures.server.ts)", () => {
    // a catch block that answers 500 logs and words it with formFailed, flashFailed or noteFailure, which hand
    // database trouble on to the one 503 answer (app/lib/server/guarded-build.server.ts)
    const careless = routes.filter((f) => {
      const source = sourceOf(f);
      return [...source.matchAll(/catch \((\w+)\) \{([\s\S]*?)(status: 500|\n {2}\}\n)/g)].some(
        (m) => m[3].includes("500") && !/(formFailed|flashFailed|noteFailure)\(/.test(m[2]),
      );
    });
    expect(careless.map((f) => path.basename(f))).toEqual([]);
    const copied = routes.filter((f) => /rethrowIfDatabaseTrouble\(\w+\);\s*console\.error/.test(sourceOf(f)));
    expect(copied.map((f) => path.basename(f))).toEqual([]);
  });

  it("nothing under app/models imports a route module", () => {
    expect(importing(["models"], "routes")).toEqual([]);
  });

  it("server/ knows no address of the product: no path of a route, no pattern of one (routes declare what the guards need)", () => {
    // the first segment of every route's address, from the route files' names (`admin+/_tests+/tests.upload.tsx` → admin)
    const firstSegments = new Set(
      routes
        .map((f) => path.relative(path.join(app, "routes"), f).split(path.sep))
        .map((parts) => [parts[0].startsWith("_") ? "" : parts[0].replace(/\+$/, ""), ...parts.slice(1)].filter((p) => p && !p.startsWith("_")))
        .map((parts) => (parts[0] ?? "").split(".")[0].replace(/\[|\]/g, ""))
        .filter((segment) => /^[a-z][a-z-]*$/.test(segment)),
    );
    expect([...firstSegments]).toEqual(expect.arrayContaining(["admin", "api", "test", "dashboard", "login", "healthz"]));
    const serverDir = path.join(app, "../server");
    const mentions = fs
      .readdirSync(serverDir)
      .filter((f) => f.endsWith(".js"))
      .flatMap((f) =>
        [...firstSegments]
          .filter((segment) => new RegExp(`["'\`]\\/${segment}\\b|\\\\\\/${segment}\\b`).test(sourceOf(path.join(serverDir, f))))
          .map((segment) => `${f}: /${segment}`),
      );
    expect(mentions).toEqual([]);
    // nor the framework's own addresses (its data requests, route discovery, the browser build's folder)
    const frameworkPaths = fs
      .readdirSync(serverDir)
      .filter((f) => f.endsWith(".js") && /["'`](\.data|\/__manifest|\/build)["'`]/.test(sourceOf(path.join(serverDir, f))));
    expect(frameworkPaths).toEqual([]);
  });
});
