// After `remix build`: fewer, larger JavaScript files for the pages students load (issue 21, item 9).
//
// Remix's classic compiler runs esbuild with code splitting and no say over chunks, so the exam page
// loaded ten scripts (entry, root, route and seven shared chunks), six at a time over HTTP/1.1, each
// paying the link's latency. This step re-bundles the browser build with Rollup (already used by
// vitest through Vite), putting every shared chunk that the entry, the root and the student pages
// import into one `core` chunk, so the exam page loads four: entry, core, root and its route.
// Admin-only chunks keep their own files. Names carry a hash of their new content, so the year-long
// cache of /build/ stays correct. The route manifest is rewritten in both places Remix reads it: the
// server build (build/index.js) and public/build/manifest-*.js.
//
// Run by `npm run build`; on its own: `node scripts/merge-client-chunks.js`.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { rollup } from "rollup";

const ROOT = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const PUBLIC_BUILD = path.join(ROOT, "public/build");
const SERVER_BUILD = path.join(ROOT, "build/index.js");
const STAGING = path.join(ROOT, "public/.build-merged");

/** The routes a student loads: their shared chunks go into `core` (with the entry's and the root's). */
export const STUDENT_ROUTES = ["routes/_index", "routes/login", "routes/dashboard", "routes/progress", "routes/test.$testId", "routes/test.$testId_.results"];
/** A shared chunk this large stays on its own unless the entry or the root needs it (a form library, say). */
const CORE_CHUNK_MAX_BYTES = 30_000;
const MANIFEST_LINE = /^var assets_manifest_default = (\{.*\});$/m;

function readServerManifest() {
  const source = fs.readFileSync(SERVER_BUILD, "utf8");
  const match = source.match(MANIFEST_LINE);
  if (!match) throw new Error("merge-client-chunks: no assets manifest in build/index.js (did remix build run?)");
  // the literal is esbuild's own output (void 0, !0): evaluate it, it is our build
  const manifest = new Function(`return ${match[1]}`)();
  return { source, manifest };
}

const fileOf = (publicUrl) => path.join(PUBLIC_BUILD, publicUrl.replace(/^\/build\//, ""));

/** Shared chunk files (absolute paths) that go into `core`. */
export function coreChunks(manifest, sizeOf) {
  const core = new Set();
  const always = [...manifest.entry.imports, ...(manifest.routes.root.imports ?? [])];
  for (const chunk of always) core.add(chunk);
  for (const id of STUDENT_ROUTES) {
    for (const chunk of manifest.routes[id]?.imports ?? []) {
      if (sizeOf(chunk) <= CORE_CHUNK_MAX_BYTES) core.add(chunk);
    }
  }
  return core;
}

/** Every chunk a file imports, directly or through another chunk (what the page should preload). */
function importsOf(fileName, bundle) {
  const seen = new Set();
  const visit = (name) => {
    for (const dep of bundle[name]?.imports ?? []) {
      if (!seen.has(dep)) {
        seen.add(dep);
        visit(dep);
      }
    }
  };
  visit(fileName);
  return [...seen].map((f) => `/build/${f}`);
}

async function main() {
  const { source, manifest } = readServerManifest();
  if (manifest.entry.imports.some((u) => u.includes("/_shared/core-"))) {
    console.log("merge-client-chunks: build already merged");
    return;
  }
  const core = new Set([...coreChunks(manifest, (u) => fs.statSync(fileOf(u)).size)].map(fileOf));

  const input = { "entry.client": fileOf(manifest.entry.module) };
  for (const [id, route] of Object.entries(manifest.routes)) input[id] = fileOf(route.module);

  const bundle = await rollup({
    input,
    preserveEntrySignatures: "strict",
    treeshake: false,
    onwarn(warning, warn) {
      if (warning.code === "CIRCULAR_DEPENDENCY") return;
      warn(warning);
    },
    plugins: [
      {
        name: "public-build-urls",
        resolveId(specifier, importer) {
          if (specifier.startsWith("/build/")) return fileOf(specifier);
          if (importer && specifier.startsWith(".")) return path.resolve(path.dirname(importer), specifier);
          return null;
        },
      },
    ],
  });
  fs.rmSync(STAGING, { recursive: true, force: true });
  const { output } = await bundle.write({
    dir: STAGING,
    format: "es",
    compact: true,
    hashCharacters: "base36",
    entryFileNames: "[name]-[hash].js",
    chunkFileNames: (chunk) => (chunk.name === "core" ? "_shared/core-[hash].js" : "_shared/chunk-[hash].js"),
    manualChunks(id) {
      return core.has(id) ? "core" : undefined;
    },
  });
  await bundle.close();

  const byName = Object.fromEntries(output.filter((o) => o.type === "chunk").map((c) => [c.fileName, c]));
  const entryFile = (name) => {
    const chunk = output.find((o) => o.type === "chunk" && o.isEntry && o.facadeModuleId === input[name]);
    if (!chunk) throw new Error(`merge-client-chunks: no output for ${name}`);
    return chunk.fileName;
  };
  const withImports = (name) => {
    const file = entryFile(name);
    const imports = importsOf(file, byName);
    return { module: `/build/${file}`, imports: imports.length ? imports : undefined };
  };

  const routes = {};
  for (const [id, route] of Object.entries(manifest.routes)) routes[id] = { ...route, ...withImports(id) };
  const entry = withImports("entry.client");
  entry.imports ??= [];
  const body = JSON.stringify({ entry, routes });
  const version = crypto.createHash("sha256").update(body).digest("hex").slice(0, 8);
  const merged = { ...manifest, entry, routes, version, url: `/build/manifest-${version.toUpperCase()}.js` };

  // swap the scripts: keep _assets (CSS, images), replace every .js
  for (const name of fs.readdirSync(PUBLIC_BUILD)) {
    if (name === "_assets") continue;
    fs.rmSync(path.join(PUBLIC_BUILD, name), { recursive: true, force: true });
  }
  for (const name of fs.readdirSync(STAGING)) fs.renameSync(path.join(STAGING, name), path.join(PUBLIC_BUILD, name));
  fs.rmSync(STAGING, { recursive: true, force: true });
  fs.writeFileSync(path.join(PUBLIC_BUILD, `manifest-${version.toUpperCase()}.js`), `window.__remixManifest=${JSON.stringify(merged)};`);
  fs.writeFileSync(SERVER_BUILD, source.replace(MANIFEST_LINE, `var assets_manifest_default = ${JSON.stringify(merged)};`));

  const examFiles = [merged.entry.module, ...merged.entry.imports, merged.routes.root.module, ...(merged.routes.root.imports ?? [])];
  const exam = merged.routes["routes/test.$testId"];
  const examScripts = new Set([...examFiles, exam.module, ...(exam.imports ?? [])]);
  console.log(`merge-client-chunks: ${Object.keys(byName).length} scripts; the exam page loads ${examScripts.size}`);
}

if (process.argv[1] && url.fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
