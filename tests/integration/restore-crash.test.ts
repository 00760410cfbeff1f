// Killed in the middle of a snapshot restore: the restore (app/models/restore.server.ts) copies the
// snapshot into the live file with SQLite's online backup, whose write transaction on the live file
// is committed only when every page is copied. A SIGKILL half-way leaves the previous site whole: the
// live file passes the integrity check and holds only the old rows.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-restore-crash-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function database(file: string, tag: string, rows: number) {
  const d = new Database(file);
  d.pragma("journal_mode = WAL");
  d.exec("CREATE TABLE site (tag TEXT, pad TEXT)");
  const insert = d.prepare("INSERT INTO site VALUES (?, ?)");
  d.transaction(() => {
    for (let i = 0; i < rows; i++) insert.run(tag, "x".repeat(500));
  })();
  d.close();
}

describe("a server killed during a snapshot restore", () => {
  it("leaves the previous database whole", async () => {
    const live = path.join(dir, "app.db");
    const snapshot = path.join(dir, "snapshot.db");
    database(live, "before", 20_000);
    database(snapshot, "snapshot", 60_000);
    // the server's own connection stays open, as in production
    const server = new Database(live);
    server.pragma("journal_mode = WAL");
    // the restore's copy, 100 pages at a time, in a process killed once a fifth of the pages are across
    const code = `
      import Database from "better-sqlite3";
      const snapshot = new Database(${JSON.stringify(snapshot)}, { readonly: true });
      let steps = 0;
      await snapshot.backup(${JSON.stringify(live)}, { progress: () => {
        if (++steps === 20) {
          console.log("HALF-WAY");
          // hold here (the copy's transaction open) until the kill arrives
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30_000);
        }
        return 100;
      } });
      console.log("DONE");`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: process.cwd() });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
      if (output.includes("HALF-WAY")) child.kill("SIGKILL");
    });
    const exit = await new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    expect(exit).toBe("SIGKILL");
    expect(output).not.toContain("DONE");

    expect(server.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(server.prepare("SELECT tag, COUNT(*) AS n FROM site GROUP BY tag").all()).toEqual([{ tag: "before", n: 20_000 }]);
    server.close();
    const reopened = new Database(live, { readonly: true });
    expect(reopened.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(reopened.prepare("SELECT COUNT(*) AS n FROM site").get()).toEqual({ n: 20_000 });
    reopened.close();
  }, 60_000);
});
