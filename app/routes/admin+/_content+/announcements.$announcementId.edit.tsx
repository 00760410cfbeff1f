import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AnnouncementForm } from "~/routes/admin+/_content+/__AnnouncementForm";
import { announcementSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { toZonedInput } from "~/lib/rules/zoned-input";
import { findAnnouncement, saveAnnouncementForm } from "~/models/content.server";
import { batchOptions } from "~/models/batches.server";
import { allExamTypeOptions } from "~/models/exam-type.server";

/** Edit Announcement, a dialog route over Announcements (/admin/announcements/:announcementId/edit). */
export const meta: MetaFunction = () => [{ title: "Edit Announcement" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const a = findAnnouncement(params.announcementId ?? "");
  if (!a) throw new Response("Announcement not found", { status: 404 });
  const timeZone = env().ACADEMY_TIME_ZONE;
  return {
    announcement: {
      id: a.id,
      title: a.title,
      content: a.content,
      type: a.type,
      imageUrl: a.imageUrl ?? "",
      targetType: a.targetType,
      targetExamTypes: a.examTypes,
      targetBatches: a.batchIds,
      targetEmails: a.targetUsers.map((u) => u.email).join("\n"),
      scheduledFor: a.scheduledFor ? toZonedInput(a.scheduledFor, timeZone) : "",
      isActive: a.isActive ? "on" : "",
    },
    examTypes: allExamTypeOptions().map((t) => ({ value: t.value, label: t.label })),
    batches: batchOptions(),
    timeZone,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const a = findAnnouncement(params.announcementId ?? "");
  if (!a) throw new Response("Announcement not found", { status: 404 });
  const submission = parseForm(await request.formData(), { schema: announcementSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const saved = saveAnnouncementForm(a.id, submission.value, env().ACADEMY_TIME_ZONE, admin.id);
    if (!saved.ok) return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
  } catch (error) {
    return formFailed(error, "update announcement", submission, "Failed to update announcement");
  }
  return redirectWithFlash("/admin/announcements", { type: "success", text: "Announcement updated successfully" });
}

export default function EditAnnouncement() {
  const { announcement, examTypes, batches, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AnnouncementForm
      id={`edit-announcement-${announcement.id}`}
      title="Edit Announcement"
      submitLabel="Save Changes"
      lastResult={actionData?.result}
      defaultValue={announcement}
      examTypes={examTypes}
      batches={batches}
      timeZone={timeZone}
    />
  );
}
