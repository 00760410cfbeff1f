import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  MaxPartSizeExceededError,
  redirect,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { requireAdmin } from "~/lib/auth.server";
import { databaseFile } from "~/db/db.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { RESTORE_LIMIT } from "~/lib/request-limits";
import { restoreSnapshot } from "~/models/restore.server";

/**
 * Restore the whole site from a database snapshot (POST /admin/backup/restore, from Backup & Import).
 * The upload goes to a file next to the database, is checked, then copied into the live database; the
 * previous database is kept beside it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/backup");
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, { refusal: "Only administrators can import data" });
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return redirectWithFlash("/admin/backup", { type: "error", text: "Choose the snapshot file (.db) to restore." });
  const directory = path.join(path.dirname(path.resolve(databaseFile())), "restore");
  fs.mkdirSync(directory, { recursive: true });
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      // the file to disk, the other fields (the confirmation) in memory
      unstable_composeUploadHandlers(
        unstable_createFileUploadHandler({
          directory,
          maxPartSize: RESTORE_LIMIT.bytes,
          file: ({ filename }) => `incoming-${Date.now()}-${path.basename(filename)}`,
        }),
        unstable_createMemoryUploadHandler({ maxPartSize: 1024 }),
      ),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return redirectWithFlash("/admin/backup", { type: "error", text: `The snapshot is too large (at most ${RESTORE_LIMIT.bytes / 1024 / 1024} MB).` });
    throw error;
  }
  const file = form.get("snapshot") as unknown as { getFilePath?: () => string; size?: number } | null;
  const filePath = file?.getFilePath?.();
  if (!filePath || !file?.size) return redirectWithFlash("/admin/backup", { type: "error", text: "Choose the snapshot file (.db) to restore." });
  try {
    if (form.get("confirm") !== "on")
      return redirectWithFlash("/admin/backup", { type: "error", text: "Tick the box to confirm that the restore replaces everything on this site." });
    const restored = await restoreSnapshot(filePath);
    if (!restored.ok) return redirectWithFlash("/admin/backup", { type: "error", text: restored.error });
    console.log(`restore: site restored from an uploaded snapshot; the previous database is kept as ${restored.previous}`);
    // the sessions are the snapshot's now: the admin signs in again (with the snapshot's password)
    return redirectWithFlash("/admin/backup", {
      type: "success",
      text: `Site restored from the snapshot. The previous database is kept as ${path.basename(restored.previous)} next to the database file.`,
    });
  } finally {
    fs.rmSync(filePath, { force: true });
  }
}
