// Replication with Litestream (the real binary from @flydotio/litestream-linux-x64), end to end: the disk-loss
// drill at a small size (every acknowledged answer present after restore and replay, integrity ok, a
// point-in-time restore between two batches), and restore on boot doing nothing when the database
// exists and starting fresh, with the seed, on an empty volume with no replica.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { diskLoss } from "../../bench/disk-loss.js";
import { ADMIN, freePort, startServer } from "../../bench/lib.js";
import { litestreamBinary, restoreIfMissing, writeConfig } from "../../server/replication.js";

const dirs: string[] = [];
function tempDir(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `academy-${name}-`));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the disk-loss drill (small)", () => {
  it("after SIGKILL, a deleted data folder and a restore on boot, replay brings back every acknowledged answer", async () => {
    const report = await diskLoss({ students: 12, answersEach: 4, dir: tempDir("drill") });
    expect(report.pointInTime).toMatchObject({ firstBatchPresent: true, secondBatchAbsent: true, integrity: "ok" });
    expect(report.burst.answersAcknowledged).toBe(48);
    expect(report.burst.finishesAcknowledged).toBe(12);
    // the restore happened (the server came back on an empty disk with the students' attempts)
    expect(report.restoreMs).toBeGreaterThanOrEqual(0);
    expect(report.afterRestore.integrity).toBe("ok");
    expect(report.afterRestore.answersPresent + report.afterRestore.answersMissing).toBe(48);
    expect(report.afterReplay).toMatchObject({ answersPresent: 48, finishedPresent: 12, refused: 0, integrity: "ok" });
    expect(report.afterReplay.replayed).toBe(report.afterRestore.answersMissing);
  }, 240_000);
});

describe("restore on boot", () => {
  it("does nothing when the database exists", () => {
    const dir = tempDir("boot-exists");
    const dbFile = path.join(dir, "app.db");
    const db = new Database(dbFile);
    db.exec("CREATE TABLE marker (x); INSERT INTO marker VALUES (42)");
    db.close();
    const config = writeConfig(
      `dbs:\n  - path: ${JSON.stringify(dbFile)}\n    replicas:\n      - type: file\n        path: ${JSON.stringify(path.join(dir, "replica"))}\n`,
    );
    const result = restoreIfMissing(litestreamBinary(), config, dbFile);
    expect(result).toMatchObject({ restored: false, reason: "the database exists" });
    const again = new Database(dbFile, { readonly: true });
    expect(again.prepare("SELECT x FROM marker").get()).toEqual({ x: 42 });
    again.close();
  });

  it("an empty volume and no replica yet: the server starts fresh with the seed, and starts replicating", async () => {
    const dir = tempDir("boot-empty");
    const dbFile = path.join(dir, "data", "app.db");
    const server = await startServer(dbFile, {
      env: { LITESTREAM_REPLICA_URL: path.join(dir, "replica"), LITESTREAM_METRICS_PORT: String(await freePort()) },
      detached: true,
    });
    try {
      expect(server.stdout()).toContain("no replica yet: starting fresh");
      const db = new Database(dbFile, { readonly: true });
      expect(db.prepare("SELECT role FROM users WHERE email = ?").get(ADMIN.email)).toEqual({ role: "admin" });
      db.close();
      // /healthz names the replica and, once the first snapshot is shipped, says it is in sync
      let health = "";
      for (let i = 0; i < 100 && !health.includes("replication: in sync"); i++) {
        health = await (await fetch(`${server.base}/healthz`)).text();
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(health).toMatch(/^ok\nreplica: file .*replica\nreplication: in sync\nlast sync: \d+\.\d s ago/);
      expect(fs.readdirSync(path.join(dir, "replica")).length).toBeGreaterThan(0);
    } finally {
      await server.kill("SIGTERM");
    }
  }, 120_000);

  it("a wrong variable stops the server at start-up with its message", () => {
    const run = spawnSync(process.execPath, ["server/start.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "x".repeat(32),
        DATABASE_URL: path.join(tempDir("boot-bad"), "app.db"),
        LITESTREAM_REPLICA_URL: "s3://bucket/x",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("LITESTREAM_ENDPOINT: required for an s3:// replica");
  });
});
