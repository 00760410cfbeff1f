/**
 * Continuous replication of the SQLite file with Litestream, configured from the environment (pure;
 * unit-tested). Nothing set: no replication, one process, one file. `LITESTREAM_REPLICA_URL` set: the
 * server starts under `litestream replicate -exec` with the config this builds.
 *
 *   LITESTREAM_REPLICA_URL         s3://bucket/path · sftp://user@host[:port]/path · file:///path or /path
 *   LITESTREAM_ENDPOINT            s3: the store's URL, always explicit (no cloud metadata lookups)
 *   LITESTREAM_ACCESS_KEY_ID       s3: key id      (Litestream reads both keys from the environment;
 *   LITESTREAM_SECRET_ACCESS_KEY   s3: secret       they are never written into the config file)
 *   LITESTREAM_REGION              s3: region (default us-east-1; most S3-compatible stores ignore it)
 *   LITESTREAM_FORCE_PATH_STYLE    s3: true for stores that need bucket-in-path (MinIO); default false
 *   LITESTREAM_SFTP_PASSWORD / LITESTREAM_SFTP_KEY_PATH   sftp: one of them
 *   LITESTREAM_SYNC_INTERVAL       how often changes are shipped (default 1s; at most 1s)
 *   LITESTREAM_MONITOR_INTERVAL    how often the WAL is checked for changes (default 1s; at most 1s)
 *   LITESTREAM_SNAPSHOT_INTERVAL   a full snapshot this often (default 6h)
 *   LITESTREAM_RETENTION           how far back a point-in-time restore can go (default 72h)
 *   LITESTREAM_METRICS_PORT        loopback port of Litestream's metrics, read by /healthz (default 9091)
 */
export type ReplicaKind = "s3" | "sftp" | "file";

export type LitestreamSettings = {
  kind: ReplicaKind;
  /** what /healthz and the logs show: the replica without credentials */
  describe: string;
  yaml: string;
  metricsPort: number;
  syncIntervalMs: number;
};

export type LitestreamConfigResult = { ok: true; settings: LitestreamSettings } | { ok: false; error: string } | { ok: true; settings: null };

type Env = Record<string, string | undefined>;

const DURATION = /^(\d+)(ms|s|m|h)$/;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;

