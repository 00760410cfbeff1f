import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { applyMigrations, closeDatabase, databaseFile, db, migrationCount, rawDb } from "~/db/db.server";
import { comparableSchema, hasForeignObjects, type SchemaRow } from "~/lib/rules/restore-rules";

/**
 * Whole-site restore from a database snapshot (the "Download database snapshot" file).
 *
 * The uploaded copy is checked and prepared on its own before the live site is touched: SQLite's
 * integrity check, the app's tables, migrations no newer than this version, nothing but tables and
 * indexes (a trigger or a view would run inside the restored site, e.g. making a student an admin at
 * every sign-in); then this build's migrations are run on the copy, and its schema must then be exactly
 * this build's (the same tables, columns and indexes, nothing else). Only then is the live database
 * copied aside and the snapshot copied into the live file with SQLite's online backup, page by page
 * under SQLite's own locks, so every worker process sees the restored site at once and keeps answering.
 * The backup's write transaction on the live file commits only once every page is copied, so a server
 * killed half-way leaves the previous site whole (tests/integration/restore-crash.test.ts). Any failure
 * after the swap puts the previous database back the same way. The newest KEPT_PREVIOUS_COPIES copies
 * of replaced databases are kept beside the live file; older ones are deleted.
 */
export const RESTORE_MESSAGES = {
  notSqlite: "This file is not a database snapshot of this site (choose the .db file from “Download database snapshot”).",
  corrupt: "The snapshot is damaged (SQLite's integrity check failed). Nothing was changed.",
  notOurs: "This database is not a snapshot of this site: its tables are missing. Nothing was changed.",
  newer: "This snapshot was made by a newer version of the site. Update the site first. Nothing was changed.",
  foreignObjects: "This snapshot holds triggers or views, which this site never makes: it was changed outside the site. Nothing was changed.",
  otherSchema: "This snapshot's tables differ from the ones this version of the site makes: it was changed outside the site. Nothing was changed.",
  migrationFailed: "This snapshot could not be brought up to this version of the site. Nothing was changed.",
  failed: "The restore failed; the site was put back as it was. Please try again.",
} as const;

/** Replaced databases kept beside the live file (`app.db.before-restore-…`); older ones are deleted. */
export const KEPT_PREVIOUS_COPIES = 3;

const REQUIRED_TABLES = ["users", "tests", "questions", "attempts", "attempt_answers", "__drizzle_migrations"];

