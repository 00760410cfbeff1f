// The shape a newcomer can rely on (DESIGN.md "Code shape"): route modules stay short, the layers import
// downwards only (lib and db never import models), and a route that answers a failure itself leaves
// database trouble to the one 503 answer.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const app = path.join(__dirname, "../../app");
const filesIn = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesIn(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const sourceOf = (file: string) => fs.readFileSync(file, "utf8");
const routes = filesIn(path.join(app, "routes")).filter((f) => /\.tsx?$/.test(f));
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
    expect(areas).toEqual(["_auth+", "_exam+", "_public+", "_student+", "admin+", "api+"]);
    const adminAreas = fs
      .readdirSync(path.join(app, "routes/admin+"))
      .filter((f) => !/\.tsx?$/.test(f))
      .sort();
    expect(adminAreas).toEqual(["_backup+", "_content+", "_insight+", "_tests+", "_users+"]);
  });

  it("no route module is over 250 lines", () => {
    const long = routes.map((f) => [path.basename(f), sourceOf(f).split("\n").length] as const).filter(([, lines]) => lines > 250);
    expect(long).toEqual([]);
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

  it("a route that answers a failure with 500 first hands database trouble on (answered 503)", () => {
    const careless = routes.filter((f) => {
      const source = sourceOf(f);
      return [...source.matchAll(/catch \((\w+)\) \{([\s\S]*?)status: 500/g)].some((m) => !m[2].includes("rethrowIfDatabaseTrouble"));
    });
    expect(careless.map((f) => path.basename(f))).toEqual([]);
  });
});
