import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { ANNOUNCEMENT_TARGET_LABELS } from "~/routes/admin+/_content+/__AnnouncementForm";
import { Badge, DeleteLink, EmptyState, FilterForm, PageHeader, SearchField, StatTiles } from "~/components/admin/ui";
import { ANNOUNCEMENT_TYPES } from "~/lib/schemas/admin-schemas";
import { isScheduled } from "~/lib/rules/announcement-rules";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { formatDateTime } from "~/lib/rules/time";
import { listAnnouncements, setAnnouncementActive } from "~/models/content.server";

/** Announcements: the list; creating, editing and deleting are dialog routes (new, :announcementId/edit, :announcementId/delete). */
export const meta: MetaFunction = () => [{ title: "Announcements" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    type: url.searchParams.get("type") ?? "",
    target: url.searchParams.get("target") ?? "",
  };
  const tz = env().ACADEMY_TIME_ZONE;
  const now = Date.now();
  const list = listAnnouncements(filters, now);
  return {
    filters,
    timeZone: tz,
    ...list,
    rows: list.rows.map((r) => ({ ...r, scheduled: isScheduled(r, now) })),
  };
}

/** The row's Activate / Deactivate. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const back = "/admin/announcements";
  try {
    const active = form.get("active") === "true";
    if (!setAnnouncementActive(String(form.get("id") ?? ""), active))
      return redirectWithFlash(back, { type: "error", text: "Failed to update announcement status" });
    return redirectWithFlash(back, { type: "success", text: active ? "Announcement activated successfully" : "Announcement deactivated successfully" });
  } catch (error) {
    return flashFailed(error, "announcement toggle", back, "Failed to update announcement status");
  }
}

export default function AdminAnnouncements() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <PageHeader title="Announcements" description={`Times are in ${d.timeZone}.`}>
        <Link to="/admin/announcements/new" preventScrollReset className="btn-primary">
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
            {ANNOUNCEMENT_TYPES.map((t) => (
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
            {ANNOUNCEMENT_TARGET_LABELS.map(([v, l]) => (
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
                          : a.targetType === "batch"
                            ? `${a.userCount} batch${a.userCount === 1 ? "" : "es"}`
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
                  <Link to={`/admin/announcements/${a.id}/edit`} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                    Edit
                  </Link>
                  <DeleteLink to={`/admin/announcements/${a.id}/delete`} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </main>
  );
}
