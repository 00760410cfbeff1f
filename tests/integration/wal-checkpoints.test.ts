// A cluster's web workers run no WAL checkpoints (the write that filled the WAL used to copy ~4 MB and
// sync the file while its request and those behind it waited); the primary runs one a second.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { CHECKPOINTS_BY_PRIMARY, checkpointWal, openDatabase, rawDb } from "~/db/db.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-wal-"));

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

afterEach(() => {
  delete process.env[CHECKPOINTS_BY_PRIMARY];
});

function fill(conn: ReturnType<typeof openDatabase>["sqlite"], pages: number) {
  conn.exec("CREATE TABLE IF NOT EXISTS scratch (body TEXT)");
  const insert = conn.prepare("INSERT INTO scratch (body) VALUES (?)");
  // one page-sized row per write: each commit appends at least one frame
  for (let i = 0; i < pages; i++) insert.run("x".repeat(3000));
}

describe("WAL checkpoints", () => {
  it("are left to the primary by a worker's connection, whose WAL grows past SQLite's threshold", () => {
    process.env[CHECKPOINTS_BY_PRIMARY] = "1";
    const file = path.join(dir, "worker.db");
    const { sqlite } = openDatabase(file);
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    fill(sqlite, 1500);
    // past 1,000 pages a connection checkpointing itself would have copied them and started the WAL again
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(1000 * 4096);
    sqlite.close();
  });

  it("are run by any other connection at SQLite's threshold", () => {
    const file = path.join(dir, "single.db");
    const { sqlite } = openDatabase(file);
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    fill(sqlite, 1500);
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(1100 * 4096);
    sqlite.close();
  });

  it("copy every frame of the WAL into the database file when nobody reads an older state", () => {
    rawDb().exec("CREATE TABLE IF NOT EXISTS scratch (body TEXT)");
    rawDb().prepare("INSERT INTO scratch (body) VALUES (?)").run("a row");
    const done = checkpointWal();
    expect(done.walFrames).toBeGreaterThan(0);
    expect(done.checkpointed).toBe(done.walFrames);
  });
});
