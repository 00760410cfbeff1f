import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";

export async function loader() {
  try {
    db().get(sql`select 1`);
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("health check failed", error);
    return new Response("database unavailable", { status: 503 });
  }
}
