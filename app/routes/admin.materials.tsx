import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
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
  FilterSelect,
  DeleteLink,
} from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { materialSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formToObject } from "~/lib/forms";
import { MATERIAL_PLACEHOLDER, safeImageSrc, safeLinkHref } from "~/lib/links";
import { formatDate } from "~/lib/time";
import { addMaterial, deleteMaterial, listMaterials, toggleMaterial } from "~/models/content.server";
import { allExamTypeOptions, examTypeLabels } from "~/models/exam-type.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";

export const meta: MetaFunction = () => [{ title: "Study Materials" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const type = url.searchParams.get("type") ?? "";
  const list = listMaterials(q, type);
  return {
    q,
    type,
    ...list,
    rows: list.rows.map((m) => ({ ...m, thumbnailUrl: safeImageSrc(m.thumbnailUrl, MATERIAL_PLACEHOLDER), googleDriveLink: safeLinkHref(m.googleDriveLink) })),
    examTypes: allExamTypeOptions(),
    labels: examTypeLabels(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const back = "/admin/materials";
  try {
    if (intent === "add") {
      const parsed = materialSchema.safeParse(formToObject(form));
      if (!parsed.success)
        return data({ intent, error: parsed.error.issues[0]?.message ?? "Please fill in all fields", values: formToObject(form) }, { status: 400 });
      addMaterial(parsed.data);
      return redirectWithFlash(back, { type: "success", text: "Material added successfully" });
    }
    if (intent === "toggle") {
      const active = toggleMaterial(id);
      if (active === null) return redirectWithFlash(back, { type: "error", text: "Error updating material status. Please try again." });
      return redirectWithFlash(back, { type: "success", text: active ? "Material activated" : "Material deactivated" });
    }
    if (intent === "delete") {
      if (!deleteMaterial(id)) return redirectWithFlash(back, { type: "error", text: "Error deleting material. Please try again." });
      return redirectWithFlash(back, { type: "success", text: "Material deleted" });
    }
    return data({ intent, error: "Unknown action", values: {} }, { status: 400 });
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("material action failed", intent, error);
    const text =
      intent === "add"
        ? "Error adding material. Please try again."
        : intent === "delete"
          ? "Error deleting material. Please try again."
          : "Error updating material status. Please try again.";
    return data({ intent, error: text, values: {} }, { status: 500 });
  }
}

export default function AdminMaterials() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const href = useHrefWith();
  const close = href({ add: null, delete: null });
  const values = (actionData?.values ?? {}) as Record<string, string>;
  const deleting = params.get("delete") ? d.rows.find((m) => m.id === params.get("delete")) : null;
  return (
    <main>
      <PageHeader title="Study Materials" description="Free materials shown on the landing page (Google Drive or Docs links).">
        <Link to={href({ add: "1" })} preventScrollReset className="btn-primary">
          Add Material
        </Link>
      </PageHeader>
      <StatTiles
        items={[
          ["Total", d.totals.total],
          ["Active", d.totals.active],
          ["Inactive", d.totals.inactive],
        ]}
      />
      <FilterForm>
        <SearchField id="mat-q" defaultValue={d.q} />
        <FilterSelect id="mat-type" name="type" label="Exam type" defaultValue={d.type} allLabel="All exam types" options={d.examTypes} />
      </FilterForm>
      {d.rows.length === 0 ? (
        <EmptyState
          title={d.totals.total ? "No materials match your filters" : "No study materials yet"}
          text={d.totals.total ? "Try adjusting your search criteria" : "Add a Google Drive link to share notes with visitors."}
        />
      ) : (
        <ul className="space-y-2">
          {d.rows.map((m) => (
            <li key={m.id} className="card flex flex-wrap items-center gap-3 p-3" data-testid="material-row">
              <img src={m.thumbnailUrl} alt="" width={96} height={54} loading="lazy" className="h-14 w-24 rounded object-cover" />
              <div className="min-w-[12rem] flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{m.title}</span>
                  <Badge tone="brand">{d.labels[m.examType] ?? m.examType}</Badge>
                  {m.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
                </p>
                <p className="line-clamp-1 text-sm text-slate-600">{m.description}</p>
                <p className="text-xs text-slate-500">Uploaded {formatDate(m.uploadDate)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a href={m.googleDriveLink} target="_blank" rel="noopener noreferrer" className="btn-secondary px-2 py-1 text-xs">
                  View Link
                </a>
                <Form method="post">
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" name="intent" value="toggle" className="btn-secondary px-2 py-1 text-xs">
                    {m.isActive ? "Deactivate" : "Activate"}
                  </button>
                </Form>
                <DeleteLink to={href({ delete: m.id })} />
              </div>
            </li>
          ))}
        </ul>
      )}

      {params.get("add") ? (
        <Dialog labelledBy="add-material-title" closeHref={close}>
          <Form method="post" className="space-y-4 p-5" noValidate>
            <h2 id="add-material-title" className="text-xl font-bold">
              Add Material
            </h2>
            <ErrorBox message={actionData?.intent === "add" ? actionData.error : null} />
            <div>
              <label htmlFor="m-title" className="label">
                Title
              </label>
              <input id="m-title" name="title" defaultValue={values.title} className="input" maxLength={200} />
            </div>
            <div>
              <label htmlFor="m-description" className="label">
                Description
              </label>
              <textarea id="m-description" name="description" defaultValue={values.description} className="input" rows={2} />
            </div>
            <FilterSelect id="m-type" name="examType" label="Exam type" defaultValue={values.examType ?? ""} allLabel="Choose…" options={d.examTypes} />
            <div>
              <label htmlFor="m-link" className="label">
                Google Drive link
              </label>
              <input
                id="m-link"
                name="googleDriveLink"
                type="url"
                defaultValue={values.googleDriveLink}
                className="input"
                placeholder="https://drive.google.com/file/d/…/view"
              />
            </div>
            <ImageUrlField id="m-thumb" name="thumbnailUrl" label="Thumbnail image URL" defaultValue={values.thumbnailUrl} />
            <DialogActions closeHref={close} intent="add" pending="Adding...">
              Add Material
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
      {deleting ? <ConfirmDialog id={deleting.id} title={`Delete “${deleting.title}”?`} closeHref={close} /> : null}
    </main>
  );
}
