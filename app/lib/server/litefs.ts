import fs from "node:fs";
import path from "node:path";

/**
 * LiteFS (docs/operations.md, "Past one machine"): with `LITEFS_DIR` set, this process is a replica while
 * `$LITEFS_DIR/.primary` exists (LiteFS writes the primary's name there on replicas) and the primary
 * otherwise. Without `LITEFS_DIR` there is only one machine, the primary. Read at most once a second.
 */
export type LitefsRole = { role: "primary" } | { role: "replica"; primary: string };

let cached: { at: number; dir: string | undefined; value: LitefsRole } | undefined;

export function litefsRole(dir = process.env.LITEFS_DIR, now = Date.now()): LitefsRole {
  if (!dir) return { role: "primary" };
  if (cached && cached.dir === dir && now - cached.at < 1000) return cached.value;
  let value: LitefsRole = { role: "primary" };
  try {
    const primary = fs.readFileSync(path.join(dir, ".primary"), "utf8").trim();
    if (primary) value = { role: "replica", primary };
  } catch {
    // no .primary file: this is the primary
  }
  cached = { at: now, dir, value };
  return value;
}

/** Requests a replica can answer itself: reads. Everything else is replayed on the primary. */
export function servedByReplica(method: string): boolean {
  return method === "GET" || method === "HEAD";
}
