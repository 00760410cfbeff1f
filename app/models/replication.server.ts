import fs from "node:fs";
import path from "node:path";
import { databaseFile } from "~/db/db.server";
import { litestreamConfig, replicationLag } from "~/lib/server/litestream-config";

/**
 * What /healthz says about replication, read from Litestream's metrics on loopback: in sync, or behind
 * (and since when it was last in sync), or unknown when Litestream does not answer. Only when the server
 * runs under Litestream (server/replication.js sets ACADEMY_UNDER_LITESTREAM).
 */
export type ReplicationStatus = {
  replica: string;
  state: "in sync" | "behind" | "unknown";
  /** ms since the replica was last seen in sync; null before the first time */
  lastSyncAgeMs: number | null;
  behindBytes: number;
};

/** Falling further behind than this logs a warning. */
export const REPLICA_BEHIND_WARNING_MS = 5000;

let lastInSyncAt: number | null = null;

/**
 * Where Litestream's copy of the WAL stands: the newest file of the current generation's shadow WAL
 * (`.<db>-litestream/generations/<generation>/wal/<index>.wal`, its size is the offset). Null when unreadable.
 */
function shadowPosition(file: string): { index: number; size: number } | null {
  try {
    const meta = path.join(path.dirname(file), `.${path.basename(file)}-litestream`);
    const generation = fs.readFileSync(path.join(meta, "generation"), "utf8").trim();
    const walDir = path.join(meta, "generations", generation, "wal");
    const newest = fs
      .readdirSync(walDir)
      .filter((f) => /^[0-9a-f]{8}\.wal$/.test(f))
      .sort()
      .pop();
    if (!newest) return null;
    return { index: Number.parseInt(newest.slice(0, 8), 16), size: fs.statSync(path.join(walDir, newest)).size };
  } catch {
    return null;
  }
}

function settings() {
  if (!process.env.ACADEMY_UNDER_LITESTREAM) return null;
  const result = litestreamConfig(process.env, databaseFile());
  return result.ok ? result.settings : null;
}

export async function replicationStatus(now = Date.now()): Promise<ReplicationStatus | null> {
  const s = settings();
  if (!s) return null;
  let metrics: string;
  try {
    const res = await fetch(`http://127.0.0.1:${s.metricsPort}/metrics`, { signal: AbortSignal.timeout(1000) });
    metrics = await res.text();
  } catch {
    return { replica: s.describe, state: "unknown", lastSyncAgeMs: lastInSyncAt === null ? null : now - lastInSyncAt, behindBytes: 0 };
  }
  const lag = replicationLag(metrics, shadowPosition(databaseFile()));
  if (!lag) return { replica: s.describe, state: "unknown", lastSyncAgeMs: null, behindBytes: 0 };
  if (lag.inSync) lastInSyncAt = now;
  return {
    replica: s.describe,
    state: lag.inSync ? "in sync" : "behind",
    lastSyncAgeMs: lastInSyncAt === null ? null : now - lastInSyncAt,
    behindBytes: lag.behindBytes,
  };
}

/** One process (the primary) checks every second and warns once per episode of falling behind. */
export function watchReplication() {
  let warned = false;
  const timer = setInterval(async () => {
    const status = await replicationStatus();
    if (!status) return;
    const behind = status.state !== "in sync" && (status.lastSyncAgeMs ?? Number.POSITIVE_INFINITY) > REPLICA_BEHIND_WARNING_MS;
    if (behind && !warned) {
      warned = true;
      console.warn(
        `replication warning: the replica (${status.replica}) is ${status.state}; last in sync ${status.lastSyncAgeMs === null ? "never" : `${Math.round(status.lastSyncAgeMs / 1000)} s ago`}`,
      );
    } else if (!behind && warned) {
      warned = false;
      console.log(`replication: the replica (${status.replica}) has caught up`);
    }
  }, 1000);
  timer.unref();
}

/** The lines /healthz adds when replication is on. */
export function describeReplication(status: ReplicationStatus): string {
  const age = status.lastSyncAgeMs === null ? "never" : `${(status.lastSyncAgeMs / 1000).toFixed(1)} s ago`;
  return [
    `replica: ${status.replica}`,
    `replication: ${status.state}`,
    `last sync: ${age}`,
    ...(status.behindBytes ? [`behind: ${status.behindBytes} bytes`] : []),
  ].join("\n");
}
