import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Badge, EmptyState, ErrorBox, PageHeader, useHrefWith, ConfirmDialog, DialogActions, DeleteLink } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { requireAdmin } from "~/lib/auth.server";
import { BUILTIN_TEST_TYPES, PREDEFINED_LABELS } from "~/lib/exam-type-rules";
import { redirectWithFlash } from "~/lib/flash.server";
import { formatDate } from "~/lib/time";
import { deleteTestsOfType, testsUsingType } from "~/models/admin-tests.server";
import { createCustomExamType, customExamTypes, findCustomExamType, removeExamTypeEverywhere, renameCustomExamType } from "~/models/exam-type.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";

export const meta: MetaFunction = () => [{ title: "Exam Types" }];

const WARNING_TITLES = 5;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const targetId = url.searchParams.get("edit") ?? url.searchParams.get("delete");
  const target = targetId ? findCustomExamType(targetId) : undefined;
  const using = target && url.searchParams.get("delete") ? testsUsingType(target.value) : [];
  return {
    custom: customExamTypes(),
    target: target ? { id: target.id, value: target.value, label: target.label } : null,
    warning: { titles: using.slice(0, WARNING_TITLES).map((t) => t.title), more: Math.max(0, using.length - WARNING_TITLES), total: using.length },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = "/admin/exam-types";
  try {
    if (intent === "create") {
      const r = createCustomExamType(String(form.get("name") ?? ""));
      if (!r.ok) return data({ intent, error: r.error }, { status: 400 });
      return redirectWithFlash(back, { type: "success", text: "Custom exam type created successfully" });
    }
    if (intent === "update") {
      const r = renameCustomExamType(String(form.get("id") ?? ""), String(form.get("name") ?? ""));
      if (!r.ok) return data({ intent, error: r.error }, { status: 400 });
      return redirectWithFlash(back, { type: "success", text: "Custom exam type updated successfully" });
    }
    if (intent === "delete") {
      const type = findCustomExamType(String(form.get("id") ?? ""));
      if (!type) return redirectWithFlash(back, { type: "error", text: "Failed to delete custom exam type" });
      const r = deleteTestsOfType(type.value);
      removeExamTypeEverywhere(type.value);
      const text =
        r.deleted > 0
          ? `Custom exam type and ${r.deleted} associated test(s) deleted successfully${r.errors ? ` (${r.errors} could not be deleted)` : ""}`
          : "Custom exam type deleted successfully";
      return redirectWithFlash(back, { type: "success", text });
    }
    return data({ intent, error: "Unknown action" }, { status: 400 });
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("exam type action failed", intent, error);
    const text =
      intent === "create"
        ? "Failed to create custom exam type"
        : intent === "update"
          ? "Failed to update custom exam type"
          : "Failed to delete custom exam type";
    return data({ intent, error: text }, { status: 500 });
  }
}

export default function ExamTypes() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const href = useHrefWith();
  const close = href({ add: null, edit: null, delete: null });
  const errorFor = (intent: string) => (actionData && actionData.intent === intent ? actionData.error : null);
  return (
    <main>
      <PageHeader title="Exam Types" description="The built-in exam categories and the academy's own.">
        <Link to={href({ add: "1" })} preventScrollReset className="btn-primary">
          Add Custom Exam Type
        </Link>
      </PageHeader>
      <ErrorBox message={errorFor("delete")} />
      <section aria-labelledby="predefined-heading" className="card mb-4 p-4">
        <h2 id="predefined-heading" className="font-semibold">
          Predefined exam types
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {BUILTIN_TEST_TYPES.map((t) => (
            <li key={t}>
              <Badge tone="brand">{PREDEFINED_LABELS[t]}</Badge>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="custom-heading">
        <h2 id="custom-heading" className="mb-2 font-semibold">
          Custom exam types
        </h2>
        {d.custom.length === 0 ? (
          <EmptyState title="No custom exam types yet" text="Add one for exams beyond the built-in categories.">
            <Link to={href({ add: "1" })} preventScrollReset className="btn-primary">
              Add First Custom Exam Type
            </Link>
          </EmptyState>
        ) : (
          <div className="card overflow-x-auto">
            <table className="min-w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-4 py-3">Label</th>
                  <th className="px-4 py-3">Value</th>
                  <th className="px-4 py-3">Created</th>
                  <th className="px-4 py-3">Tests</th>
                  <th className="px-4 py-3">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.custom.map((t) => (
                  <tr key={t.id} data-testid="custom-type-row">
                    <td className="px-4 py-3 font-medium">{t.label}</td>
                    <td className="px-4 py-3 font-mono text-xs">{t.value}</td>
                    <td className="px-4 py-3">{formatDate(t.createdAt)}</td>
                    <td className="px-4 py-3">{t.tests}</td>
                    <td className="px-4 py-3">
                      <div className="flex gap-2">
                        <Link to={href({ edit: t.id })} preventScrollReset className="btn-secondary px-2 py-1 text-xs">
                          Edit
                        </Link>
                        <DeleteLink to={href({ delete: t.id })} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {params.get("add") ? (
        <Dialog labelledBy="add-type-title" closeHref={close}>
          <Form method="post" className="space-y-4 p-5" noValidate>
            <h2 id="add-type-title" className="text-xl font-bold">
              Add Custom Exam Type
            </h2>
            <ErrorBox message={errorFor("create")} />
            <div>
              <label htmlFor="type-name" className="label">
                Name
              </label>
              <input id="type-name" name="name" className="input" maxLength={60} placeholder="e.g. Kerala SET" />
              <p className="mt-1 text-xs text-slate-500">The value is the name in capitals with underscores, e.g. KERALA_SET.</p>
            </div>
            <DialogActions closeHref={close} intent="create" pending="Creating...">
              Create
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
      {params.get("edit") && d.target ? (
        <Dialog labelledBy="edit-type-title" closeHref={close}>
          <Form method="post" className="space-y-4 p-5" noValidate>
            <h2 id="edit-type-title" className="text-xl font-bold">
              Edit Custom Exam Type
            </h2>
            <ErrorBox message={errorFor("update")} />
            <input type="hidden" name="id" value={d.target.id} />
            <div>
              <label htmlFor="edit-type-name" className="label">
                Name
              </label>
              <input id="edit-type-name" name="name" defaultValue={d.target.label} className="input" maxLength={60} />
              <p className="mt-1 text-xs text-slate-500">Renaming updates the tests, students and materials that use it.</p>
            </div>
            <DialogActions closeHref={close} intent="update" pending="Saving...">
              Save
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
      {params.get("delete") && d.target ? (
        <ConfirmDialog id={d.target.id} title={`Delete ${d.target.label}?`} closeHref={close}>
          {d.warning.total ? (
            <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <p className="font-semibold">
                {d.warning.total} test{d.warning.total === 1 ? "" : "s"} of this type will be deleted first:
              </p>
              <ul className="mt-1 list-disc pl-5">
                {d.warning.titles.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
              {d.warning.more ? <p className="mt-1">and {d.warning.more} more</p> : null}
            </div>
          ) : (
            <p className="text-sm text-slate-700">No tests use this type.</p>
          )}
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
