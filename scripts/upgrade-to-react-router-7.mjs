// Proves that the step from Remix v2 to React Router v7 is mechanical (docs/decisions/0001-remix-v2-end-of-life.md).
// Not part of `npm test`. It copies the repository (its committed files) to a temporary folder, applies there the
// steps of React Router's "Upgrading from Remix" guide (the codemod's registry is not reachable from here, so the
// package and import swaps are done by this script), installs from its lockfile, type-checks, builds and runs the
// unit, integration and Playwright tests, and prints what each step said and the totals. The project itself stays
// on the design card's packages.
//
//   node scripts/upgrade-to-react-router-7.mjs            (keeps the copy and prints where it is)
//   RR7_RELOCK=true node scripts/upgrade-to-react-router-7.mjs   (installs without the lockfile and writes a new one
//                                                                 to scripts/react-router-7/package-lock.json)
//   RR7_UNTIL=build node scripts/upgrade-to-react-router-7.mjs  (stops after the build: to weigh the upgraded pages)
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import url from "node:url";

const ROOT = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
// one exact version for all four packages: a range let npm pick @react-router/node one patch ahead of the others,
// whose peer dependency on that exact react-router then failed `npm ci` on the lockfile
const RR = "7.18.4";
/** The upgraded copy's lockfile (written by a RR7_RELOCK run, committed): the copy installs exactly it with npm ci. */
const LOCK = path.join(ROOT, "scripts/react-router-7/package-lock.json");
const relock = process.env.RR7_RELOCK === "true" || !fs.existsSync(LOCK);
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "academy-rr7-"));
const log = (line) => console.log(`[rr7] ${line}`);

// 1. a copy of the committed files
execSync(`git -C "${ROOT}" archive HEAD | tar -x -C "${copy}"`, { stdio: "inherit", shell: "/bin/bash" });
log(`copied HEAD to ${copy}`);
const file = (p) => path.join(copy, p);
const edit = (p, change) => fs.writeFileSync(file(p), change(fs.readFileSync(file(p), "utf8")));

// 2. packages: @remix-run/* out, react-router in
edit("package.json", (text) => {
  const pkg = JSON.parse(text);
  for (const name of ["@remix-run/node", "@remix-run/react"]) delete pkg.dependencies[name];
  delete pkg.devDependencies["@remix-run/dev"];
  Object.assign(pkg.dependencies, { "react-router": RR, "@react-router/node": RR });
  Object.assign(pkg.devDependencies, { "@react-router/dev": RR, "@react-router/remix-routes-option-adapter": RR });
  pkg.scripts.build = "react-router build";
  return `${JSON.stringify(pkg, null, 2)}\n`;
});
// the route-matching patch is of @remix-run/router, which React Router v7 does not use (decision 0003)
fs.rmSync(file("patches"), { recursive: true, force: true });
fs.rmSync(file("tests/unit/route-matching-patch.test.ts"), { force: true });
fs.rmSync(file("package-lock.json"), { force: true });
if (!relock) fs.copyFileSync(LOCK, file("package-lock.json"));
log("packages: @remix-run/{node,react,dev} → react-router, @react-router/{node,dev,remix-routes-option-adapter}; the router patch and its test removed");

// 3. imports: @remix-run/react → react-router; @remix-run/node → react-router, except the Node stream helpers
const NODE_ONLY = new Set(["createReadableStreamFromReadable", "writeReadableStreamToWritable"]);
const sources = execSync(`git -C "${ROOT}" ls-files app server bench tests scripts`, { encoding: "utf8" })
  .split("\n")
  .filter((f) => /\.(ts|tsx|js|mjs)$/.test(f) && fs.existsSync(file(f)) && !f.startsWith("scripts/upgrade-to-react-router-7"));
let changed = 0;
for (const f of sources) {
  const before = fs.readFileSync(file(f), "utf8");
  let after = before.replaceAll('"@remix-run/react"', '"react-router"').replaceAll('"react-router-dom/server"', '"react-router"').replaceAll('"react-router-dom"', '"react-router"');
  // the hydration data's global, which the plain pages' tests look for in a framework document
  after = after.replaceAll("window.__remixContext", "window.__reactRouterContext");
  // route discovery's query: Remix v2 sends one `p` per path, React Router 7 one comma-separated `paths`
  after = after.replaceAll("/__manifest?p=", "/__manifest?paths=");
  after = after.replace(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+"@remix-run\/node";/g, (_all, typeOnly = "", names) => {
    const list = names
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    const nodeOnly = list.filter((n) => NODE_ONLY.has(n.replace(/^type\s+/, "")));
    const rest = list.filter((n) => !nodeOnly.includes(n));
    const lines = [];
    if (rest.length) lines.push(`import ${typeOnly}{ ${rest.join(", ")} } from "react-router";`);
    if (nodeOnly.length) lines.push(`import ${typeOnly}{ ${nodeOnly.join(", ")} } from "@react-router/node";`);
    return lines.join("\n");
  });
  after = after.replaceAll('import("@remix-run/node")', 'import("react-router")').replaceAll('declare module "@remix-run/node"', 'declare module "react-router"');
  // the renamed components
  after = after.replace(/\bRemixServer\b/g, "ServerRouter").replace(/ abortDelay=\{ABORT_DELAY\}/g, "");
  if (f === "app/entry.client.tsx") after = after.replace('import { RemixBrowser } from "react-router";', 'import { HydratedRouter } from "react-router/dom";').replace(/RemixBrowser/g, "HydratedRouter");
  if (after !== before) {
    fs.writeFileSync(file(f), after);
    changed += 1;
  }
}
log(`imports rewritten in ${changed} files (RemixServer → ServerRouter, RemixBrowser → HydratedRouter)`);

