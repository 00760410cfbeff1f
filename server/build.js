// @ts-check
// Loads the Remix build (build/server/index.js, written by `npm run build`) for the server scripts, typed against app/server-api.ts.
import path from "node:path";
import url from "node:url";

export const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");

/** @returns {Promise<{ build: import("@remix-run/node").ServerBuild, entry: import("../app/server-api").ServerEntry }>} */
export async function loadBuild() {
  const build = await import(url.pathToFileURL(path.join(root, "build/server/index.js")).href);
  return { build, entry: build.entry.module };
}
