import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { deleteMaterial, findMaterial } from "~/models/content.server";

/** Delete Material, a confirmation dialog route over Study Materials (/admin/materials/:materialId/delete). */
export const meta: MetaFunction = () => [{ title: "Delete Material" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const m = findMaterial(params.materialId ?? "");
  if (!m) throw new Response("Material not found", { status: 404 });
  return { material: { id: m.id, title: m.title } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = "/admin/materials";
  try {
    if (!deleteMaterial(params.materialId ?? "")) return redirectWithFlash(back, { type: "error", text: "Error deleting material. Please try again." });
    return redirectWithFlash(back, { type: "success", text: "Material deleted" });
  } catch (error) {
    return flashFailed(error, "delete material", back, "Error deleting material. Please try again.");
  }
}

export default function DeleteMaterial() {
  const { material } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog id={material.id} title={`Delete “${material.title}”?`} closeHref="/admin/materials">
      <p className="text-sm text-slate-700">It disappears from the landing page. The file on Google Drive is not touched.</p>
    </ConfirmDialog>
  );
}
