import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { deleteAnnouncement, findAnnouncement } from "~/models/content.server";

/** Delete Announcement, a confirmation dialog route over Announcements (/admin/announcements/:announcementId/delete). */
export const meta: MetaFunction = () => [{ title: "Delete Announcement" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const a = findAnnouncement(params.announcementId ?? "");
  if (!a) throw new Response("Announcement not found", { status: 404 });
  return { announcement: { id: a.id, title: a.title } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = "/admin/announcements";
  try {
    if (!deleteAnnouncement(params.announcementId ?? "")) return redirectWithFlash(back, { type: "error", text: "Failed to delete announcement" });
    return redirectWithFlash(back, { type: "success", text: "Announcement deleted successfully" });
  } catch (error) {
    return flashFailed(error, "delete announcement", back, "Failed to delete announcement");
  }
}

export default function DeleteAnnouncement() {
  const { announcement } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog id={announcement.id} title={`Delete “${announcement.title}”?`} closeHref="/admin/announcements">
      <p className="text-sm text-slate-700">Students stop seeing it on their dashboards and the landing page.</p>
    </ConfirmDialog>
  );
}
