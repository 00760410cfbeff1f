import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { DialogActions, ErrorBox, ExamTypeOptions, useTestListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { ExamTypeField, Field, useSchemaForm } from "~/components/forms";
import { requireAdmin } from "~/models/auth.server";
import { noteFailure } from "~/lib/server/failures.server";
import { useHydrated } from "~/lib/browser/hooks";
import { newId } from "~/lib/server/ids.server";
import { testListHref } from "~/lib/rules/list-href";
import { bulkDefaultsSchema, bulkSettingsOf, TEST_LIMITS } from "~/lib/schemas/test-record";
import { testExamTypeOptions } from "~/models/exam-type.server";
import { batchOptions } from "~/models/batches.server";
import { BulkSettings } from "~/routes/admin+/_tests+/__BulkSettings";
import { BulkPreviewStep } from "~/routes/admin+/_tests+/__BulkPreview";
import { BULK_PREVIEW_EXPIRED, createBulkOnce, previewBulkUpload, readBulkPreview, readUploadForm } from "~/models/test-upload.server";
import type { RouteGuards } from "~/lib/server/route-table.server";

/** Its form carries up to 50 CSV files: the server takes a larger body here, from an admin only (route-table.server.ts). */
export const handle = { guards: { body: "upload" } } satisfies { guards: RouteGuards };

/**
 * Bulk Upload Tests, a dialog route over the tests list (/admin/tests/bulk-upload). Each file becomes a
 * test; the defaults follow the test record's rules. Step 1 reads the files and shows each one's test (its
 * questions, flags and duplicates, published or hidden) and the refused files; step 2 creates exactly that (a
 * signed token carries it). The dialog then closes and the list shows what was created (`?bulkResult=`). The
 * dialog's receipt key makes a repeated Create (double click, back and again) show the first result and create
 * nothing twice.
 */
export const meta: MetaFunction = () => [{ title: "Bulk Upload Tests" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { receipt: newId(), examTypes: testExamTypeOptions().map((t) => ({ value: t.value, label: t.label })), batches: batchOptions() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  let form: FormData;
  if (isMultipart) {
    const read = await readUploadForm(request);
    if (!read.ok) return data({ error: read.error, result: undefined, preview: null }, { status: 413 });
    form = read.form;
  } else form = await request.formData();
  if (form.get("intent") === "bulk-upload") return createPreviewed(request, admin, form);
  const submission = parseForm(form, { schema: bulkDefaultsSchema });
  // "Choose other files" from the preview: step 1 again, its settings as they were (the files are chosen anew)
  if (form.get("intent") === "back") return { error: null, result: submission.reply(), preview: null, back: true };
  // step 1: read every file and show what it makes; nothing is written yet
  if (submission.status !== "success") return data({ error: null, result: submission.reply(), preview: null }, { status: 400 });
  const given = String(form.get("receipt") ?? "");
  try {
    const preview = await previewBulkUpload(form, /^[0-9a-f-]{36}$/.test(given) ? given : newId());
    if (preview.ok) return { error: null, result: undefined, preview, settings: bulkSettingsOf(form) };
    const fieldErrors = Object.fromEntries(Object.entries(preview.fieldErrors ?? {}).map(([k, v]) => [k, [v]]));
    return data({ error: preview.error, result: submission.reply({ formErrors: [preview.error], fieldErrors }), preview: null }, { status: 400 });
  } catch (error) {
    noteFailure(error, "bulk upload preview");
    return data({ error: "Error during bulk upload. Please try again.", result: submission.reply(), preview: null }, { status: 500 });
  }
}

/** Step 2: create exactly what the preview showed, once per preview and whole (createBulkOnce), and list the result on the tests page. */
async function createPreviewed(request: Request, admin: Awaited<ReturnType<typeof requireAdmin>>, form: FormData) {
  const back = testListHref(request.url);
  const previewed = readBulkPreview(String(form.get("token") ?? ""));
  if (!previewed) return data({ error: BULK_PREVIEW_EXPIRED, result: undefined, preview: null }, { status: 400 });
  try {
    const created = createBulkOnce(previewed, admin);
    if (!created.ok) return data({ error: created.error, result: undefined, preview: null }, { status: 400 });
    return redirect(`${back}${back.includes("?") ? "&" : "?"}bulkResult=${previewed.receipt}`);
  } catch (error) {
    noteFailure(error, "bulk upload");
    return data({ error: "Error during bulk upload. Please try again.", result: undefined, preview: null }, { status: 500 });
  }
}

export default function BulkUploadTests() {
  const { examTypes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useTestListHref();
  const preview = actionData?.preview?.ok ? actionData.preview : null;
  return (
    <Dialog labelledBy="bulk-title" closeHref={closeHref} className="w-[min(96vw,56rem)]">
      <div className="p-5">
        <h2 id="bulk-title" className="text-xl font-bold">
          Bulk Upload Tests
        </h2>
        {preview ? (
          <BulkPreviewStep
            preview={preview}
            settings={(actionData && "settings" in actionData && actionData.settings) || {}}
            closeHref={closeHref}
            labels={Object.fromEntries(examTypes.map((t) => [t.value, t.label]))}
          />
        ) : (
          <FilesStep closeHref={closeHref} />
        )}
      </div>
    </Dialog>
  );
}

/** Step 1 of 2: the files, the defaults and settings for every file, and each file's own name and type. */
function FilesStep({ closeHref }: { closeHref: string }) {
  const { receipt, examTypes, batches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [files, setFiles] = useState<string[]>([]);
  const [form, fields] = useSchemaForm(bulkDefaultsSchema, { id: "bulk-upload", lastResult: actionData?.result, defaultValue: { defaultDuration: "60" } });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="receipt" value={receipt} />
      <ErrorBox message={form.errors?.[0] ?? actionData?.error} />
      {actionData && "back" in actionData ? (
        <p role="status" className="rounded-lg border border-brand-300 bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="bulk-back">
          Choose the files again. The settings below are kept.
        </p>
      ) : null}
      <div>
        <label htmlFor="bulk-files" className="label">
          CSV files
        </label>
        <input
          id="bulk-files"
          name="files"
          type="file"
          multiple
          accept=".csv,text/csv"
          className="block w-full text-sm"
          onChange={(e) => setFiles(Array.from(e.currentTarget.files ?? []).map((f) => f.name))}
        />
        <p className="mt-1 text-xs text-slate-500">
          Each file becomes one test named after the file (dashes and underscores become spaces), with the settings below. A question a file has twice is
          flagged in the report.
        </p>
      </div>
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold">Defaults for every file</legend>
        <ExamTypeField type={fields.defaultExamType} custom={fields.defaultCustomName} options={examTypes} />
        <Field meta={fields.defaultDuration} label="Duration (minutes)" type="number" min={TEST_LIMITS.duration.min} max={TEST_LIMITS.duration.max} />
      </fieldset>
      <BulkSettings fields={fields} batches={batches} />
      {hydrated && files.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Each file (leave blank to use the defaults)</legend>
          {files.map((name, i) => (
            <div key={`${name}-${i}`} className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1fr_6rem]">
              <input
                name="names"
                aria-label={`Test name for ${name}`}
                placeholder={name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ")}
                className="input"
                maxLength={TEST_LIMITS.title}
              />
              <select name="examTypes" aria-label={`Exam type for ${name}`} className="input" defaultValue="">
                <option value="">Default</option>
                <ExamTypeOptions types={examTypes} />
              </select>
              <input name="customNames" aria-label={`Custom exam type for ${name}`} placeholder="Custom type name" className="input" maxLength={60} />
              <input name="durations" aria-label={`Duration for ${name}`} type="number" min={1} placeholder="min" className="input" />
              <input
                name="descriptions"
                aria-label={`Description for ${name}`}
                placeholder="Description (optional)"
                className="input sm:col-span-2"
                maxLength={TEST_LIMITS.description}
              />
              <input name="unitNumbers" aria-label={`Unit number for ${name}`} type="number" min={1} placeholder="Unit no." className="input" />
              <input name="unitNames" aria-label={`Unit name for ${name}`} placeholder="Unit name" className="input" maxLength={TEST_LIMITS.unitName} />
            </div>
          ))}
        </fieldset>
      ) : null}
      <DialogActions closeHref={closeHref} intent="preview" pending="Reading files...">
        Upload &amp; Preview
      </DialogActions>
    </Form>
  );
}
