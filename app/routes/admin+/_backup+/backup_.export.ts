import fs from "node:fs";
import { noteFailure } from "~/lib/server/failures.server";
import { dayStamp } from "~/lib/rules/time";
import type { ActionFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable, redirect } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { exportDoneCookie } from "~/lib/browser/export-done";
import { env } from "~/lib/server/env.server";
import { backupFileName, backupJsonStream, type Collection, COLLECTIONS, databaseSnapshot, MESSAGES } from "~/models/backup.server";
import { allCollectionsZip, collectionReportCsv } from "~/models/reports.server";

/** Downloads: the JSON backup, one collection as CSV, every collection as CSV (a zip), or a snapshot of the database file. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, { refusal: "Only administrators can export data" });
  const form = await request.formData();
  const format = String(form.get("format") ?? "json");
  // dated by the academy's day, as the backup's own name is
  const date = dayStamp(Date.now(), env().ACADEMY_TIME_ZONE);
  // with JavaScript the page sent a token; echoing it lets the page say the download started
  const done = exportDoneCookie(form.get("token"));
  const downloadHeaders = (headers: Record<string, string>) => (done ? { ...headers, "Set-Cookie": done } : headers);
  try {
    if (format === "json") {
      return new Response(backupJsonStream({ includePasswordHashes: form.get("includePasswordHashes") === "on" }), {
        headers: downloadHeaders({
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="${backupFileName()}"`,
          "Cache-Control": "no-store",
        }),
      });
    }
    if (format === "csv" && form.get("collection") === "all") {
      return new Response(Buffer.from(allCollectionsZip(env().ACADEMY_TIME_ZONE, date)), {
        headers: downloadHeaders({
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="academy-csv-${date}.zip"`,
          "Cache-Control": "no-store",
        }),
      });
    }
    if (format === "csv") {
      const collection = String(form.get("collection") ?? "") as Collection;
      if (!COLLECTIONS.includes(collection)) return new Response("Unknown collection", { status: 400 });
      return new Response(collectionReportCsv(collection, env().ACADEMY_TIME_ZONE), {
        headers: downloadHeaders({
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="academy-${collection}-${date}.csv"`,
          "Cache-Control": "no-store",
        }),
      });
    }
    if (format === "sqlite") {
      const snapshot = databaseSnapshot();
      const stream = fs.createReadStream(snapshot.file);
      stream.on("close", snapshot.cleanup);
      return new Response(createReadableStreamFromReadable(stream), {
        headers: downloadHeaders({
          "Content-Type": "application/vnd.sqlite3",
          "Content-Disposition": `attachment; filename="academy-${date}.db"`,
          "Cache-Control": "no-store",
        }),
      });
    }
    return new Response("Unknown format", { status: 400 });
  } catch (error) {
    // a database that cannot answer is the site's 503 (try again), not a failed export
    noteFailure(error, "export");
    return new Response(MESSAGES.exportFailed, { status: 500 });
  }
}

export async function loader({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/backup");
}
