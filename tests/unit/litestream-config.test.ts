import { describe, expect, it } from "vitest";
import { durationMs, litestreamConfig, replicationLag } from "~/lib/server/litestream-config";

const DB = "/data/app.db";
const S3 = {
  LITESTREAM_REPLICA_URL: "s3://academy-backups/site",
  LITESTREAM_ENDPOINT: "https://s3.eu-central-003.backblazeb2.com",
  LITESTREAM_ACCESS_KEY_ID: "key-id",
  LITESTREAM_SECRET_ACCESS_KEY: "very-secret",
};

function build(env: Record<string, string | undefined>) {
  const result = litestreamConfig(env, DB);
  if (!result.ok) throw new Error(result.error);
  return result.settings;
}
function error(env: Record<string, string | undefined>) {
  const result = litestreamConfig(env, DB);
  return result.ok ? null : result.error;
}

describe("litestreamConfig", () => {
  it("nothing configured: no replication", () => {
    expect(build({})).toBeNull();
    expect(build({ LITESTREAM_REPLICA_URL: "  " })).toBeNull();
  });

  it("s3: bucket, path, explicit endpoint, region, path style; 1 s sync and monitor; keys never written", () => {
    const s = build({ ...S3, LITESTREAM_REGION: "eu-central-003", LITESTREAM_FORCE_PATH_STYLE: "true" });
    expect(s?.kind).toBe("s3");
    expect(s?.yaml).toContain('  - path: "/data/app.db"');
    expect(s?.yaml).toContain("    monitor-interval: 1s");
    expect(s?.yaml).toContain("      - type: s3");
    expect(s?.yaml).toContain('        bucket: "academy-backups"');
    expect(s?.yaml).toContain('        path: "site"');
    expect(s?.yaml).toContain('        endpoint: "https://s3.eu-central-003.backblazeb2.com"');
    expect(s?.yaml).toContain('        region: "eu-central-003"');
    expect(s?.yaml).toContain("        force-path-style: true");
    expect(s?.yaml).toContain("        sync-interval: 1s");
    expect(s?.yaml).toContain("        retention: 72h");
    expect(s?.yaml).toContain('addr: "127.0.0.1:9091"');
    expect(s?.yaml).not.toContain("very-secret");
    expect(s?.yaml).not.toContain("key-id");
    expect(s?.syncIntervalMs).toBe(1000);
    expect(s?.describe).toBe("s3://academy-backups/site at https://s3.eu-central-003.backblazeb2.com");
  });

  it("s3 defaults: region us-east-1, virtual-host style, path academy", () => {
    const yaml = build({ ...S3, LITESTREAM_REPLICA_URL: "s3://academy-backups" })?.yaml;
    expect(yaml).toContain('        region: "us-east-1"');
    expect(yaml).toContain("        force-path-style: false");
    expect(yaml).toContain('        path: "academy"');
  });

  it("s3 without an endpoint, a key or with a bad bucket or flag: a clear start-up error", () => {
    expect(error({ ...S3, LITESTREAM_ENDPOINT: undefined })).toMatch(/^Invalid environment:\nLITESTREAM_ENDPOINT: required for an s3:\/\/ replica/);
    expect(error({ ...S3, LITESTREAM_ENDPOINT: "s3.example.com" })).toMatch(/LITESTREAM_ENDPOINT: "s3.example.com" is not an http\(s\) URL/);
    expect(error({ ...S3, LITESTREAM_ACCESS_KEY_ID: "" })).toMatch(/LITESTREAM_ACCESS_KEY_ID: required/);
    expect(error({ ...S3, LITESTREAM_SECRET_ACCESS_KEY: undefined })).toMatch(/LITESTREAM_SECRET_ACCESS_KEY: required/);
    expect(error({ ...S3, LITESTREAM_REPLICA_URL: "s3://Bad_Bucket/x" })).toMatch(/"Bad_Bucket" is not an S3 bucket name/);
    expect(error({ ...S3, LITESTREAM_FORCE_PATH_STYLE: "yes" })).toMatch(/LITESTREAM_FORCE_PATH_STYLE: "yes" is not true or false/);
  });

  it("file: a path or file:// URL, absolute only", () => {
    expect(build({ LITESTREAM_REPLICA_URL: "/backups/academy/" })?.yaml).toContain('      - type: file\n        path: "/backups/academy"');
    expect(build({ LITESTREAM_REPLICA_URL: "file:///mnt/second%20disk/academy" })?.yaml).toContain('        path: "/mnt/second disk/academy"');
    expect(error({ LITESTREAM_REPLICA_URL: "file://relative/x" })).toMatch(/must be an absolute path/);
    expect(error({ LITESTREAM_REPLICA_URL: "backups" })).toMatch(/is not an s3:\/\/, sftp:\/\/ or file path replica/);
  });

  it("sftp: host with port, user, path, a key or a password read from the environment", () => {
    const yaml = build({ LITESTREAM_REPLICA_URL: "sftp://backup@10.0.0.5:2222/srv/academy", LITESTREAM_SFTP_KEY_PATH: "/run/secrets/id_ed25519" })?.yaml;
    expect(yaml).toContain('        host: "10.0.0.5:2222"');
    expect(yaml).toContain('        user: "backup"');
    expect(yaml).toContain('        path: "/srv/academy"');
    expect(yaml).toContain('        key-path: "/run/secrets/id_ed25519"');
    const withPassword = build({ LITESTREAM_REPLICA_URL: "sftp://backup@host.example/srv", LITESTREAM_SFTP_PASSWORD: "pw-secret" })?.yaml;
    expect(withPassword).toContain('host: "host.example:22"');
    expect(withPassword).toContain(`password: ${"$"}{LITESTREAM_SFTP_PASSWORD}`);
    expect(withPassword).not.toContain("pw-secret");
    expect(error({ LITESTREAM_REPLICA_URL: "sftp://host.example/srv", LITESTREAM_SFTP_PASSWORD: "x" })).toMatch(/needs a user and a host/);
    expect(error({ LITESTREAM_REPLICA_URL: "sftp://u@host.example/srv" })).toMatch(/LITESTREAM_SFTP_KEY_PATH: an sftp replica needs/);
    expect(error({ LITESTREAM_REPLICA_URL: "sftp://u:pw@host.example/srv" })).toMatch(/not in the URL/);
  });

  it("intervals: sync and monitor at most 1 s; every duration and the metrics port checked", () => {
    const fast = build({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_SYNC_INTERVAL: "250ms", LITESTREAM_MONITOR_INTERVAL: "500ms" });
    expect(fast?.yaml).toContain("sync-interval: 250ms");
    expect(fast?.yaml).toContain("monitor-interval: 500ms");
    expect(fast?.syncIntervalMs).toBe(250);
    expect(error({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_SYNC_INTERVAL: "10s" })).toMatch(/LITESTREAM_SYNC_INTERVAL: "10s" is longer than 1s/);
    expect(error({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_MONITOR_INTERVAL: "2s" })).toMatch(/LITESTREAM_MONITOR_INTERVAL/);
    expect(error({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_SYNC_INTERVAL: "fast" })).toMatch(/"fast" is not a duration/);
    expect(error({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_RETENTION: "0h" })).toMatch(/LITESTREAM_RETENTION/);
    expect(build({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_RETENTION: "168h", LITESTREAM_SNAPSHOT_INTERVAL: "1h" })?.yaml).toContain("retention: 168h");
    expect(error({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_METRICS_PORT: "99999" })).toMatch(/LITESTREAM_METRICS_PORT: "99999" is not a port number/);
    expect(build({ LITESTREAM_REPLICA_URL: "/b", LITESTREAM_METRICS_PORT: "9300" })?.metricsPort).toBe(9300);
  });

  it("a value that would break the YAML stays a string", () => {
    const yaml = build({ LITESTREAM_REPLICA_URL: '/b"\ninjected: true' })?.yaml;
    expect(yaml).not.toMatch(/^injected: true/m);
  });
});

