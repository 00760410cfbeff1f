import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFile, rawDb, switchDatabase } from "~/db/db.server";
import { databaseSnapshot } from "~/models/backup.server";
import { checkSnapshot, KEPT_PREVIOUS_COPIES, previousCopies, RESTORE_MESSAGES, restoreSnapshot } from "~/models/restore.server";
import { createUser, findUserBySignInName } from "~/models/user.server";
import * as restoreRoute from "~/routes/admin+/_backup+/backup_.restore";
import * as backupRoute from "~/routes/admin+/_backup+/backup";
import { startAttempt, studentsWritingCount } from "~/models/attempt.server";
import { toSessionUser } from "~/models/user.server";
import { RESTORE_WHILE_WRITING_LABEL } from "~/lib/rules/restore-rules";
import { BASE, flashOf, getRequest, makeStudent, OWNER, payload, run, seedBase, signIn } from "../helpers";

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
    expect(findUserBySignInName("later@example.test")).toBeUndefined();
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

  it("refuses a snapshot with a trigger, a view, an extra table or migrations that fail, leaving the site as it was", async () => {
    const owner = findUserBySignInName(OWNER.email);
    const student = await createUser({ name: "Would-be admin", email: "mallory@example.test", password: "mallory-pass-1", assignedExamTypes: ["NET"] });
    const count = userCount();
    const tampered = (name: string, sql: string) => {
      const file = path.join(dir, name);
      fs.copyFileSync(snapshot.file, file);
      const conn = new Database(file);
      conn.exec(sql);
      conn.close();
      return file;
    };
    const cases: Array<[string, string, string]> = [
      [
        "trigger",
        tampered(
          "trigger.db",
          "CREATE TRIGGER promote AFTER INSERT ON sessions BEGIN UPDATE users SET role = 'admin' WHERE email = 'mallory@example.test'; END",
        ),
        RESTORE_MESSAGES.foreignObjects,
      ],
      ["view", tampered("view.db", "CREATE VIEW everyone AS SELECT email, password_hash FROM users"), RESTORE_MESSAGES.foreignObjects],
      ["extra table", tampered("extra.db", "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)"), RESTORE_MESSAGES.otherSchema],
      ["extra index", tampered("index.db", "CREATE INDEX users_by_name ON users (name)"), RESTORE_MESSAGES.otherSchema],
      ["failing migrations", tampered("emptied.db", "DELETE FROM __drizzle_migrations"), RESTORE_MESSAGES.migrationFailed],
    ];
    for (const [label, file, message] of cases) {
      const restored = await restoreSnapshot(file);
      expect({ label, restored }).toEqual({ label, restored: { ok: false, error: message } });
      // the live site is untouched and answers: the same users, the student still a student, no trigger
      expect(userCount()).toBe(count);
      expect(findUserBySignInName("mallory@example.test")?.role).toBe("user");
      expect(findUserBySignInName(OWNER.email)?.id).toBe(owner?.id);
      expect(rawDb().prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type IN ('trigger', 'view')").get()).toEqual({ n: 0 });
    }
    expect(student.id).toBeTruthy();
  });

  it("compares every schema row, whatever its name: a trigger or a view called sqlite_… is refused", async () => {
    const count = userCount();
    const planted = (name: string, type: string, objectName: string, table: string, sql: string) => {
      const file = path.join(dir, name);
      fs.copyFileSync(snapshot.file, file);
      const conn = new Database(file);
      // what an attacker's own SQLite can do: write the schema table directly, under a reserved name
      conn.unsafeMode(true);
      conn.pragma("writable_schema = ON");
      conn.prepare("INSERT INTO sqlite_master (type, name, tbl_name, rootpage, sql) VALUES (?, ?, ?, 0, ?)").run(type, objectName, table, sql);
      conn.pragma("writable_schema = OFF");
      conn.close();
      return file;
    };
    const trigger = planted(
      "sqlite-trigger.db",
      "trigger",
      "sqlite_backdoor",
      "sessions",
      "CREATE TRIGGER sqlite_backdoor AFTER INSERT ON sessions BEGIN UPDATE users SET role = 'admin'; END",
    );
    const view = planted("sqlite-view.db", "view", "sqlite_v", "sqlite_v", "CREATE VIEW sqlite_v AS SELECT email, password_hash FROM users");
    for (const file of [trigger, view]) {
      expect(checkSnapshot(file)).toBe(RESTORE_MESSAGES.foreignObjects);
      expect(await restoreSnapshot(file)).toEqual({ ok: false, error: RESTORE_MESSAGES.foreignObjects });
    }
    expect(userCount()).toBe(count);
    expect(rawDb().prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type IN ('trigger', 'view')").get()).toEqual({ n: 0 });
  });

  it("ends every sign-in the snapshot carried but the restoring admin's", async () => {
    const student = await makeStudent();
    const admin = await signIn(OWNER.email, OWNER.password);
    const withSessions = databaseSnapshot();
    try {
      const form = new FormData();
      form.append("confirm", "on");
      form.append("snapshot", new File([fs.readFileSync(withSessions.file)], "site.db", { type: "application/octet-stream" }));
      const res = (await run(
        restoreRoute.action,
        new Request(`${BASE}/admin/backup/restore`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }),
      )) as Response;
      expect(flashOf(res)?.type).toBe("success");
      // the student's session, valid in the snapshot, is gone; the admin's is the only one left
      const sessions = rawDb().prepare("SELECT user_id AS userId FROM sessions").all();
      expect(sessions).toEqual([{ userId: findUserBySignInName(OWNER.email)?.id }]);
      const asStudent = await run(backupRoute.loader, getRequest("/admin/backup", student.cookie)).catch((e: unknown) => e);
      expect((asStudent as Response).headers.get("Location")).toMatch(/^\/login/);
      const asAdmin = payload<{ writing: number }>(await run(backupRoute.loader, getRequest("/admin/backup", admin)));
      expect(asAdmin.writing).toBe(0);
    } finally {
      withSessions.cleanup();
    }
  });

  it("brings an older version's snapshot up to this version before the swap", async () => {
    // an older version's database: every migration of this build but the last
    const oldMigrations = path.join(dir, "old-migrations");
    fs.cpSync(path.resolve("drizzle"), oldMigrations, { recursive: true });
    const journalFile = path.join(oldMigrations, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
    journal.entries.pop();
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const older = path.join(dir, "older.db");
    const conn = new Database(older);
    migrate(drizzle(conn), { migrationsFolder: oldMigrations });
    conn
      .prepare(
        "INSERT INTO users (id, name, email, role, status, join_date, created_at, updated_at) VALUES ('old1', 'Old Student', 'old@example.test', 'user', 'active', 0, 0, 0)",
      )
      .run();
    conn.close();
    const restored = await restoreSnapshot(older);
    if (!restored.ok) throw new Error(restored.error);
    expect(findUserBySignInName("old@example.test")?.name).toBe("Old Student");
    const applied = rawDb().prepare("SELECT COUNT(*) AS n FROM __drizzle_migrations").get() as { n: number };
    expect(applied.n).toBe(journal.entries.length + 1);
    // back to the snapshot for the tests below
    const again = path.join(dir, "again.db");
    fs.copyFileSync(snapshot.file, again);
    expect((await restoreSnapshot(again)).ok).toBe(true);
  });

  it("keeps only the newest copies of replaced databases", async () => {
    for (let i = 0; i < KEPT_PREVIOUS_COPIES + 2; i++) {
      const copy = path.join(dir, `again-${i}.db`);
      fs.copyFileSync(snapshot.file, copy);
      const restored = await restoreSnapshot(copy, { now: new Date(Date.UTC(2030, 0, 1, 0, i)) });
      if (!restored.ok) throw new Error(restored.error);
    }
    const kept = previousCopies();
    expect(kept).toHaveLength(KEPT_PREVIOUS_COPIES);
    expect(path.basename(kept[0])).toContain("2030-01-01T00-04-00-000Z");
  });

  it("while a student is writing a test, says so on Backup & Import and restores only with the second tick", async () => {
    const admin = await signIn(OWNER.email, OWNER.password);
    const test = rawDb().prepare("SELECT id, exam_type AS type FROM tests WHERE is_active = 1 LIMIT 1").get() as { id: string; type: string };
    const s = await makeStudent({ examTypes: [test.type] });
    const started = startAttempt(toSessionUser(s.user), test.id);
    if (!started.ok) throw new Error(started.error);
    expect(studentsWritingCount()).toBe(1);
    const page = payload<{ writing: number }>(await run(backupRoute.loader, getRequest("/admin/backup", admin)));
    expect(page.writing).toBe(1);

    const restorePost = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append("snapshot", new File([fs.readFileSync(snapshot.file)], "site.db", { type: "application/octet-stream" }));
      return run(restoreRoute.action, new Request(`${BASE}/admin/backup/restore`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }));
    };
    // the confirmation alone is not enough: the student's attempt and the site are as they were
    const refused = (await restorePost({ confirm: "on" })) as Response;
    expect(flashOf(refused)).toEqual({
      type: "error",
      text: `1 student is writing a test right now. A restore replaces their attempts and the answers they gave with the snapshot's. Wait until they finish, or tick “${RESTORE_WHILE_WRITING_LABEL}” and send the snapshot again. Nothing was changed.`,
    });
    expect(rawDb().prepare("SELECT status FROM attempts WHERE id = ?").get(started.attempt.id)).toEqual({ status: "in_progress" });
    expect(findUserBySignInName(s.email)?.id).toBe(s.user.id);

    // with the second tick the snapshot is restored (it has neither the student nor the attempt)
    const restored = (await restorePost({ confirm: "on", confirmWhileWriting: "on" })) as Response;
    expect(flashOf(restored)?.type).toBe("success");
    expect(rawDb().prepare("SELECT status FROM attempts WHERE id = ?").get(started.attempt.id)).toBeUndefined();
    expect(studentsWritingCount()).toBe(0);
  });

  it("refuses a post with another file field, keeping none of its files", async () => {
    const admin = await signIn(OWNER.email, OWNER.password);
    const count = userCount();
    const form = new FormData();
    form.append("confirm", "on");
    form.append("snapshot", new File([fs.readFileSync(snapshot.file)], "site.db", { type: "application/octet-stream" }));
    form.append("extra", new File(["#!/bin/sh\necho planted"], "planted.sh", { type: "text/plain" }));
    const res = (await run(
      restoreRoute.action,
      new Request(`${BASE}/admin/backup/restore`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }),
    )) as Response;
    expect(flashOf(res)).toEqual({ type: "error", text: "Send only the snapshot file (.db): the form had another file. Nothing was changed." });
    expect(userCount()).toBe(count);
    expect(fs.readdirSync(path.join(path.dirname(path.resolve(databaseFile())), "restore"))).toEqual([]);
  });
});
