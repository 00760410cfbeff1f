import { PreviewQuestions } from "~/routes/admin+/_tests+/__UploadPreview";
import { logActivity } from "~/models/activity.server";
import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { DialogActions, ErrorBox, SubmitButton, useTestListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { ExamTypeField, Field, TextareaField, useSchemaForm } from "~/components/forms";
import { AnswerReleaseField, MaxAttemptsField, PatternFields } from "~/routes/admin+/_tests+/__PatternFields";
import { requireAdmin } from "~/models/auth.server";
import { noteFailure } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { testListHref } from "~/lib/rules/list-href";
import { EXAM_TYPE_REQUIRED, TEST_LIMITS, TITLE_REQUIRED, testDetailsSchema } from "~/lib/schemas/test-record";
import { UPLOAD_FAILED, UPLOAD_REQUIRED } from "~/lib/schemas/test-upload-schema";
import { testExamTypeOptions } from "~/models/exam-type.server";
import { createFromPreview, type PreviewResult, previewSingleUpload, readUploadForm } from "~/models/test-upload.server";
import type { RouteGuards } from "~/lib/server/route-table.server";

/** Its form carries a CSV file of up to 25 MB: the server takes a larger body here, from an admin only (route-table.server.ts). */
export const handle = { guards: { body: "upload" } } satisfies { guards: RouteGuards };

/**
 * Upload Single Test, a dialog route over the tests list (/admin/tests/upload): step 1 posts the
 * details and the CSV file and shows what the file contains; step 2 creates exactly that (a signed
 * token carries the parsed questions). The details are the test record's one schema, each error beside
 * its field and the input kept (the file has to be chosen again: browsers never refill a file input).
 */
export const meta: MetaFunction = () => [{ title: "Upload Single Test" }];

/** The details a "Choose another file" link carries back, so the admin does not type them again. */
const DETAIL_KEYS = [
  "title",
  "description",
  "examType",
  "customExamType",
  "duration",
  "unitNumber",
  "unitName",
  "maxAttempts",
  "answerRelease",
  "marksPerCorrect",
  "negativeMarks",
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const defaults = Object.fromEntries(DETAIL_KEYS.flatMap((k) => (params.get(k) ? [[k, (params.get(k) ?? "").slice(0, 2000)]] : [])));
  return { examTypes: testExamTypeOptions().map((t) => ({ value: t.value, label: t.label })), defaults };
}

type OkPreview = Extract<PreviewResult, { ok: true }>;

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  let form: FormData;
  if (isMultipart) {
    const read = await readUploadForm(request);
    if (!read.ok) return data({ intent: "upload", error: read.error }, { status: 413 });
    form = read.form;
  } else {
    form = await request.formData();
  }
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "create") {
      const created = await createFromPreview(String(form.get("token") ?? ""));
      if (!created.ok) return data({ intent, error: created.error }, { status: 400 });
      if (created.repeated) return redirectWithFlash(testListHref(request.url), { type: "info", text: `Test “${created.title}” was already created` });
      logActivity(admin, "test-upload", { testId: created.id, target: created.title, detail: `${created.count} questions` });
      const text = created.flagged
        ? `Test “${created.title}” created with ${created.count} questions, inactive: check its ${created.flagged} flagged row${created.flagged === 1 ? "" : "s"}, then Activate it`
        : `Test “${created.title}” created with ${created.count} questions`;
      return redirectWithFlash(testListHref(request.url), { type: created.flagged ? "info" : "success", text });
    }
    const submission = parseForm(form, { schema: testDetailsSchema });
    const preview = await previewSingleUpload(form);
    if (preview.ok) return { intent: "preview", preview };
    const fieldErrors = Object.fromEntries(Object.entries(preview.fieldErrors ?? {}).map(([k, v]) => [k, [v]]));
    return data({ intent: "preview", preview, result: submission.reply({ formErrors: [preview.error], fieldErrors }) }, { status: 400 });
  } catch (error) {
    noteFailure(error, "single upload", intent);
    return data({ intent, error: UPLOAD_FAILED }, { status: 500 });
  }
}

export default function UploadSingleTest() {
  const actionData = useActionData<typeof action>();
  const closeHref = useTestListHref();
  const preview = actionData && "preview" in actionData && actionData.preview.ok ? actionData.preview : null;
  return (
    <Dialog labelledBy="upload-title" closeHref={closeHref} className="w-[min(96vw,56rem)]">
      <div className="p-5">
        <h2 id="upload-title" className="text-xl font-bold">
          Upload Single Test
        </h2>
        {preview ? <PreviewStep preview={preview} closeHref={closeHref} /> : <DetailsStep closeHref={closeHref} />}
      </div>
    </Dialog>
  );
}

