// @ts-check
// Continuous replication with Litestream (https://litestream.io), on when LITESTREAM_REPLICA_URL is set
// (app/lib/server/litestream-config.ts lists the variables). server/start.js calls runUnderLitestream() first:
//   1. the database file is missing and a replica exists → restore it (a lost disk, a new machine);
//      no replica either → start fresh (migrations and the first-start seed make a new site);
//   2. migrations and the seed run once, here, before replication starts;
//   3. `litestream replicate -exec "node server/start.js"`: Litestream ships every change within the
//      sync interval and stops the server with it (a final sync on SIGTERM).
// Without the variable nothing changes: one process, one file.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/** Set in the server that runs under Litestream, so it does not start Litestream again. */
export const UNDER_LITESTREAM = "ACADEMY_UNDER_LITESTREAM";

/** The Litestream binary: LITESTREAM_BIN, or the one npm installed (@flydotio/litestream-<platform>-<arch>). */
export function litestreamBinary() {
  if (process.env.LITESTREAM_BIN) return process.env.LITESTREAM_BIN;
  const require = createRequire(import.meta.url);
  const pkg = `@flydotio/litestream-${process.platform}-${process.arch}/package.json`;
  try {
    return path.join(path.dirname(require.resolve(pkg)), "litestream");
  } catch {
    throw new Error(
      `Litestream is not installed for ${process.platform}-${process.arch} (npm package ${pkg.replace("/package.json", "")}); set LITESTREAM_BIN to its path`,
    );
  }
}

/** Writes the config where only this user can read it; returns its path. @param {string} yaml */
export function writeConfig(yaml) {
  const file = path.join(os.tmpdir(), `academy-litestream-${process.pid}.yml`);
  fs.writeFileSync(file, yaml, { mode: 0o600 });
  return file;
}

/**
 * Restores the database from the replica when the file is missing (Litestream's own flags: nothing
 * happens when the database exists or no replica does). Returns what happened, for the log.
 * @param {string} binary @param {string} config @param {string} databaseFile @param {{ timestamp?: string, output?: string }} [options]
 */
export function restoreIfMissing(binary, config, databaseFile, options = {}) {
  const existed = fs.existsSync(databaseFile);
  if (existed && !options.output) return { restored: false, reason: "the database exists", ms: 0 };
  fs.mkdirSync(path.dirname(options.output ?? databaseFile), { recursive: true });
  const started = Date.now();
  const args = ["restore", "-config", config, "-if-replica-exists"];
  if (!options.output) args.push("-if-db-not-exists");
  if (options.timestamp) args.push("-timestamp", options.timestamp);
  if (options.output) args.push("-o", options.output);
  args.push(databaseFile);
  const run = spawnSync(binary, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`litestream restore failed: ${(run.stderr || run.stdout || "").trim()}`);
  const restored = fs.existsSync(options.output ?? databaseFile);
  return { restored, reason: restored ? "restored from the replica" : "no replica yet: starting fresh", ms: Date.now() - started };
}

/** A command line for -exec: each word in single quotes (Litestream splits it like a shell). @param {string[]} words */
function shellWords(words) {
  return words.map((/** @type {string} */ w) => `'${String(w).replaceAll("'", "'\\''")}'`).join(" ");
}

/**
 * @param {{ settings: import("../app/lib/server/litestream-config").LitestreamSettings, databaseFile: string, entry: import("../app/server-api").ServerEntry, script: string }} options
 * @returns {Promise<never>}
 */
export async function runUnderLitestream({ settings, databaseFile, entry, script }) {
  const binary = litestreamBinary();
  const config = writeConfig(settings.yaml);
  const restore = restoreIfMissing(binary, config, databaseFile);
  console.log(`replication to ${settings.describe}: ${restore.reason}${restore.restored ? ` in ${restore.ms} ms` : ""}`);
  // migrations and the first-start seed, once, before replication starts
  await entry.bootstrap();
  entry.shutdown();
  const command = shellWords([process.execPath, ...process.execArgv, script]);
  const child = spawn(binary, ["replicate", "-config", config, "-exec", command], {
    stdio: "inherit",
    env: { ...process.env, [UNDER_LITESTREAM]: "1" },
  });
  for (const signal of /** @type {const} */ (["SIGTERM", "SIGINT"])) process.on(signal, () => child.kill(signal));
  return new Promise(() => {
    child.on("exit", (code, signal) => {
      fs.rmSync(config, { force: true });
      process.exit(code ?? (signal ? 1 : 0));
    });
  });
}