/** "500ms", "1s", "6h" → milliseconds; null when not a duration Litestream reads the same way. */
export function durationMs(value: string): number | null {
  const match = DURATION.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** `${NAME}`: Litestream replaces it with the variable's value when it reads the config. */
const ENV_REFERENCE = (name: string) => `\${${name}}`;

/** A YAML scalar: JSON strings are valid YAML and escape everything that needs it. */
const q = (value: string) => JSON.stringify(value);

function problem(name: string, message: string): { ok: false; error: string } {
  return { ok: false, error: `Invalid environment:\n${name}: ${message}` };
}

function interval(env: Env, name: string, fallback: string, maxMs: number | null): { ok: true; text: string; ms: number } | { ok: false; error: string } {
  const text = (env[name] ?? "").trim() || fallback;
  const ms = durationMs(text);
  if (ms === null || ms <= 0) return problem(name, `"${text}" is not a duration such as 500ms, 1s, 6h`);
  if (maxMs !== null && ms > maxMs) return problem(name, `"${text}" is longer than ${maxMs / 1000}s: answers would wait that long to leave the machine`);
  return { ok: true, text, ms };
}

/** Builds litestream.yml for the database file, or says which variable is wrong. */
export function litestreamConfig(env: Env, databaseFile: string): LitestreamConfigResult {
  const raw = (env.LITESTREAM_REPLICA_URL ?? "").trim();
  if (!raw) return { ok: true, settings: null };

  const sync = interval(env, "LITESTREAM_SYNC_INTERVAL", "1s", 1000);
  if (!sync.ok) return sync;
  const monitor = interval(env, "LITESTREAM_MONITOR_INTERVAL", "1s", 1000);
  if (!monitor.ok) return monitor;
  const snapshot = interval(env, "LITESTREAM_SNAPSHOT_INTERVAL", "6h", null);
  if (!snapshot.ok) return snapshot;
  const retention = interval(env, "LITESTREAM_RETENTION", "72h", null);
  if (!retention.ok) return retention;
  const portText = (env.LITESTREAM_METRICS_PORT ?? "").trim() || "9091";
  const metricsPort = Number(portText);
  if (!/^\d+$/.test(portText) || metricsPort < 1 || metricsPort > 65535) return problem("LITESTREAM_METRICS_PORT", `"${portText}" is not a port number`);

  const common = [`        sync-interval: ${sync.text}`, `        snapshot-interval: ${snapshot.text}`, `        retention: ${retention.text}`];
  let replica: string[];
  let kind: ReplicaKind;
  let describe: string;

  if (raw.startsWith("s3://")) {
    kind = "s3";
    const rest = raw.slice("s3://".length);
    const [bucket, ...pathParts] = rest.split("/");
    const path = pathParts.join("/").replace(/\/+$/, "");
    if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) return problem("LITESTREAM_REPLICA_URL", `"${bucket ?? ""}" is not an S3 bucket name`);
    const endpoint = (env.LITESTREAM_ENDPOINT ?? "").trim();
    if (!endpoint) return problem("LITESTREAM_ENDPOINT", "required for an s3:// replica (the store's URL, e.g. https://s3.eu-central-003.backblazeb2.com)");
    if (!/^https?:\/\/[^\s/]+/.test(endpoint)) return problem("LITESTREAM_ENDPOINT", `"${endpoint}" is not an http(s) URL`);
    for (const name of ["LITESTREAM_ACCESS_KEY_ID", "LITESTREAM_SECRET_ACCESS_KEY"]) {
      if (!(env[name] ?? "").trim()) return problem(name, "required for an s3:// replica");
    }
    const forcePathStyle = (env.LITESTREAM_FORCE_PATH_STYLE ?? "false").trim().toLowerCase();
    if (forcePathStyle !== "true" && forcePathStyle !== "false") return problem("LITESTREAM_FORCE_PATH_STYLE", `"${forcePathStyle}" is not true or false`);
    const region = (env.LITESTREAM_REGION ?? "").trim() || "us-east-1";
    replica = [
      "      - type: s3",
      `        bucket: ${q(bucket)}`,
      `        path: ${q(path || "academy")}`,
      `        endpoint: ${q(endpoint)}`,
      `        region: ${q(region)}`,
      `        force-path-style: ${forcePathStyle}`,
    ];
    describe = `s3://${bucket}/${path || "academy"} at ${endpoint}`;
  } else if (raw.startsWith("sftp://")) {
    kind = "sftp";
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return problem("LITESTREAM_REPLICA_URL", `"${raw}" is not an sftp://user@host/path URL`);
    }
    if (!url.hostname || !url.username) return problem("LITESTREAM_REPLICA_URL", "an sftp replica needs a user and a host (sftp://user@host/path)");
    if (url.password) return problem("LITESTREAM_REPLICA_URL", "put the sftp password in LITESTREAM_SFTP_PASSWORD, not in the URL");
    const password = (env.LITESTREAM_SFTP_PASSWORD ?? "").trim();
    const keyPath = (env.LITESTREAM_SFTP_KEY_PATH ?? "").trim();
    if (!password && !keyPath) return problem("LITESTREAM_SFTP_KEY_PATH", "an sftp replica needs LITESTREAM_SFTP_KEY_PATH or LITESTREAM_SFTP_PASSWORD");
    replica = [
      "      - type: sftp",
      `        host: ${q(`${url.hostname}:${url.port || "22"}`)}`,
      `        user: ${q(decodeURIComponent(url.username))}`,
      `        path: ${q(decodeURIComponent(url.pathname) || "/")}`,
      // the password is read by Litestream from the environment (${...} expansion), never written here
      ...(password ? [`        password: ${ENV_REFERENCE("LITESTREAM_SFTP_PASSWORD")}`] : []),
      ...(keyPath ? [`        key-path: ${q(keyPath)}`] : []),
    ];
    describe = `sftp://${url.username}@${url.hostname}:${url.port || "22"}${url.pathname}`;
  } else if (raw.startsWith("file://") || raw.startsWith("/")) {
    kind = "file";
    const path = raw.startsWith("file://") ? decodeURIComponent(raw.slice("file://".length)) : raw;
    if (!path.startsWith("/")) return problem("LITESTREAM_REPLICA_URL", `"${raw}" must be an absolute path (file:///backups/academy)`);
    replica = ["      - type: file", `        path: ${q(path.replace(/\/+$/, ""))}`];
    describe = `file ${path}`;
  } else {
    return problem("LITESTREAM_REPLICA_URL", `"${raw}" is not an s3://, sftp:// or file path replica`);
  }

  const yaml = [
    "# written at start-up from LITESTREAM_* variables (app/lib/server/litestream-config.ts); do not edit",
    `addr: ${q(`127.0.0.1:${metricsPort}`)}`,
    "dbs:",
    `  - path: ${q(databaseFile)}`,
    `    monitor-interval: ${monitor.text}`,
    "    replicas:",
    ...replica,
    ...common,
    "",
  ].join("\n");
  return { ok: true, settings: { kind, describe, yaml, metricsPort, syncIntervalMs: sync.ms } };
}

/**
 * The replica's position against the database's: the replica's from Litestream's Prometheus metrics,
 * the database's from its shadow WAL on disk (`shadow`: the newest shadow WAL file's index and size;
 * the `litestream_shadow_wal_size` gauge keeps the previous file's size after a WAL restart, so it is
 * only the fallback).
 */
export function replicationLag(metrics: string, shadow: { index: number; size: number } | null = null): { inSync: boolean; behindBytes: number } | null {
  const value = (name: string) => {
    const match = new RegExp(`^${name}\\{[^}]*\\}\\s+([0-9.e+-]+)$`, "m").exec(metrics);
    return match ? Number(match[1]) : null;
  };
  const dbIndex = shadow?.index ?? value("litestream_shadow_wal_index");
  const dbOffset = shadow?.size ?? value("litestream_shadow_wal_size");
  const replicaIndex = value("litestream_replica_wal_index");
  const replicaOffset = value("litestream_replica_wal_offset");
  if (dbIndex === null || dbOffset === null || replicaIndex === null || replicaOffset === null) return null;
  if (replicaIndex > dbIndex || (replicaIndex === dbIndex && replicaOffset >= dbOffset)) return { inSync: true, behindBytes: 0 };
  return { inSync: false, behindBytes: replicaIndex === dbIndex ? dbOffset - replicaOffset : dbOffset };
}