function DetailsStep({ closeHref }: { closeHref: string }) {
  const { examTypes, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const lastResult = actionData && "result" in actionData ? actionData.result : null;
  const [form, fields] = useSchemaForm(testDetailsSchema, { id: "upload-test", lastResult, defaultValue: { duration: "60", ...defaults } });
  // the spec's words for a missing title or exam type, above the fields that say which
  const missing = fields.title.errors?.includes(TITLE_REQUIRED) || fields.examType.errors?.includes(EXAM_TYPE_REQUIRED);
  const formError = form.errors?.[0] ?? (missing ? UPLOAD_REQUIRED : null) ?? (actionData && "error" in actionData ? actionData.error : null);
  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <ErrorBox message={formError} />
      </div>
      <Field meta={fields.title} label="Test title" className="sm:col-span-2" maxLength={TEST_LIMITS.title} />
      <TextareaField meta={fields.description} label="Description" rows={2} className="sm:col-span-2" />
      <ExamTypeField type={fields.examType} custom={fields.customExamType} options={examTypes} />
      <Field meta={fields.duration} label="Duration (minutes)" type="number" min={TEST_LIMITS.duration.min} max={TEST_LIMITS.duration.max} />
      <Field meta={fields.unitNumber} label="Unit number (optional)" type="number" min={1} />
      <Field meta={fields.unitName} label="Unit name (optional)" maxLength={TEST_LIMITS.unitName} />
      <MaxAttemptsField meta={fields.maxAttempts} />
      <AnswerReleaseField meta={fields.answerRelease} />
      <PatternFields marksPerCorrect={fields.marksPerCorrect} negativeMarks={fields.negativeMarks} />
      <div className="sm:col-span-2">
        <label htmlFor="up-file" className="label">
          CSV file
        </label>
        <input
          id="up-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          className="block w-full text-sm"
          onChange={() => {
            // the preview comes at once only when the details it needs are typed; otherwise the file waits for Upload
            const form = formRef.current;
            const typed = (name: string) => String(new FormData(form ?? undefined).get(name) ?? "").trim() !== "";
            const submitter = form?.querySelector<HTMLButtonElement>('button[value="preview"]');
            if (form && submitter && typed("title") && typed("examType")) form.requestSubmit(submitter);
          }}
        />
        <CsvColumnsHelp />
      </div>
      <DialogActions closeHref={closeHref} intent="preview" pending="Reading file..." className="sm:col-span-2">
        Upload &amp; Preview
      </DialogActions>
    </Form>
  );
}

/** Every column the upload reads, and the template file with all of them. */
export function CsvColumnsHelp() {
  return (
    <div className="mt-1 text-xs text-slate-600" data-testid="csv-help">
      <p>
        Columns: <strong>question</strong>, <strong>option_a</strong> … <strong>option_f</strong> (2 to 6 options), <strong>correct_answer</strong> (a, (a), a),
        A., Option A, 1, (1), 1.0 or the option's text), <strong>explanation</strong>; optional <strong>marks</strong> (the question's own marks),{" "}
        <strong>section</strong> and <strong>topic</strong>. A first column of row numbers (S.No) is ignored. Line breaks inside a quoted cell (a verse) are
        kept. Save from Excel as “CSV UTF-8”.
      </p>
      <a href="/admin/tests/template.csv" download className="font-semibold text-brand-700 underline">
        Download the template (every column, with examples)
      </a>
    </div>
  );
}

/** The upload dialog again, with the details already entered (only the file is chosen anew). */
function anotherFileHref(closeHref: string, fields: OkPreview["fields"]) {
  const url = new URL(closeHref.replace("/admin/tests", "/admin/tests/upload"), "http://x");
  for (const k of DETAIL_KEYS) {
    const v = fields[k];
    if (v !== null && v !== undefined && v !== "") url.searchParams.set(k, String(v));
  }
  return `${url.pathname}${url.search}`;
}

function PreviewStep({ preview, closeHref }: { preview: OkPreview; closeHref: string }) {
  const r = preview.report;
  const flagged = r.skipped.length + r.fallbacks.length;
  return (
    <div className="mt-4 space-y-4">
      <section aria-labelledby="report-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
        <h3 id="report-heading" className="font-semibold">
          What the file contains
        </h3>
        <p className="mt-1">
          <strong>{preview.fileName}</strong>: {r.rowsRead} rows read, <strong>{preview.count} questions</strong> found, {r.skipped.length} skipped.
        </p>
        {r.skipped.length ? (
          <ul className="mt-2 list-disc pl-5 text-amber-800">
            {r.skipped.map((s) => (
              <li key={s.line}>
                Line {s.line} skipped: {s.reason}
              </li>
            ))}
          </ul>
        ) : null}
        {r.fallbacks.length ? (
          <ul className="mt-2 list-disc pl-5 text-red-700">
            {r.fallbacks.map((f) => (
              <li key={f.line}>
                Line {f.line} (question {f.question}): the answer “{f.given}” matches no option, so the first option was taken as correct. Check it.
              </li>
            ))}
          </ul>
        ) : null}
        {r.notes.map((n) => (
          <p key={n} className="mt-1 text-amber-800">
            {n}
          </p>
        ))}
      </section>
      {flagged ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          This file has {flagged} flagged row{flagged === 1 ? "" : "s"}: the test is created <strong>inactive</strong>. Check the marked questions (in the
          question editor if needed), then publish it with Activate in the test list.
        </p>
      ) : null}
      <PreviewQuestions preview={preview} />
      <Form method="post" className="flex justify-end gap-2">
        <input type="hidden" name="token" value={preview.token} />
        <Link to={anotherFileHref(closeHref, preview.fields)} className="btn-secondary" preventScrollReset>
          Choose another file
        </Link>
        <Link to={closeHref} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        <SubmitButton intent="create" pending="Uploading...">
          Create Test
        </SubmitButton>
      </Form>
    </div>
  );
}
