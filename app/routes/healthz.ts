import { checkDatabaseWritable } from "~/models/health.server";

/** For the platform's health check: ok only when the database can be written, not just read. */
export async function loader() {
  const result = checkDatabaseWritable();
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  if (result.ok) return new Response("ok", { headers });
  console.error(`health check failed: ${result.reason}`);
  return new Response(`database unavailable: ${result.reason}`, { status: 503, headers: { ...headers, "Retry-After": "5" } });
}
