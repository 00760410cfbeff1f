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
import { newId } from "~/lib/server/ids.server";
import { emailAnnouncement, saveAnnouncementForm } from "~/models/content.server";
import { plural } from "~/lib/rules/words";
import { mailConfigured } from "~/lib/server/mail.server";
import { oncePerForm, repeatMessage } from "~/models/form-receipts.server";
import { batchOptions } from "~/models/batches.server";
import { allExamTypeOptions } from "~/models/exam-type.server";

/** New Announcement, a dialog route over Announcements (/admin/announcements/new). */
export const meta: MetaFunction = () => [{ title: "New Announcement" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return {
    examTypes: allExamTypeOptions().map((t) => ({ value: t.value, label: t.label })),
    batches: batchOptions(),
    timeZone: env().ACADEMY_TIME_ZONE,
    receipt: newId(),
    canEmail: mailConfigured(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: announcementSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const once = await oncePerForm(
      form.get("receipt"),
      "announcement-new",
      () => saveAnnouncementForm(null, submission.value, env().ACADEMY_TIME_ZONE, admin.id),
      (saved) => saved.ok,
    );
    if (once.repeated) return redirectWithFlash("/admin/announcements", repeatMessage(once.kept, "This announcement was already created"));
    const saved = once.result;
    if (!saved.ok) return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
    if (submission.value.emailIt === "on") {
      const emailed = emailAnnouncement(saved.id, `${new URL(request.url).origin}/dashboard`);
      const note = emailed
        ? `, and e-mailed to ${plural(emailed, "student")}`
        : " (not e-mailed: it is inactive or scheduled for later, or nobody in its audience has an e-mail address)";
      return redirectWithFlash("/admin/announcements", { type: "success", text: `Announcement created successfully${note}` });
    }
  } catch (error) {
    return formFailed(error, "create announcement", submission, "Failed to create announcement");
  }
  return redirectWithFlash("/admin/announcements", { type: "success", text: "Announcement created successfully" });
}

export default function NewAnnouncement() {
  const { examTypes, batches, timeZone, receipt, canEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AnnouncementForm
      id="new-announcement"
      title="New Announcement"
      submitLabel="Create Announcement"
      lastResult={actionData?.result}
      examTypes={examTypes}
      batches={batches}
      timeZone={timeZone}
      receipt={receipt}
      canEmail={canEmail}
    />
  );
}
