import crypto from "node:crypto";
import { logActivity } from "~/models/activity.server";
import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { readSession } from "~/models/session.server";
import { databaseFile } from "~/db/db.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { RESTORE_LIMIT } from "~/lib/server/request-limits";
import { isDiskFull, rethrowIfDatabaseTrouble, writeFailedMessage } from "~/lib/server/db-errors.server";
import { MALFORMED_FORM, UPLOAD_UNREADABLE } from "~/lib/server/form-body.server";
import { readMultipartForm, UnexpectedFileField, UploadTooLarge } from "~/lib/server/multipart.server";
import { KEPT_PREVIOUS_COPIES, removeDatabaseFiles, restoreSnapshot } from "~/models/restore.server";
import { studentsWritingCount } from "~/models/attempt.server";
import { restoreRefusal } from "~/lib/rules/restore-rules";
import type { RouteGuards } from "~/lib/server/route-table.server";

/** Its form carries a whole-site database snapshot: the server takes a larger body here, from an admin only (route-table.server.ts). */
export const handle = { guards: { body: "restore" } } satisfies { guards: RouteGuards };

/**
 * Restore the whole site from a database snapshot (POST /admin/backup/restore, from Backup & Import).
 * The upload goes to a file next to the database (only the snapshot: any other file field is refused),
 * is checked and brought up to this version, then copied into the live database; the previous
 * database is kept beside it (app/models/restore.server.ts).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/backup");
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, { refusal: "Only administrators can import data" });
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return redirectWithFlash("/admin/backup", { type: "error", text: "Choose the snapshot file (.db) to restore." });
  const directory = path.join(path.dirname(path.resolve(databaseFile())), "restore");
  fs.mkdirSync(directory, { recursive: true });
  /** the files this post wrote, removed whatever happens */
  const written: string[] = [];
  try {
    let form: FormData;
    let snapshot: { path: string; size: number } | undefined;
    try {
      // one file, the snapshot, straight to disk; any other file field is refused before it is kept
      const read = await readMultipartForm(request, {
        fileBytes: 0,
        fieldBytes: 1024,
        fileFields: ["snapshot"],
        toDisk: {
          field: "snapshot",
          maxBytes: RESTORE_LIMIT.bytes,
          pathFor: () => {
            const file = path.join(directory, `incoming-${crypto.randomBytes(8).toString("hex")}.db`);
            written.push(file);
            return file;
          },
        },
      });
      form = read.form;
      snapshot = read.diskFiles.get("snapshot");
    } catch (error) {
      if (error instanceof UploadTooLarge)
        return redirectWithFlash("/admin/backup", { type: "error", text: `The snapshot is too large (at most ${RESTORE_LIMIT.bytes / 1024 / 1024} MB).` });
      if (error instanceof UnexpectedFileField)
        return redirectWithFlash("/admin/backup", {
          type: "error",
          text: "Send only the snapshot file (.db): the form had another file. Nothing was changed.",
        });
      if (isDiskFull(error)) {
        console.error(`refused POST /admin/backup/restore: the snapshot could not be written (${(error as NodeJS.ErrnoException).code})`);
        return redirectWithFlash("/admin/backup", { type: "error", text: writeFailedMessage("ENOSPC") });
      }
      rethrowIfDatabaseTrouble(error);
      console.warn(`refused POST /admin/backup/restore: 400 ${MALFORMED_FORM}`);
      return redirectWithFlash("/admin/backup", { type: "error", text: UPLOAD_UNREADABLE });
    }
    const filePath = snapshot?.path;
    if (!filePath || !snapshot?.size) return redirectWithFlash("/admin/backup", { type: "error", text: "Choose the snapshot file (.db) to restore." });
    // students writing a test now would lose their answers: that needs its own tick (app/lib/rules/restore-rules.ts)
    const refusal = restoreRefusal({
      confirmed: form.get("confirm") === "on",
      confirmedWhileWriting: form.get("confirmWhileWriting") === "on",
      writing: studentsWritingCount(),
    });
    if (refusal) return redirectWithFlash("/admin/backup", { type: "error", text: refusal });
    const session = await readSession(request);
    const restored = await restoreSnapshot(filePath, { keepSession: session.userId ? session.idHash : null });
    if (!restored.ok) return redirectWithFlash("/admin/backup", { type: "error", text: restored.error });
    logActivity(admin, "backup-restore", { detail: `previous database kept as ${path.basename(restored.previous)}` });
    console.log(`restore: site restored from an uploaded snapshot; the previous database is kept as ${restored.previous}`);
    // every sign-in of the snapshot is ended; the admin stays signed in when the snapshot has them as an admin
    return redirectWithFlash("/admin/backup", {
      type: "success",
      text: `Site restored from the snapshot. The previous database is kept as ${path.basename(restored.previous)} next to the database file (the ${KEPT_PREVIOUS_COPIES} newest such copies are kept).`,
    });
  } finally {
    for (const file of written) removeDatabaseFiles(file);
  }
}
