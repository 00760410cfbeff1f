import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { env } from "~/lib/server/env.server";
import { type KeptRule, keptPer } from "~/lib/server/kept.server";
import { litefsRole } from "~/lib/server/litefs";
import { bankKeyOf } from "~/lib/rules/bank";
import { linkQuestionsToBank } from "./bank-link.server";
import * as schema from "./schema.server";

export type DB = BetterSQLite3Database<typeof schema>;

let sqlite: Database.Database | undefined;
let instance: DB | undefined;
let fileOverride: string | undefined;

function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "drizzle");
}

/**
 * Opens the one SQLite file (WAL, foreign keys, busy timeout) and applies pending migrations. On a
 * LiteFS read replica (app/lib/server/litefs.ts) it is opened read-only and left as the primary made it.
 */
export function openDatabase(file: string): { sqlite: Database.Database; db: DB } {
  if (litefsRole().role === "replica") {
    const conn = new Database(file, { readonly: true, fileMustExist: true });
    conn.pragma("busy_timeout = 5000");
    conn.pragma(`mmap_size = ${Number(process.env.SQLITE_MMAP_MB ?? 256) * 1024 * 1024}`);
    cachePreparedStatements(conn);
    return { sqlite: conn, db: drizzle(conn, { schema }) };
  }
  if (file !== ":memory:") ensureWritableFolder(path.dirname(path.resolve(file)));
  const conn = new Database(file);
  conn.pragma("journal_mode = WAL");
  conn.pragma("foreign_keys = ON");
  conn.pragma("busy_timeout = 5000");
  conn.pragma("synchronous = NORMAL");
  // the web workers of a cluster leave checkpoints to the primary (server/start.js): a checkpoint run
  // by the write that fills the WAL copies ~4 MB and syncs the file while that request and the ones
  // queued behind it wait
  if (process.env[CHECKPOINTS_BY_PRIMARY] === "1") conn.pragma("wal_autocheckpoint = 0");
  // when the WAL starts again from its beginning, its file is cut back to this size (it otherwise keeps the
  // largest size it ever reached: hundreds of MB after an exam day's answering)
  conn.pragma(`journal_size_limit = ${WAL_FILE_LIMIT_BYTES}`);
  // a larger page cache and memory-mapped reads: the admin aggregates scan the attempts table
  conn.pragma(`cache_size = -${Number(process.env.SQLITE_CACHE_MB ?? 32) * 1024}`);
  conn.pragma(`mmap_size = ${Number(process.env.SQLITE_MMAP_MB ?? 256) * 1024 * 1024}`);
  cachePreparedStatements(conn);
  const db = drizzle(conn, { schema });
  applyMigrations(conn);
  return { sqlite: conn, db };
}

/**
 * The database's folder must be writable by this process (SQLite writes its journal beside the file). A folder
 * the process cannot write (a volume mounted from a host folder owned by root, say) is said in words, with what
 * to do, instead of SQLite's "unable to open database file".
 */
function ensureWritableFolder(folder: string) {
  try {
    fs.mkdirSync(folder, { recursive: true });
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    const uid = typeof process.getuid === "function" ? process.getuid() : "this user";
    throw new Error(
      `The data folder ${folder} is not writable by this process (uid ${uid}). Give it to that user (for a folder mounted from the host: chown -R ${uid}:${uid} <host folder>) or use a named volume, then start again.`,
    );
  }
}

/**
 * Applies this build's pending migrations (drizzle/) to a connection: the live file, or a snapshot being restored.
 * Foreign keys are off while they run (SQLite's way to rebuild a table: with them on, dropping the old `users`
 * table would cascade-delete every attempt), and every reference is checked before they are turned on again.
 */
export function applyMigrations(conn: Database.Database) {
  const foreignKeysWereOn = conn.pragma("foreign_keys", { simple: true }) === 1;
  conn.pragma("foreign_keys = OFF");
  try {
    migrate(drizzle(conn, { schema }), { migrationsFolder: migrationsFolder() });
    fillBankKeys(conn);
    const broken = conn.pragma("foreign_key_check") as { table: string }[];
    if (broken.length > 0) throw new Error(`After the migrations, ${broken.length} rows refer to rows that do not exist (first in ${broken[0].table}).`);
  } finally {
    if (foreignKeysWereOn) conn.pragma("foreign_keys = ON");
  }
}

/**
 * Gives every question without one its bank identity (app/lib/rules/bank.ts), worked out here because SQLite cannot:
 * once, for the questions written before the question bank (a later start finds none), 1,000 per statement.
 */
