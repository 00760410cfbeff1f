import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData } from "@remix-run/react";
import { Badge, DeleteLink, EmptyState, FilterForm, FilterSelect, PageHeader, SearchField, StatTiles } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { MATERIAL_PLACEHOLDER, safeImageSrc, safeLinkHref } from "~/lib/rules/links";
import { formatDate } from "~/lib/rules/time";
import { listMaterials, toggleMaterial } from "~/models/content.server";
import { allExamTypeOptions, examTypeLabels } from "~/models/exam-type.server";
import { flashFailed } from "~/lib/server/failures.server";

/** Study Materials: the list; adding, editing and deleting are dialog routes (new, :materialId/edit, :materialId/delete). */
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

/** The row's Activate / Deactivate. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const back = "/admin/materials";
  try {
    const active = toggleMaterial(String(form.get("id") ?? ""));
    if (active === null) return redirectWithFlash(back, { type: "error", text: "Error updating material status. Please try again." });
    return redirectWithFlash(back, { type: "success", text: active ? "Material activated" : "Material deactivated" });
  } catch (error) {
    return flashFailed(error, "material toggle", back, "Error updating material status. Please try again.");
  }
}

export default function AdminMaterials() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <PageHeader title="Study Materials" description="Free materials shown on the landing page (Google Drive or Docs links).">
        <Link to="/admin/materials/new" preventScrollReset className="btn-primary">
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
              <img src={m.thumbnailUrl} alt="" width={96} height={54} loading="lazy" className="img-fallback-material h-14 w-24 rounded object-cover" />
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
                <Link to={`/admin/materials/${m.id}/edit`} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                  Edit
                </Link>
                <DeleteLink to={`/admin/materials/${m.id}/delete`} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <Outlet />
    </main>
  );
}
