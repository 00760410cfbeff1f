import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFile, rawDb, switchDatabase } from "~/db/db.server";
import { databaseSnapshot } from "~/models/backup.server";
import { checkSnapshot, RESTORE_MESSAGES, restoreSnapshot } from "~/models/restore.server";
import { createUser, findUserByEmail } from "~/models/user.server";
import * as restoreRoute from "~/routes/admin.backup_.restore";
import { BASE, flashOf, OWNER, run, seedBase, signIn } from "../helpers";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-restore-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let snapshot: { file: string; cleanup: () => void };
beforeAll(async () => {
  switchDatabase(path.join(dir, "site.db"));
  await seedBase({ demo: true });
  snapshot = databaseSnapshot();
});
afterAll(() => snapshot.cleanup());

const userCount = () => (rawDb().prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n;

describe("restore the whole site from a snapshot", () => {
  it("puts the site back as it was and keeps the previous database beside it", async () => {
    const before = userCount();
    await createUser({ name: "Joined later", email: "later@example.test", password: "later-pass-1", assignedExamTypes: ["NET"] });
    expect(userCount()).toBe(before + 1);
    const restored = await restoreSnapshot(snapshot.file);
    if (!restored.ok) throw new Error(restored.error);
    expect(userCount()).toBe(before);
    expect(findUserByEmail("later@example.test")).toBeUndefined();
    // the previous database, with the later user, is kept next to the live file
    expect(path.dirname(restored.previous)).toBe(path.dirname(path.resolve(databaseFile())));
    const previous = new Database(restored.previous, { readonly: true });
    expect(previous.prepare("SELECT name FROM users WHERE email = 'later@example.test'").get()).toEqual({ name: "Joined later" });
    previous.close();
    expect(rawDb().pragma("integrity_check", { simple: true })).toBe("ok");
  });

  it("refuses a damaged file, a file that is not SQLite, another app's database and a newer version's, changing nothing", async () => {
    const count = userCount();
    const damaged = path.join(dir, "damaged.db");
    const bytes = fs.readFileSync(snapshot.file);
    // keep the header, scribble over the pages after it
    for (let i = 8192; i < bytes.length; i += 512) bytes[i] = 0xff;
    fs.writeFileSync(damaged, bytes);
    const damagedVerdict = checkSnapshot(damaged);
    expect([RESTORE_MESSAGES.corrupt, RESTORE_MESSAGES.notSqlite]).toContain(damagedVerdict);

    const text = path.join(dir, "notes.db");
    fs.writeFileSync(text, "hello, this is not a database");
    expect(checkSnapshot(text)).toBe(RESTORE_MESSAGES.notSqlite);

    const other = path.join(dir, "other.db");
    const o = new Database(other);
    o.exec("CREATE TABLE things (id INTEGER)");
    o.close();
    expect(checkSnapshot(other)).toBe(RESTORE_MESSAGES.notOurs);

    const newer = path.join(dir, "newer.db");
    fs.copyFileSync(snapshot.file, newer);
    const n = new Database(newer);
    n.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 9999999999999)").run();
    n.close();
    expect(checkSnapshot(newer)).toBe(RESTORE_MESSAGES.newer);

    expect((await restoreSnapshot(text)).ok).toBe(false);
    expect(userCount()).toBe(count);
  });

  it("is a button on Backup & Import: the upload is checked and a refused one leaves the site as it was", async () => {
    const admin = await signIn(OWNER.email, OWNER.password);
    const count = userCount();
    const form = new FormData();
    form.append("confirm", "on");
    form.append("snapshot", new File(["not a database at all"], "site.db", { type: "application/octet-stream" }));
    const res = (await run(
      restoreRoute.action,
      new Request(`${BASE}/admin/backup/restore`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/admin/backup");
    expect(flashOf(res)).toEqual({ type: "error", text: RESTORE_MESSAGES.notSqlite });
    expect(userCount()).toBe(count);
    // the uploaded file is not left behind
    const leftovers = fs.readdirSync(path.join(path.dirname(path.resolve(databaseFile())), "restore"));
    expect(leftovers).toEqual([]);
  });
});
