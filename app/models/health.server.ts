import { rawDb } from "~/db/db.server";

/**
 * A cheap write to the one health row. A full disk, a read-only file or a write lock held too long
 * makes it fail, so the health check fails with it. It waits at most one second for the lock.
 */
export function checkDatabaseWritable(): { ok: true } | { ok: false; reason: string } {
  const conn = rawDb();
  const timeout = conn.pragma("busy_timeout", { simple: true }) as number;
  try {
    conn.pragma("busy_timeout = 1000");
    conn.prepare("INSERT INTO health_check (id, checked_at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET checked_at = excluded.checked_at").run(Date.now());
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    conn.pragma(`busy_timeout = ${timeout}`);
  }
}

/** On a read replica: the file opens and answers a read. */
export function checkDatabaseReadable(): { ok: true } | { ok: false; reason: string } {
  try {
    rawDb().prepare("SELECT COUNT(*) FROM health_check").get();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
