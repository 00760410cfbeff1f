import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { closeDatabase, databaseFile, db, rawDb } from "~/db/db.server";

/**
 * Whole-site restore from a database snapshot (the "Download database snapshot" file). The file is
 * checked first (SQLite's integrity check, the app's tables, migrations no newer than this version);
 * the current database is copied aside; then SQLite's online backup copies the snapshot into the live
 * file page by page under SQLite's own locks, so every worker process sees the restored site at once
 * and no open connection is left pointing at a removed file. Pending migrations run afterwards. The
 * backup's write transaction on the live file commits only once every page is copied, so a server
 * killed half-way leaves the previous site whole (tests/integration/restore-crash.test.ts).
 */
export const RESTORE_MESSAGES = {
  notSqlite: "This file is not a database snapshot of this site (choose the .db file from “Download database snapshot”).",
  corrupt: "The snapshot is damaged (SQLite's integrity check failed). Nothing was changed.",
  notOurs: "This database is not a snapshot of this site: its tables are missing. Nothing was changed.",
  newer: "This snapshot was made by a newer version of the site. Update the site first. Nothing was changed.",
  failed: "The restore failed; the site was put back as it was. Please try again.",
} as const;

const REQUIRED_TABLES = ["users", "tests", "questions", "attempts", "attempt_answers", "__drizzle_migrations"];

function migrationCount(): number {
  const journal = path.resolve(process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "drizzle"), "meta", "_journal.json");
  return (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/** Checks a snapshot file without changing anything: null when it can be restored, else why not. */
export function checkSnapshot(file: string): string | null {
  let conn: Database.Database | undefined;
  try {
    const head = Buffer.alloc(16);
    const fd = fs.openSync(file, "r");
    fs.readSync(fd, head, 0, 16, 0);
    fs.closeSync(fd);
    if (head.toString("latin1") !== "SQLite format 3\u0000") return RESTORE_MESSAGES.notSqlite;
    conn = new Database(file, { readonly: true, fileMustExist: true });
    const check = conn.pragma("integrity_check", { simple: true });
    if (check !== "ok") return RESTORE_MESSAGES.corrupt;
    const tables = new Set((conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name));
    if (!REQUIRED_TABLES.every((t) => tables.has(t))) return RESTORE_MESSAGES.notOurs;
    const applied = (conn.prepare("SELECT COUNT(*) AS n FROM __drizzle_migrations").get() as { n: number }).n;
    if (applied > migrationCount()) return RESTORE_MESSAGES.newer;
    return null;
  } catch {
    return RESTORE_MESSAGES.notSqlite;
  } finally {
    conn?.close();
  }
}

/** Where the current database is kept before a restore replaces it. */
export function previousCopyPath(now = new Date()): string {
  return `${databaseFile()}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
}

/**
 * Restores the snapshot at `file` into the live database. The previous database is kept next to it
 * (its path is returned). On failure the previous copy is put back the same way.
 */
export async function restoreSnapshot(file: string, now = new Date()): Promise<{ ok: true; previous: string } | { ok: false; error: string }> {
  const problem = checkSnapshot(file);
  if (problem) return { ok: false, error: problem };
  const live = databaseFile();
  const previous = previousCopyPath(now);
  await rawDb().backup(previous);
  const snapshot = new Database(file, { readonly: true });
  try {
    await snapshot.backup(live);
  } catch (error) {
    console.error("restore failed, putting the previous database back", error);
    const back = new Database(previous, { readonly: true });
    try {
      await back.backup(live);
    } finally {
      back.close();
    }
    return { ok: false, error: RESTORE_MESSAGES.failed };
  } finally {
    snapshot.close();
  }
  // reopen: this process's statements and caches start from the restored file; migrations catch it up
  closeDatabase();
  db();
  return { ok: true, previous };
}
