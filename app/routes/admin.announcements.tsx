import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { ImageUrlField } from "~/components/admin/ImagePreview";
import {
  Badge,
  EmptyState,
  ErrorBox,
  PageHeader,
  StatTiles,
  useHrefWith,
  ConfirmDialog,
  FilterForm,
  DialogActions,
  SearchField,
  DeleteLink,
} from "~/components/admin/ui";
import { UserPicker } from "~/components/admin/UserPicker";
import { Dialog } from "~/components/Dialog";
import { announcementSchema } from "~/lib/admin-schemas";
import { isScheduled } from "~/lib/announcement-rules";
import { requireAdmin } from "~/lib/auth.server";
import { env } from "~/lib/env.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formToObject } from "~/lib/forms";
import { useHydrated } from "~/lib/hooks";
import { formatDateTime, fromZonedInput, toZonedInput } from "~/lib/time";
import { deleteAnnouncement, findAnnouncement, listAnnouncements, resolveUserEmails, saveAnnouncement, setAnnouncementActive } from "~/models/content.server";
import { allExamTypeOptions } from "~/models/exam-type.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";

export const meta: MetaFunction = () => [{ title: "Announcements" }];

const TYPES = ["general", "course", "test", "admission", "other"] as const;
const TARGETS = [
  ["all", "Everyone"],
  ["examType", "Exam types"],
  ["specific", "Specific users"],
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    type: url.searchParams.get("type") ?? "",
    target: url.searchParams.get("target") ?? "",
  };
  const tz = env().ACADEMY_TIME_ZONE;
  const editId = url.searchParams.get("edit") ?? url.searchParams.get("delete");
  const editing = editId ? findAnnouncement(editId) : null;
  const now = Date.now();
  const list = listAnnouncements(filters, now);
  return {
    filters,
    timeZone: tz,
    ...list,
    rows: list.rows.map((r) => ({ ...r, scheduled: isScheduled(r, now) })),
    examTypes: allExamTypeOptions(),
    editing: editing
      ? {
          id: editing.id,
          title: editing.title,
          content: editing.content,
          type: editing.type,
          imageUrl: editing.imageUrl ?? "",
          targetType: editing.targetType,
          examTypes: editing.examTypes,
          emails: editing.targetUsers.map((u) => u.email),
          scheduledFor: editing.scheduledFor ? toZonedInput(editing.scheduledFor, tz) : "",
          isActive: editing.isActive,
        }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const back = "/admin/announcements";
  try {
    if (intent === "save") {
      const values = formToObject(form);
      const parsed = announcementSchema.safeParse(values);
      const fail = (error: string) => data({ intent, error, values }, { status: 400 });
      if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? "Title and content are required");
      const p = parsed.data;
      let scheduledFor: Date | null = null;
      if (p.scheduledFor) {
        scheduledFor = fromZonedInput(p.scheduledFor, env().ACADEMY_TIME_ZONE);
        if (!scheduledFor) return fail("Enter the schedule as a date and time");
      }
      const targetExamTypes = p.targetType === "examType" ? form.getAll("targetExamTypes").map(String) : [];
      if (p.targetType === "examType" && !targetExamTypes.length) return fail("Choose at least one exam type");
      let targetUserIds: string[] = [];
      if (p.targetType === "specific") {
        const resolved = resolveUserEmails(String(form.get("targetEmails") ?? ""));
        if (resolved.unknown.length)
          return fail(`No user with the e-mail ${resolved.unknown.slice(0, 3).join(", ")}${resolved.unknown.length > 3 ? " …" : ""}`);
        if (!resolved.ids.length) return fail("Add at least one student");
        targetUserIds = resolved.ids;
      }
      saveAnnouncement(
        id || null,
        {
          title: p.title,
          content: p.content,
          type: p.type,
          imageUrl: p.imageUrl || null,
          targetType: p.targetType,
          targetExamTypes,
          targetUserIds,
          scheduledFor,
          isActive: p.isActive === "on",
        },
        admin.id,
      );
      return redirectWithFlash(back, { type: "success", text: id ? "Announcement updated successfully" : "Announcement created successfully" });
    }
    if (intent === "toggle") {
      const active = form.get("active") === "true";
      if (!setAnnouncementActive(id, active)) return redirectWithFlash(back, { type: "error", text: "Failed to update announcement status" });
      return redirectWithFlash(back, { type: "success", text: active ? "Announcement activated successfully" : "Announcement deactivated successfully" });
    }
    if (intent === "delete") {
      if (!deleteAnnouncement(id)) return redirectWithFlash(back, { type: "error", text: "Failed to delete announcement" });
      return redirectWithFlash(back, { type: "success", text: "Announcement deleted successfully" });
    }
    return data({ intent, error: "Unknown action", values: {} }, { status: 400 });
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("announcement action failed", intent, error);
    const text =
      intent === "save"
        ? id
          ? "Failed to update announcement"
          : "Failed to create announcement"
        : intent === "toggle"
          ? "Failed to update announcement status"
          : "Failed to delete announcement";
    return data({ intent, error: text, values: {} }, { status: 500 });
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminAnnouncements() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const href = useHrefWith();
  const close = href({ add: null, edit: null, delete: null });
  const deleting = params.get("delete") ? d.editing : null;
  return (
    <main>
      <PageHeader title="Announcements" description={`Times are in ${d.timeZone}.`}>
        <Link to={href({ add: "1" })} preventScrollReset className="btn-primary">
          New Announcement
        </Link>
      </PageHeader>
      <StatTiles
        items={[
          ["Total", d.summary.total],
          ["Active", d.summary.active],
          ["Scheduled", d.summary.scheduled],
          ["This month", d.summary.month],
        ]}
      />
      <FilterForm>
        <SearchField id="ann-q" defaultValue={d.filters.q} />
        <div>
          <label htmlFor="ann-type" className="label">
            Type
          </label>
          <select id="ann-type" name="type" defaultValue={d.filters.type} className="input">
            <option value="">All types</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ann-target" className="label">
            Target
          </label>
          <select id="ann-target" name="target" defaultValue={d.filters.target} className="input">
            <option value="">All targets</option>
            {TARGETS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
      </FilterForm>
      {d.rows.length === 0 ? (
        <EmptyState
          title={d.summary.total ? "No announcements match your filters" : "No announcements yet"}
          text="Announcements appear on the landing page and students' dashboards."
        />
      ) : (
        <ul className="space-y-2">
          {d.rows.map((a) => (
            <li key={a.id} className="card p-4" data-testid="announcement-row">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-[14rem] flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{a.title}</span>
                    <Badge tone="brand">{a.type}</Badge>
                    {a.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
                    {a.scheduled ? <Badge tone="amber">Scheduled</Badge> : null}
                    <Badge>
                      {a.targetType === "all"
                        ? "Everyone"
                        : a.targetType === "examType"
                          ? `Exam types: ${a.examTypes.join(", ")}`
                          : `${a.userCount} specific users`}
                    </Badge>
                  </p>
                  <p className="mt-1 line-clamp-2 whitespace-pre-line text-sm text-slate-600">{a.content}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    Created {formatDateTime(a.createdAt, d.timeZone)}
                    {a.scheduledFor ? ` · Scheduled for ${formatDateTime(a.scheduledFor, d.timeZone)}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <input type="hidden" name="active" value={a.isActive ? "false" : "true"} />
                    <button type="submit" name="intent" value="toggle" className="btn-secondary px-2 py-1 text-xs">
                      {a.isActive ? "Deactivate" : "Activate"}
                    </button>
                  </Form>
                  <Link to={href({ edit: a.id })} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                    Edit
                  </Link>
                  <DeleteLink to={href({ delete: a.id })} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {params.get("add") || (params.get("edit") && d.editing) ? <AnnouncementForm d={d} close={close} /> : null}
      {deleting ? <ConfirmDialog id={deleting.id} title={`Delete “${deleting.title}”?`} closeHref={close} /> : null}
    </main>
  );
}

function AnnouncementForm({ d, close }: { d: LoaderData; close: string }) {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const e = d.editing;
  const values = (actionData?.intent === "save" ? actionData.values : {}) as Record<string, string>;
  const [target, setTarget] = useState<string>(values.targetType ?? e?.targetType ?? "all");
  const [typeKey, setTypeKey] = useState(0);
  return (
    <Dialog labelledBy="ann-form-title" closeHref={close} className="w-[min(96vw,48rem)]">
      <Form method="post" className="grid gap-4 p-5 sm:grid-cols-2" noValidate>
        <h2 id="ann-form-title" className="text-xl font-bold sm:col-span-2">
          {e ? "Edit Announcement" : "New Announcement"}
        </h2>
        <div className="sm:col-span-2">
          <ErrorBox message={actionData?.intent === "save" ? actionData.error : null} />
        </div>
        <input type="hidden" name="id" value={e?.id ?? ""} />
        <div className="sm:col-span-2">
          <label htmlFor="a-title" className="label">
            Title
          </label>
          <input id="a-title" name="title" defaultValue={values.title ?? e?.title} className="input" maxLength={200} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="a-content" className="label">
            Content
          </label>
          <textarea id="a-content" name="content" defaultValue={values.content ?? e?.content} className="input" rows={4} />
        </div>
        <div>
          <label htmlFor="a-type" className="label">
            Type
          </label>
          <select id="a-type" name="type" defaultValue={values.type ?? e?.type ?? "general"} className="input capitalize">
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="a-schedule" className="label">
            Scheduled for (optional, {d.timeZone})
          </label>
          <input id="a-schedule" name="scheduledFor" type="datetime-local" defaultValue={values.scheduledFor ?? e?.scheduledFor} className="input" />
        </div>
        <div className="sm:col-span-2">
          <ImageUrlField id="a-image" name="imageUrl" label="Image URL (optional)" defaultValue={values.imageUrl ?? e?.imageUrl} />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="label">Target</legend>
          <div className="flex flex-wrap gap-4">
            {TARGETS.map(([v, l]) => (
              <label key={v} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="targetType"
                  value={v}
                  checked={target === v}
                  onChange={() => {
                    // changing the target clears the chosen exam types and users
                    setTarget(v);
                    setTypeKey((k) => k + 1);
                  }}
                />
                {l}
              </label>
            ))}
          </div>
        </fieldset>
        {!hydrated || target === "examType" ? (
          <fieldset className="sm:col-span-2" key={`types-${typeKey}`}>
            <legend className="label">Exam types {hydrated ? "" : "(for the Exam types target)"}</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {d.examTypes.map((t) => (
                <label key={t.value} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="targetExamTypes" value={t.value} defaultChecked={typeKey === 0 && (e?.examTypes ?? []).includes(t.value)} />
                  {t.label}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {!hydrated || target === "specific" ? (
          <div className="sm:col-span-2" key={`users-${typeKey}`}>
            <UserPicker name="targetEmails" defaultEmails={typeKey === 0 ? (e?.emails ?? []) : []} />
          </div>
        ) : null}
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" name="isActive" defaultChecked={values.isActive ? values.isActive === "on" : (e?.isActive ?? true)} /> Active
        </label>
        <DialogActions closeHref={close} intent="save" pending="Saving..." className="sm:col-span-2">
          {e ? "Save Changes" : "Create Announcement"}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