function fillBankKeys(conn: Database.Database) {
  // (a folder of older migrations, as a test of an earlier migration uses, has no bank_key yet)
  const columns = conn.pragma("table_info(questions)") as Array<{ name: string }>;
  if (!columns.some((c) => c.name === "bank_key")) return;
  const missing = conn.prepare("SELECT rowid AS r, question, options FROM questions WHERE bank_key IS NULL LIMIT 1000");
  const set = conn.prepare("UPDATE questions SET bank_key = ? WHERE rowid = ?");
  for (let filled = 0; ; ) {
    const rows = missing.all() as Array<{ r: number; question: string; options: string }>;
    if (!rows.length) {
      // and they come into the bank (a folder of migrations older than the bank's own table has none yet)
      if (filled && conn.prepare("SELECT 1 FROM sqlite_master WHERE name = 'bank_questions'").get()) linkQuestionsToBank(conn, "1");
      // statistics SQLite's planner kept from before (every key empty) would steer it off the bank key's index
      if (filled && conn.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").get()) conn.exec("ANALYZE questions");
      return;
    }
    filled += rows.length;
    conn.transaction(() => {
      for (const row of rows) set.run(bankKeyOf(row.question, JSON.parse(row.options) as string[]), row.r);
    })();
  }
}

/** How many migrations this build has (a snapshot that applied more was made by a newer version). */
export function migrationCount(): number {
  const journal = path.resolve(migrationsFolder(), "meta", "_journal.json");
  return (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/**
 * Drizzle prepares every statement on every call; preparing showed as 6–7% of a dashboard request in
 * the CPU profile. Statements are kept by their SQL text (at most 500, then the cache starts over) and
 * reset to plain row mode before reuse.
 */
function cachePreparedStatements(conn: Database.Database) {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, Database.Statement>();
  conn.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = prepare(source);
      if (cache.size >= 500) cache.clear();
      cache.set(source, stmt);
    } else if (stmt.reader) {
      stmt.raw(false);
    }
    return stmt;
  }) as typeof conn.prepare;
}

export function db(): DB {
  if (!instance) {
    const opened = openDatabase(fileOverride ?? env().DATABASE_URL);
    sqlite = opened.sqlite;
    instance = opened.db;
  }
  return instance;
}

export function rawDb(): Database.Database {
  db();
  return sqlite as Database.Database;
}

/**
 * A Drizzle prepared query, built once per open database: for queries every request runs (the
 * session user), so their SQL is not rebuilt each time. Usage:
 * `const byId = preparedQuery((d) => d.select().from(users).where(eq(users.id, sql.placeholder("id"))).prepare());`
 * then `byId().get({ id })`.
 */
export function preparedQuery<T>(build: (d: DB) => T): () => T {
  const built = new WeakMap<DB, T>();
  return () => {
    const current = db();
    let query = built.get(current);
    if (!query) {
      query = build(current);
      built.set(current, query);
    }
    return query;
  };
}

/**
 * Values kept in memory per open database, by key, for what never changes under that key (a test version's
 * questions), under one rule of the cache register (app/lib/server/kept.server.ts). Callers must not modify what they get.
 */
export function keptPerDatabase<T>(rule: KeptRule): (key: string, load: () => T) => T {
  const storeOf = keptPer<DB, T>(rule);
  return (key, load) => storeOf(db()).getOrLoad(key, load);
}

/** Runs fn in one IMMEDIATE transaction (takes the write lock up front, so checks and writes are atomic). */
export function transaction<T>(fn: (tx: DB) => T): T {
  const conn = rawDb();
  let run = transactionOf.get(conn);
  if (!run) {
    // one wrapper per connection (better-sqlite3 builds one per call otherwise), given the work to do
    run = conn.transaction((work: (tx: DB) => unknown) => work(db()));
    transactionOf.set(conn, run);
  }
  return run.immediate(fn) as T;
}
const transactionOf = new WeakMap<Database.Database, Database.Transaction<(work: (tx: DB) => unknown) => unknown>>();

/** Points the app at another SQLite file (tests that move data between two databases; the bench). */
export function switchDatabase(file: string) {
  closeDatabase();
  fileOverride = file;
}

export function databaseFile(): string {
  return fileOverride ?? env().DATABASE_URL;
}

/** The environment variable server/start.js gives its web workers: they run no WAL checkpoints. */
export const CHECKPOINTS_BY_PRIMARY = "ACADEMY_CHECKPOINTS_BY_PRIMARY";

/** The size a WAL file is cut back to when the WAL starts again (`journal_size_limit`). */
export const WAL_FILE_LIMIT_BYTES = 64 * 1024 * 1024;

/** Frames (pages) in the WAL past which a checkpoint waits for its turn and makes the WAL start again. */
export const WAL_RESTART_FRAMES = Number(process.env.SQLITE_WAL_RESTART_FRAMES ?? 16_384);

type CheckpointRow = { busy: number; log: number; checkpointed: number };

/**
 * The cluster primary's checkpoint, every second. First PASSIVE: it copies what the WAL holds into the database
 * file without waiting for anyone. The WAL starts again from its beginning only when a checkpoint copied all of it,
 * which under a steady stream of answer saves (a thousand a second) never happens: each pass is overtaken by new
 * commits, and the WAL grew by ~10 MB a second (470 MB in a minute of the exam-day bench), making every read search
 * a longer WAL index. So past `restartAbove` frames a RESTART follows: it waits for the writer of the moment (new
 * writes queue behind it for a few milliseconds, within their busy timeout), copies the rest and lets the next
 * write start the WAL again, cut back to `WAL_FILE_LIMIT_BYTES`. Returns the WAL's frames, how many are in the
 * file, and whether the WAL was restarted.
 */
export function checkpointWal(restartAbove = WAL_RESTART_FRAMES): { walFrames: number; checkpointed: number; restarted: boolean } {
  const [passive] = rawDb().pragma("wal_checkpoint(PASSIVE)") as CheckpointRow[];
  if (!passive || passive.log <= restartAbove) return { walFrames: passive?.log ?? 0, checkpointed: passive?.checkpointed ?? 0, restarted: false };
  const [restart] = rawDb().pragma("wal_checkpoint(RESTART)") as CheckpointRow[];
  return { walFrames: restart?.log ?? passive.log, checkpointed: restart?.checkpointed ?? passive.checkpointed, restarted: restart?.busy === 0 };
}

export function closeDatabase() {
  sqlite?.close();
  sqlite = undefined;
  instance = undefined;
}

export { schema };
