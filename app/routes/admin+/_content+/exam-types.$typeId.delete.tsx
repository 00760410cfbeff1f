import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { deleteTestsOfType, testsUsingType } from "~/models/admin-tests.server";
import { findCustomExamType, removeExamTypeEverywhere } from "~/models/exam-type.server";

/**
 * Delete a custom exam type, a confirmation dialog route over the Exam Types tab
 * (/admin/exam-types/:typeId/delete): names the tests of that type that go first.
 */
export const meta: MetaFunction = () => [{ title: "Delete Custom Exam Type" }];

const WARNING_TITLES = 5;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const type = findCustomExamType(params.typeId ?? "");
  if (!type) throw new Response("Exam type not found", { status: 404 });
  const using = testsUsingType(type.value);
  return {
    type: { id: type.id, label: type.label },
    warning: { titles: using.slice(0, WARNING_TITLES).map((t) => t.title), more: Math.max(0, using.length - WARNING_TITLES), total: using.length },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const back = "/admin/exam-types";
  try {
    const type = findCustomExamType(params.typeId ?? "");
    if (!type) return redirectWithFlash(back, { type: "error", text: "Failed to delete custom exam type" });
    const r = deleteTestsOfType(type.value);
    removeExamTypeEverywhere(type.value);
    const text =
      r.deleted + r.archived > 0
        ? // the spec's words; tests that students had taken are archived, not deleted, and said so
          `Custom exam type and ${r.deleted + r.archived} associated test(s) deleted successfully${r.archived ? ` (${r.archived} archived: students had taken ${r.archived === 1 ? "it" : "them"})` : ""}${r.errors ? ` (${r.errors} could not be deleted)` : ""}`
        : "Custom exam type deleted successfully";
    return redirectWithFlash(back, { type: "success", text });
  } catch (error) {
    return flashFailed(error, "delete exam type", back, "Failed to delete custom exam type");
  }
}

export default function DeleteExamType() {
  const { type, warning } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog id={type.id} title={`Delete ${type.label}?`} closeHref="/admin/exam-types">
      {warning.total ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">
            {warning.total} test{warning.total === 1 ? "" : "s"} of this type will be deleted first:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {warning.titles.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
          {warning.more ? <p className="mt-1">and {warning.more} more</p> : null}
        </div>
      ) : (
        <p className="text-sm text-slate-700">No tests use this type.</p>
      )}
    </ConfirmDialog>
  );
}
