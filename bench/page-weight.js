// JavaScript and CSS (gzip) that a page downloads, read from the Remix build manifest (build/client/build/).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./lib.js";

export const PAGES = {
  landing: ["root", "routes/_public+/index"],
  dashboard: ["root", "routes/_student+/dashboard"],
  exam: ["root", "routes/_exam+/test.$testId"],
  results: ["root", "routes/_exam+/test.$testId_.results"],
};
export const BUDGETS = { exam: { jsKB: 100 } };

function gzipKB(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(ROOT, "build/client", file))).length / 1024;
}

/** @returns {Record<keyof typeof PAGES, { jsKB: number; cssKB: number; files: number }>} */
export function pageWeights() {
  const dir = path.join(ROOT, "build/client/build");
  const manifestFile = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("no build manifest: run npm run build");
  const text = fs.readFileSync(path.join(dir, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const css = fs
    .readdirSync(path.join(dir, "_assets"))
    .filter((f) => f.endsWith(".css"))
    .map((f) => `/build/_assets/${f}`);
  const out = /** @type {Record<string, { jsKB: number; cssKB: number; files: number }>} */ ({});
  for (const [page, routeIds] of Object.entries(PAGES)) {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of routeIds) {
      const r = manifest.routes[id];
      if (!r) throw new Error(`route ${id} missing from the manifest`);
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    const jsKB = [...files].reduce((sum, f) => sum + gzipKB(f), 0);
    const cssKB = css.reduce((sum, f) => sum + gzipKB(f), 0);
    out[page] = { jsKB: Math.round(jsKB * 10) / 10, cssKB: Math.round(cssKB * 10) / 10, files: files.size };
  }
  return out;
}

export function budgetProblems(weights) {
  const problems = [];
  for (const [page, budget] of Object.entries(BUDGETS)) {
    if (weights[page].jsKB > budget.jsKB) problems.push(`${page} page: ${weights[page].jsKB} KB gzip JS exceeds the ${budget.jsKB} KB budget`);
  }
  return problems;
}
