// What the production-server tests read of the server's processes from /proc (Linux): its workers and their memory.
import fs from "node:fs";

/** The worker processes' pids (children of the primary). */
export function workerPids(pid: number): number[] {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

/** A process's resident memory in bytes (0 once it is gone). */
export function rssBytes(pid: number): number {
  try {
    return Number(/\nRss:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
