import { litefsRole } from "~/lib/server/litefs";
import { checkDatabaseReadable, checkDatabaseWritable } from "~/models/health.server";
import { describeReplication, replicationStatus } from "~/models/replication.server";
import type { RouteGuards } from "~/lib/server/route-table.server";

/** Never queued or turned away when the server is busy: a busy worker is not a broken one. */
export const handle = { guards: { shed: false } } satisfies { guards: RouteGuards };

/**
 * For the platform's health check: ok only when the database can be written, not just read. Under
 * Litestream it also says where the replica is and how long ago it was last in sync.
 */
export async function loader() {
  const role = litefsRole();
  // a LiteFS read replica: the database answers reads; writes go to the primary
  if (role.role === "replica") {
    const read = checkDatabaseReadable();
    if (read.ok) return new Response(`ok (read-only replica of ${role.primary})`, { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
    return new Response(`database unavailable: ${read.reason}`, { status: 503, headers: { "Content-Type": "text/plain", "Retry-After": "5" } });
  }
  const result = checkDatabaseWritable();
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  if (!result.ok) {
    console.error(`health check failed: ${result.reason}`);
    return new Response(`database unavailable: ${result.reason}`, { status: 503, headers: { ...headers, "Retry-After": "5" } });
  }
  const replication = await replicationStatus();
  return new Response(replication ? `ok\n${describeReplication(replication)}\n` : "ok", { headers });
}