// 4. the Future flags that are now the default, and the type root
for (const f of ["remix.env.d.ts", "app/load-context.d.ts"]) {
  if (fs.existsSync(file(f))) edit(f, (t) => t.replace(/\s*interface Future \{[^}]*\}/, "").replaceAll('"@remix-run/node"', '"react-router"'));
}
edit("tsconfig.json", (t) => t.replace('"@remix-run/node", ', ""));

// 5. routes.ts (the same folders by area, read by remix-flat-routes through React Router's adapter for a Remix
// `routes` option) and react-router.config.ts; the Vite plugin. The files flat routes ignores are remix.config.js's own
// (a route's parts, `__Name.tsx`, are not routes: read as routes they became files of their own)
const ignored = /flatRoutes\("routes", defineRoutes, \{ ignoredRouteFiles: (\[[^\]]*\]) \}\)/.exec(fs.readFileSync(file("remix.config.js"), "utf8"))?.[1];
if (!ignored) throw new Error("remix.config.js: the flatRoutes call's ignoredRouteFiles was not found");
fs.writeFileSync(
  file("app/routes.ts"),
  [
    'import type { RouteConfig } from "@react-router/dev/routes";',
    'import { remixRoutesOptionAdapter } from "@react-router/remix-routes-option-adapter";',
    'import { flatRoutes } from "remix-flat-routes";',
    "",
    `export default remixRoutesOptionAdapter((defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ${ignored} })) satisfies RouteConfig;`,
    "",
  ].join("\n"),
);
fs.writeFileSync(file("react-router.config.ts"), `import type { Config } from "@react-router/dev/config";\n\nexport default { ssr: true } satisfies Config;\n`);
edit("vite.config.ts", (t) =>
  t
    .replace('import { vitePlugin as remix } from "@remix-run/dev";', 'import { reactRouter } from "@react-router/dev/vite";')
    .replace('import remixConfig from "./remix.config.js";\n', "")
    .replace("remix(remixConfig)", "reactRouter()"),
);
log("app/routes.ts (remix-flat-routes through the routes-option adapter), react-router.config.ts and the Vite plugin written");

// 6. install, type-check, build, test
const run = (name, command) => {
  log(`$ ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { cwd: copy, shell: "/bin/bash", encoding: "utf8", env: { ...process.env, CI: "true" } });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  const tail = output.trim().split("\n").slice(-25).join("\n");
  log(`${name}: exit ${result.status} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (tail) console.log(tail.replace(/\u001b\[[0-9;]*m/g, ""));
  return { ok: result.status === 0, output };
};
const install = run(
  "install",
  relock ? "npm install --no-audit --no-fund --loglevel=error" : "npm ci --no-audit --no-fund --loglevel=error",
);
if (install.ok && relock) {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  fs.copyFileSync(file("package-lock.json"), LOCK);
  log(`a new lockfile for the upgraded copy: ${path.relative(ROOT, LOCK)} (commit it)`);
}
const typecheck = install.ok ? run("typecheck", "npx tsc --noEmit") : { ok: false, output: "" };
const errors = [...typecheck.output.matchAll(/error TS\d+: .*/g)].map((m) => m[0]);
if (errors.length) {
  const kinds = new Map();
  for (const e of errors) kinds.set(e.replace(/'[^']*'/g, "'…'"), (kinds.get(e.replace(/'[^']*'/g, "'…'")) ?? 0) + 1);
  log(`type errors by kind (${errors.length} in all):`);
  for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${n} × ${kind}`);
}
const build = install.ok ? run("build", "npm run -s build") : { ok: false };
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, "");
if (process.env.RR7_UNTIL === "build") {
  log(`stopped after the build (RR7_UNTIL=build); the upgraded copy is kept in ${copy}`);
  process.exit(build.ok ? 0 : 1);
}
const tests = build.ok ? run("unit and integration tests", "npx vitest run --reporter=dot") : { ok: false, output: "" };
const testLines = [...new Set(plain(tests.output).split("\n"))].filter((l) => / FAIL |Test Files|Tests {2}/.test(l));
if (testLines.length) for (const line of testLines) console.log(`  ${line.trim()}`);
const e2e = build.ok ? run("Playwright tests", "npx playwright test --reporter=line") : { ok: false, output: "" };
const e2eFailed = [...new Set(plain(e2e.output).split("\n"))].filter((l) => /^\s+\d+\) /.test(l));
for (const line of e2eFailed) console.log(`  ${line.trim()}`);
// the totals, as .ci/run counts them
const count = (text, pattern) => Number(pattern.exec(plain(text))?.[1] ?? 0);
const passed = count(tests.output, /Tests\s+(?:\d+ failed \| )?(\d+) passed/) + count(e2e.output, /(\d+) passed/);
const failed = count(tests.output, /Tests\s+(\d+) failed/) + count(e2e.output, /(\d+) failed/);
log(
  `summary: install ${install.ok ? "ok" : "failed"}, typecheck ${typecheck.ok ? "ok" : `${errors.length} errors`}, build ${build.ok ? "ok" : "failed"}, ` +
    `unit and integration ${tests.ok ? "passed" : "not passed"}, Playwright ${e2e.ok ? "passed" : "not passed"}`,
);
log(`${passed} passed, ${failed} failed`);
log(`the upgraded copy is kept in ${copy}`);