/** Every row of a database's schema, SQLite's own included, in a stable order, less its data tables (restore-rules.ts). */
function schemaOf(conn: Database.Database): SchemaRow[] {
  return comparableSchema(conn.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master").all() as SchemaRow[]);
}

let expected: string | undefined;
/** This build's schema: what its migrations make of an empty database. */
function expectedSchema(): string {
  if (!expected) {
    const conn = new Database(":memory:");
    try {
      applyMigrations(conn);
      expected = JSON.stringify(schemaOf(conn));
    } finally {
      conn.close();
    }
  }
  return expected;
}

/** Checks a snapshot file without changing anything: null when it may be prepared for a restore, else why not. */
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
    const objects = schemaOf(conn);
    if (hasForeignObjects(objects)) return RESTORE_MESSAGES.foreignObjects;
    const tables = new Set(objects.filter((o) => o.type === "table").map((o) => o.name));
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

/**
 * Brings an uploaded snapshot (a file of our own, never the live one) up to this build: runs the
 * migrations on it and checks that its schema is then exactly this build's. Null when it is ready.
 */
export function prepareSnapshot(file: string): string | null {
  const problem = checkSnapshot(file);
  if (problem) return problem;
  const conn = new Database(file, { fileMustExist: true });
  try {
    try {
      applyMigrations(conn);
    } catch (error) {
      console.warn(`restore refused: the snapshot's migrations failed: ${error instanceof Error ? error.message : String(error)}`);
      return RESTORE_MESSAGES.migrationFailed;
    }
    const objects = schemaOf(conn);
    if (hasForeignObjects(objects)) return RESTORE_MESSAGES.foreignObjects;
    if (JSON.stringify(objects) !== expectedSchema()) return RESTORE_MESSAGES.otherSchema;
    if (conn.pragma("integrity_check", { simple: true }) !== "ok") return RESTORE_MESSAGES.corrupt;
    // leave one file behind: the online backup below reads it whole
    conn.pragma("journal_mode = DELETE");
    return null;
  } finally {
    conn.close();
  }
}

type SessionRow = { id_hash: string; user_id: string; created_at: number; last_seen_at: number; expires_at: number };

/**
 * The prepared snapshot keeps no session but the restoring admin's: sign-ins it carried (including any ended
 * since by a new password or Sign out everywhere) are gone, and the admin stays signed in when the snapshot
 * has them as an active admin.
 */
function keepOnlySession(file: string, keep: SessionRow | undefined) {
  const conn = new Database(file, { fileMustExist: true });
  try {
    conn.transaction(() => {
      conn.prepare("DELETE FROM sessions").run();
      if (!keep) return;
      const admin = conn.prepare("SELECT 1 FROM users WHERE id = ? AND role = 'admin' AND status = 'active'").get(keep.user_id);
      if (admin)
        conn
          .prepare("INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)")
          .run(keep.id_hash, keep.user_id, keep.created_at, keep.last_seen_at, keep.expires_at);
    })();
  } finally {
    conn.close();
  }
}

/** Where the current database is kept before a restore replaces it. */
export function previousCopyPath(now = new Date()): string {
  return `${databaseFile()}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
}

/** The kept copies of replaced databases, newest first. */
export function previousCopies(): string[] {
  const live = path.resolve(databaseFile());
  const prefix = `${path.basename(live)}.before-restore-`;
  return fs
    .readdirSync(path.dirname(live))
    .filter((name) => name.startsWith(prefix) && !/-(wal|shm|journal)$/.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(path.dirname(live), name));
}

/** Removes a database file and the files SQLite keeps beside it. */
export function removeDatabaseFiles(file: string) {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
}

function prunePreviousCopies() {
  for (const old of previousCopies().slice(KEPT_PREVIOUS_COPIES)) removeDatabaseFiles(old);
}

async function copyInto(source: string, target: string) {
  const from = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await from.backup(target);
  } finally {
    from.close();
  }
}

/** The live site answers as this build expects: its schema, and a read of its users. */
function liveSiteAnswers(): boolean {
  try {
    closeDatabase();
    db();
    const conn = rawDb();
    conn.prepare("SELECT COUNT(*) FROM users").get();
    return JSON.stringify(schemaOf(conn)) === expectedSchema();
  } catch (error) {
    console.error(`restore: the restored database does not answer: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * Restores the snapshot at `file` (an uploaded copy, which this changes: it is migrated in place, and keeps
 * no session but `keepSession`, the restoring admin's) into the live database. The previous database is kept next to it (its path is returned). On any failure
 * after the swap the previous copy is put back the same way.
 */
export async function restoreSnapshot(
  file: string,
  { now = new Date(), keepSession }: { now?: Date; keepSession?: string | null } = {},
): Promise<{ ok: true; previous: string } | { ok: false; error: string }> {
  const problem = prepareSnapshot(file);
  if (problem) return { ok: false, error: problem };
  const kept = keepSession ? (rawDb().prepare("SELECT * FROM sessions WHERE id_hash = ?").get(keepSession) as SessionRow | undefined) : undefined;
  keepOnlySession(file, kept);
  const live = databaseFile();
  const previous = previousCopyPath(now);
  await rawDb().backup(previous);
  try {
    await copyInto(file, live);
    if (!liveSiteAnswers()) throw new Error("the restored database does not answer");
  } catch (error) {
    console.error(`restore failed, putting the previous database back: ${error instanceof Error ? error.message : String(error)}`);
    await copyInto(previous, live);
    closeDatabase();
    db();
    return { ok: false, error: RESTORE_MESSAGES.failed };
  }
  prunePreviousCopies();
  return { ok: true, previous };
}
