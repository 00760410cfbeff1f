import type { ActionFunctionArgs } from "@remix-run/node";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { batchById, setJoinCode } from "~/models/batches.server";

/** A batch's join code (posted from its page): a new one (the old one stops working), or none. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const batch = batchById(params.batchId ?? "");
  if (!batch) throw new Response("Batch not found", { status: 404 });
  const on = (await request.formData()).get("intent") !== "stop";
  const code = setJoinCode(batch.id, on);
  logActivity(admin, "batch", { target: batch.name, detail: code ? "made a new join code" : "stopped the join code" });
  return redirectWithFlash(`/admin/batches/${batch.id}`, {
    type: "success",
    text: code ? `Join code for ${batch.name}: ${code}. Students type it at sign-up or on their dashboard.` : `${batch.name} has no join code now.`,
  });
}
