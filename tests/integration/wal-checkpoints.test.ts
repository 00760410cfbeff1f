// A cluster's web workers run no WAL checkpoints (the write that filled the WAL used to copy ~4 MB and
// sync the file while its request and those behind it waited); the primary runs one a second, and restarts a
// WAL that steady reads and writes keep from ever being copied whole.
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Worker } from "node:worker_threads";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { CHECKPOINTS_BY_PRIMARY, checkpointWal, databaseFile, openDatabase, rawDb, WAL_FILE_LIMIT_BYTES } from "~/db/db.server";

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

/**
 * What the web workers do on exam day, in two threads against the database file: one saves a row every
 * millisecond or so (a worker's connection: no checkpoints of its own), the other keeps a read open at every
 * moment, each read 20 ms long and overlapping the next (requests reading while others write). Returns a stop
 * function that resolves to the number of rows written.
 */
function steadyReadsAndWrites(file: string) {
  const shared = new Int32Array(new SharedArrayBuffer(12)); // [stop, rows written, a read is open]
  const code = `
    const { workerData: { file, role, shared } } = require("node:worker_threads");
    const Database = require("better-sqlite3");
    const open = () => { const c = new Database(file); c.pragma("busy_timeout = 5000"); c.pragma("wal_autocheckpoint = 0"); return c; };
    const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
    if (role === "write") {
      const insert = open().prepare("INSERT INTO scratch (body) VALUES (?)");
      // the first write waits for the reader's first read: on a starved machine the reader thread started late, and
      // a WAL nobody read yet was copied whole and started again (not what exam day looks like)
      while (!Atomics.load(shared, 2) && !Atomics.load(shared, 0)) pause(1);
      while (!Atomics.load(shared, 0)) { insert.run("x".repeat(3000)); Atomics.add(shared, 1, 1); pause(1); }
    } else {
      const readers = [open(), open()].map((c) => ({ c, count: c.prepare("SELECT COUNT(*) FROM scratch") }));
      let held = readers[0];
      held.c.exec("BEGIN"); held.count.get();
      Atomics.store(shared, 2, 1);
      while (!Atomics.load(shared, 0)) {
        pause(20);
        const next = held === readers[0] ? readers[1] : readers[0];
        next.c.exec("BEGIN"); next.count.get();
        held.c.exec("COMMIT");
        held = next;
      }
      held.c.exec("COMMIT");
    }`;
  const threads = ["write", "read"].map((role) => new Worker(code, { eval: true, workerData: { file, role, shared } }));
  const stop = async () => {
    Atomics.store(shared, 0, 1);
    await Promise.all(threads.map((t) => once(t, "exit")));
    return Atomics.load(shared, 1);
  };
  return Object.assign(stop, { rowsSoFar: () => Atomics.load(shared, 1) });
}

/**
 * The primary's checkpoint every 50 ms under steady reads and writes, for `ms` and until `minRows` rows are written
 * (at most 20 s): on a busy machine 1.5 s wrote fewer rows than the restart threshold has frames, too few to tell a
 * WAL that restarts from one that only grows. Each result, and the rows written.
 */
async function checkpointsUnderLoad(ms: number, restartAbove: number, minRows = 0) {
  const stop = steadyReadsAndWrites(databaseFile());
  const results: ReturnType<typeof checkpointWal>[] = [];
  const until = Date.now() + ms;
  const cap = Date.now() + 20_000;
  while (Date.now() < cap && (Date.now() < until || stop.rowsSoFar() < minRows)) {
    await sleep(50);
    results.push(checkpointWal(restartAbove));
  }
  const rows = await stop();
  return { results, rows, last: checkpointWal(Number.POSITIVE_INFINITY) };
}

describe("WAL checkpoints", () => {
  it("are left to the primary by a worker's connection, whose WAL grows past SQLite's threshold", () => {
    process.env[CHECKPOINTS_BY_PRIMARY] = "1";
    const file = path.join(dir, "worker.db");
    const { sqlite } = openDatabase(file);
    expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    // a WAL that starts again is cut back to 64 MB, whatever it grew to before
    expect(sqlite.pragma("journal_size_limit", { simple: true })).toBe(WAL_FILE_LIMIT_BYTES);
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

  it("never copy the whole WAL under steady reads and writes, so the WAL never starts again (without a restart)", async () => {
    rawDb().exec("CREATE TABLE IF NOT EXISTS scratch (body TEXT)");
    checkpointWal(0); // an empty WAL to start from
    const { results, rows, last } = await checkpointsUnderLoad(1500, Number.POSITIVE_INFINITY);
    expect(rows).toBeGreaterThan(100);
    expect(results.some((r) => r.restarted)).toBe(false);
    // every row written is still a frame of the WAL: it only grew
    expect(last.walFrames).toBeGreaterThanOrEqual(rows);
  });

  it("restart the WAL past their threshold, under the same steady reads and writes", async () => {
    rawDb().exec("CREATE TABLE IF NOT EXISTS scratch (body TEXT)");
    // start from an empty WAL: the WAL of the test before, restarted, starts again at the next write, made here while
    // nobody reads (a reader that began first could hold it, and the first figure would count the old WAL's frames)
    expect(checkpointWal(0).restarted).toBe(true);
    rawDb().prepare("INSERT INTO scratch (body) VALUES ('start')").run();
    expect(checkpointWal(Number.POSITIVE_INFINITY).walFrames).toBeLessThan(10);
    // (enough rows that the WAL, two frames a row, passes the 200-frame threshold many times over)
    const { results, rows, last } = await checkpointsUnderLoad(1500, 200, 1000);
    expect(rows).toBeGreaterThanOrEqual(1000);
    expect(results.filter((r) => r.restarted).length).toBeGreaterThan(0);
    // the WAL holds only what was written since the last restart
    expect(last.walFrames).toBeLessThan(rows / 2);
    expect(Math.max(...results.map((r) => r.walFrames))).toBeLessThan(rows);
  });
});