describe("durationMs", () => {
  it("reads ms, s, m, h", () => {
    expect(durationMs("500ms")).toBe(500);
    expect(durationMs("1s")).toBe(1000);
    expect(durationMs("5m")).toBe(300_000);
    expect(durationMs("72h")).toBe(259_200_000);
    expect(durationMs("1.5s")).toBeNull();
    expect(durationMs("")).toBeNull();
  });
});

describe("replicationLag", () => {
  const metrics = (shadowIndex: number, shadowSize: number, replicaIndex: number, replicaOffset: number) =>
    [
      `litestream_shadow_wal_index{db="/data/app.db"} ${shadowIndex}`,
      `litestream_shadow_wal_size{db="/data/app.db"} ${shadowSize}`,
      `litestream_replica_wal_index{db="/data/app.db",name="file"} ${replicaIndex}`,
      `litestream_replica_wal_offset{db="/data/app.db",name="file"} ${replicaOffset}`,
    ].join("\n");
  it("in sync when the replica has reached the shadow WAL's position", () => {
    expect(replicationLag(metrics(3, 4096, 3, 4096))).toEqual({ inSync: true, behindBytes: 0 });
  });
  it("behind by the bytes not yet shipped", () => {
    expect(replicationLag(metrics(3, 8192, 3, 4096))).toEqual({ inSync: false, behindBytes: 4096 });
    expect(replicationLag(metrics(4, 1000, 3, 4096))).toEqual({ inSync: false, behindBytes: 1000 });
  });
  it("the shadow WAL's newest file, when given, is the database's position (the size gauge keeps the previous file's size)", () => {
    // after a WAL restart the gauge still says 30 MB for index 5; the file on disk says 4152
    expect(replicationLag(metrics(5, 30_933_024, 5, 4152), { index: 5, size: 4152 })).toEqual({ inSync: true, behindBytes: 0 });
    expect(replicationLag(metrics(5, 4152, 5, 4152), { index: 5, size: 9000 })).toEqual({ inSync: false, behindBytes: 4848 });
  });
  it("no figures yet: unknown", () => {
    expect(replicationLag("litestream_db_size 1")).toBeNull();
  });
});
