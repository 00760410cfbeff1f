import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useRef, useState } from "react";
import {
  Badge,
  RowMenu,
  EmptyState,
  ErrorBox,
  PageHeader,
  Pagination,
  SubmitButton,
  useHrefWith,
  ConfirmDialog,
  FilterForm,
  DialogActions,
  SearchField,
  FilterSelect,
  ExamTypeOptions,
  DeleteLink,
} from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { RichText } from "~/components/RichText";
import { requireAdmin } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useHydrated } from "~/lib/hooks";
import { formatDate } from "~/lib/time";
import { DELETE_ALL_PHRASE } from "~/lib/test-editor-rules";
import { maxAttemptsSchema } from "~/lib/test-record";
import {
  clearAllTests,
  cloneTest,
  customTypesInUse,
  deleteTest,
  deleteTests,
  findLiveTest,
  listTests,
  parseTestFilters,
  testsToDelete,
  toggleTestActive,
} from "~/models/admin-tests.server";
import { examTypeLabels, testExamTypeOptions } from "~/models/exam-type.server";
import { bulkUpload, createFromPreview, previewSingleUpload, readUploadForm } from "~/models/test-upload.server";
import { rethrowIfDatabaseTrouble } from "~/lib/db-errors.server";
import { newId } from "~/lib/ids.server";
import { claimReceipt, readReceipt, releaseReceipt, storeReceipt } from "~/models/form-receipts.server";

export const meta: MetaFunction = () => [{ title: "Test Management" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseTestFilters(url);
  const list = listTests(filters);
  const editId = url.searchParams.get("clone") ?? url.searchParams.get("delete");
  const target = editId ? (findLiveTest(editId) ?? null) : null;
  return {
    /** a fresh key for the bulk upload dialog (see form-receipts.server.ts) */
    bulkReceipt: url.searchParams.get("upload") === "bulk" ? newId() : null,
    bulkResult: readReceipt<BulkResultData>(url.searchParams.get("bulkResult"), "bulk-upload"),
    // a bulk delete names what goes before it runs (the ticks travel in the address, so no JavaScript is needed)
    toDelete:
      url.searchParams.get("bulk") === "delete-selected"
        ? testsToDelete({ ids: url.searchParams.getAll("ids") })
        : url.searchParams.get("bulk") === "delete-type" && url.searchParams.get("examType")
          ? testsToDelete({ examType: url.searchParams.get("examType") ?? "" })
          : null,
    filters,
    ...list,
    examTypes: testExamTypeOptions(),
    labels: examTypeLabels(),
    customTypes: customTypesInUse(),
    target: target
      ? {
          id: target.id,
          title: target.title,
          description: target.description,
          examType: target.examType,
          duration: target.duration,
          unitNumber: target.unitNumber,
          unitName: target.unitName,
          maxAttempts: target.maxAttempts,
          isActive: target.isActive,
        }
      : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
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
  const id = String(form.get("id") ?? "");
  const back = "/admin/tests";
  try {
    switch (intent) {
      case "preview": {
        const preview = await previewSingleUpload(form);
        return data({ intent, preview }, { status: preview.ok ? 200 : 400 });
      }
      case "create": {
        const created = await createFromPreview(String(form.get("token") ?? ""));
        if (!created.ok) return data({ intent, error: created.error }, { status: 400 });
        return redirectWithFlash(back, { type: "success", text: `Test “${created.title}” created with ${created.count} questions` });
      }
      case "bulk-upload": {
        // the dialog's receipt key: a repeated submit shows the first one's result and creates nothing
        const given = String(form.get("receipt") ?? "");
        const receipt = /^[0-9a-f-]{36}$/.test(given) ? given : newId();
        if (!claimReceipt(receipt, "bulk-upload")) return redirect(`${back}?bulkResult=${receipt}`);
        const result = await bulkUpload(form);
        if (!result.ok) {
          releaseReceipt(receipt);
          return data({ intent, error: result.error }, { status: 400 });
        }
        storeReceipt(receipt, result);
        return redirect(`${back}?bulkResult=${receipt}`);
      }
      case "toggle": {
        const active = toggleTestActive(id);
        if (active === null) return redirectWithFlash(back, { type: "error", text: "Error updating test status. Please try again." });
        return redirectWithFlash(back, { type: "success", text: active ? "Test activated" : "Test deactivated" });
      }
      case "clone": {
        const max = maxAttemptsSchema.safeParse(form.get("maxAttempts") ?? "");
        if (!max.success) return data({ intent, error: max.error.issues[0]?.message ?? "Invalid max attempts" }, { status: 400 });
        const copy = cloneTest(id, max.data);
        if (!copy) return redirectWithFlash(back, { type: "error", text: "Error updating test. Please try again." });
        return redirectWithFlash(back, { type: "success", text: `Test cloned as “${copy.title}”` });
      }
      case "delete": {
        const r = deleteTest(id);
        if (r === "missing") return redirectWithFlash(back, { type: "error", text: "Error deleting test. Please try again." });
        return redirectWithFlash(back, {
          type: "success",
          text: r === "archived" ? "Test deleted successfully (students' past attempts on it are kept in their history)" : "Test deleted successfully",
        });
      }
      case "delete-selected": {
        const ids = form.getAll("ids").map(String).filter(Boolean);
        if (!ids.length) return redirectWithFlash(back, { type: "info", text: "Select at least one test to delete" });
        const r = deleteTests(ids);
        return redirectWithFlash(back, { type: r.errors ? "error" : "success", text: `Bulk delete complete: ${r.deleted} deleted, ${r.errors} errors` });
      }
      case "clear-all": {
        const r = clearAllTests(String(form.get("confirmation") ?? ""));
        if (!r.ok) return data({ intent, error: `Type ${DELETE_ALL_PHRASE} exactly to delete every test.` }, { status: 400 });
        return redirectWithFlash(back, { type: r.errors ? "error" : "success", text: `Clear all complete: ${r.deleted} tests deleted, ${r.errors} errors` });
      }
      default:
        return data({ intent, error: "Unknown action" }, { status: 400 });
    }
  } catch (error) {
    rethrowIfDatabaseTrouble(error);
    console.error("admin tests action failed", intent, error);
    const text =
      intent === "bulk-upload"
        ? "Error during bulk upload. Please try again."
        : intent === "clear-all"
          ? "Error during clear all operation. Please try again."
          : intent.startsWith("delete")
            ? "Error during bulk delete. Please try again."
            : "Error uploading test. Please try again.";
    return data({ intent, error: text }, { status: 500 });
  }
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The action's error message when it answered one of these intents (each dialog shows its own). */
function useActionError(...intents: string[]): string | null {
  const actionData = useActionData<typeof action>();
  return actionData && "error" in actionData && intents.includes(actionData.intent) ? actionData.error : null;
}

export default function AdminTests() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const href = useHrefWith();
  const upload = params.get("upload");
  const bulk = params.get("bulk");
  const closeHref = href({ upload: null, clone: null, delete: null, bulk: null, ids: null, examType: null });
  return (
    <main>
      <PageHeader title="Test Management" description="Upload tests from CSV files, and manage, clone and edit them.">
        <Link to={href({ upload: "single" })} className="btn-primary" preventScrollReset>
          Upload Single Test
        </Link>
        <Link to={href({ upload: "bulk" })} className="btn-secondary" preventScrollReset>
          Bulk Upload Tests
        </Link>
        {d.rows.length ? (
          // submits the list's tick boxes with it, so the selection reaches the dialog without JavaScript
          <button type="submit" form="bulk-select" name="bulk" value="1" className="btn-secondary">
            Bulk Operations
          </button>
        ) : (
          <Link to={href({ bulk: "1" })} className="btn-secondary" preventScrollReset>
            Bulk Operations
          </Link>
        )}
      </PageHeader>

      <Filters d={d} />
      {actionData && "error" in actionData && !["preview", "upload", "bulk-upload", "clone", "clear-all"].includes(actionData.intent) ? (
        <div className="mb-3">
          <ErrorBox message={actionData.error} />
        </div>
      ) : null}
      {d.bulkResult ? <BulkResult result={d.bulkResult} /> : null}
      <TestList d={d} />
      <Pagination page={d.filters.page} pages={d.pages} />

      {upload === "single" ? <SingleUpload d={d} closeHref={closeHref} /> : null}
      {upload === "bulk" ? <BulkUpload d={d} closeHref={closeHref} /> : null}
      {bulk ? <BulkOperations d={d} closeHref={closeHref} step={bulk} /> : null}
      {/* the dialogs that are routes of their own (Edit Test) */}
      <Outlet />
      {params.get("clone") && d.target ? <CloneTest d={d} closeHref={closeHref} /> : null}
      {params.get("delete") && d.target ? <DeleteTest d={d} closeHref={closeHref} /> : null}
    </main>
  );
}

function Filters({ d }: { d: LoaderData }) {
  return (
    <FilterForm>
      <SearchField id="q" defaultValue={d.filters.q} placeholder="Title or description" />
      <FilterSelect id="type" name="type" label="Exam type" defaultValue={d.filters.type} allLabel="All exam types" options={d.examTypes} />
      <div>
        <label htmlFor="unit" className="label">
          Unit
        </label>
        <select id="unit" name="unit" defaultValue={d.filters.unit} className="input">
          <option value="">All units</option>
          <option value="none">No unit</option>
          {d.units.map((u) => (
            <option key={u} value={String(u)}>
              Unit {u}
            </option>
          ))}
        </select>
      </div>
      <Link to="/admin/tests" className="btn-secondary">
        Clear Filters
      </Link>
      <p className="w-full text-sm text-slate-600" aria-live="polite">
        Showing {d.rows.length} of {d.total} tests{d.filtered !== d.total ? ` (${d.filtered} match)` : ""}
      </p>
    </FilterForm>
  );
}

function TestList({ d }: { d: LoaderData }) {
  const href = useHrefWith();
  // the list's filters travel with a child dialog's address, so the list behind it stays the same
  const listSearch = useLocation().search;
  const listParams = new URLSearchParams(listSearch);
  // ticks that came back in the address stay ticked (the page was reloaded without JavaScript)
  const ticked = new Set(listParams.getAll("ids"));
  if (d.total === 0) return <EmptyState title="No tests found" text="Upload some tests to get started" />;
  if (d.rows.length === 0) return <EmptyState title="No tests match your filters" text="Try adjusting your search criteria" />;
  return (
    <>
      {/* the tick boxes belong to this form through their form attribute; rows keep their own forms */}
      {/* a GET form: Bulk Operations and Delete Selected… carry the ticks in the address to their confirmation */}
      <Form method="get" id="bulk-select" className="hidden" preventScrollReset>
        {[...listParams.entries()]
          .filter(([k]) => ["q", "type", "unit", "page"].includes(k))
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
      </Form>
      <ul className="space-y-2">
        {d.rows.map((t) => (
          <li key={t.id} className="card flex flex-wrap items-start justify-between gap-3 p-4" data-testid="test-row">
            <div className="flex min-w-0 gap-3">
              <input
                type="checkbox"
                name="ids"
                value={t.id}
                form="bulk-select"
                defaultChecked={ticked.has(t.id)}
                aria-label={`Select ${t.title}`}
                className="mt-1.5 h-4 w-4"
              />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{t.title}</span>
                  <Badge tone="brand">{d.labels[t.examType] ?? t.examType}</Badge>
                  {t.isActive ? <Badge tone="green">Active</Badge> : <Badge tone="red">Inactive</Badge>}
                  {t.unitNumber !== null ? (
                    <Badge>
                      Unit {t.unitNumber}
                      {t.unitName ? `: ${t.unitName}` : ""}
                    </Badge>
                  ) : null}
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {t.duration} min · {t.totalQuestions} questions · {t.maxAttempts ? `Max ${t.maxAttempts} attempts` : "Unlimited attempts"} · Created{" "}
                  {formatDate(t.createdAt)} · {t.attemptCount} attempts taken
                </p>
              </div>
            </div>
            {/* one main action, the rest in a menu */}
            <div className="flex items-start gap-2">
              <Link to={`/admin/tests/${t.id}/edit${listSearch}`} preventScrollReset className="btn-secondary px-3 py-1.5">
                Edit
              </Link>
              <RowMenu label={`More actions for ${t.title}`}>
                <ToggleButton id={t.id} active={t.isActive} />
                <Link to={href({ clone: t.id })} preventScrollReset className="btn-secondary px-3 py-1.5">
                  Clone
                </Link>
                <Link to={`/admin/csv/${t.id}/edit`} className="btn-secondary px-3 py-1.5">
                  Questions
                </Link>
                <Link to={`/admin/tests/${t.id}/analysis`} className="btn-secondary px-3 py-1.5">
                  Item analysis
                </Link>
                <DeleteLink to={href({ delete: t.id })} size="md" />
              </RowMenu>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function ToggleButton({ id, active }: { id: string; active: boolean }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <SubmitButton intent="toggle" pending="Saving..." className="btn-secondary px-3 py-1.5">
        {active ? "Deactivate" : "Activate"}
      </SubmitButton>
    </Form>
  );
}

function ExamTypeSelect({
  d,
  name = "examType",
  defaultValue,
  customName = "customExamType",
  defaultCustom,
  id,
}: {
  d: LoaderData;
  name?: string;
  defaultValue?: string;
  customName?: string;
  defaultCustom?: string;
  id: string;
}) {
  const [value, setValue] = useState(defaultValue ?? "");
  const hydrated = useHydrated();
  return (
    <>
      <div>
        <label htmlFor={id} className="label">
          Exam type
        </label>
        <select id={id} name={name} value={value} onChange={(e) => setValue(e.target.value)} className="input">
          <option value="">Choose…</option>
          <ExamTypeOptions types={d.examTypes} />
        </select>
      </div>
      {!hydrated || value === "CUSTOM" ? (
        <div>
          <label htmlFor={`${id}-custom`} className="label">
            Custom exam type name {hydrated ? "" : "(only for Custom…)"}
          </label>
          <input id={`${id}-custom`} name={customName} defaultValue={defaultCustom} className="input" maxLength={60} />
        </div>
      ) : null}
    </>
  );
}

function SingleUpload({ d, closeHref }: { d: LoaderData; closeHref: string }) {
  const actionData = useActionData<typeof action>();
  const formRef = useRef<HTMLFormElement>(null);
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  const uploadError = useActionError("upload", "create");
  const values = (preview && !preview.ok ? preview.values : {}) as Record<string, string>;
  return (
    <Dialog labelledBy="upload-title" closeHref={closeHref} className="w-[min(96vw,56rem)]">
      <div className="p-5">
        <h2 id="upload-title" className="text-xl font-bold">
          Upload Single Test
        </h2>
        {preview?.ok ? (
          <PreviewStep preview={preview} closeHref={closeHref} />
        ) : (
          <Form method="post" encType="multipart/form-data" ref={formRef} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
            <div className="sm:col-span-2">
              <ErrorBox message={(preview && !preview.ok ? preview.error : null) ?? uploadError} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="up-title" className="label">
                Test title
              </label>
              <input id="up-title" name="title" className="input" defaultValue={values.title} maxLength={200} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="up-description" className="label">
                Description
              </label>
              <textarea id="up-description" name="description" className="input" rows={2} defaultValue={values.description} />
            </div>
            <ExamTypeSelect d={d} id="up-type" defaultValue={values.examType} defaultCustom={values.customExamType} />
            <div>
              <label htmlFor="up-duration" className="label">
                Duration (minutes)
              </label>
              <input id="up-duration" name="duration" type="number" min={1} defaultValue={values.duration ?? "60"} className="input" />
            </div>
            <div>
              <label htmlFor="up-unit" className="label">
                Unit number (optional)
              </label>
              <input id="up-unit" name="unitNumber" type="number" min={1} defaultValue={values.unitNumber} className="input" />
            </div>
            <div>
              <label htmlFor="up-unit-name" className="label">
                Unit name (optional)
              </label>
              <input id="up-unit-name" name="unitName" defaultValue={values.unitName} className="input" />
            </div>
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
                  const submitter = formRef.current?.querySelector<HTMLButtonElement>('button[value="preview"]');
                  if (submitter) formRef.current?.requestSubmit(submitter);
                }}
              />
              <p className="mt-1 text-xs text-slate-500">
                Columns: question, option_a … option_d, correct_answer (1-based number or the option text), explanation.
              </p>
            </div>
            <DialogActions closeHref={closeHref} intent="preview" pending="Reading file..." className="sm:col-span-2">
              Upload &amp; Preview
            </DialogActions>
          </Form>
        )}
      </div>
    </Dialog>
  );
}

type OkPreview = Extract<NonNullable<Extract<ReturnType<typeof useActionData<typeof action>>, { preview: unknown }>["preview"]>, { ok: true }>;

function PreviewStep({ preview, closeHref }: { preview: OkPreview; closeHref: string }) {
  const r = preview.report;
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
      <section aria-labelledby="preview-heading">
        <h3 id="preview-heading" className="font-semibold">
          Preview (first {preview.first.length} questions)
        </h3>
        <ol className="mt-2 space-y-2">
          {preview.first.map((q, i) => (
            <li key={i} className="rounded-lg border border-slate-200 p-3 text-sm" data-testid="preview-question">
              <p className="font-medium">
                {i + 1}. <RichText text={q.question} />
              </p>
              <ul className="mt-1 grid gap-1 sm:grid-cols-2">
                {q.options.map((o, j) => (
                  <li key={j} className={j === q.correctAnswer ? "font-semibold text-green-700" : ""}>
                    {String.fromCharCode(65 + j)}. {o} {j === q.correctAnswer ? "✓" : ""}
                  </li>
                ))}
              </ul>
              {q.explanation ? (
                <p className="mt-1 text-slate-600">
                  <RichText text={q.explanation} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      <Form method="post" className="flex justify-end gap-2">
        <input type="hidden" name="token" value={preview.token} />
        <Link to="?upload=single" className="btn-secondary" preventScrollReset>
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

function BulkUpload({ d, closeHref }: { d: LoaderData; closeHref: string }) {
  const error = useActionError("bulk-upload", "upload");
  const hydrated = useHydrated();
  const [files, setFiles] = useState<string[]>([]);
  return (
    <Dialog labelledBy="bulk-title" closeHref={closeHref} className="w-[min(96vw,56rem)]">
      <Form method="post" encType="multipart/form-data" className="space-y-4 p-5" noValidate>
        <h2 id="bulk-title" className="text-xl font-bold">
          Bulk Upload Tests
        </h2>
        <input type="hidden" name="receipt" value={d.bulkReceipt ?? ""} />
        <ErrorBox message={error} />
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
          <p className="mt-1 text-xs text-slate-500">Each file becomes one active test named after the file (dashes and underscores become spaces).</p>
        </div>
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-semibold">Defaults for every file</legend>
          <ExamTypeSelect d={d} id="bulk-type" name="defaultExamType" customName="defaultCustomName" />
          <div>
            <label htmlFor="bulk-duration" className="label">
              Duration (minutes)
            </label>
            <input id="bulk-duration" name="defaultDuration" type="number" min={1} defaultValue="60" className="input" />
          </div>
        </fieldset>
        {hydrated && files.length ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-semibold">Each file (leave blank to use the defaults)</legend>
            {files.map((name, i) => (
              <div key={`${name}-${i}`} className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[2fr_1fr_1fr_6rem]">
                <input name="names" aria-label={`Test name for ${name}`} placeholder={name.replace(/\.[^.]+$/, "").replace(/[-_]+/g, " ")} className="input" />
                <select name="examTypes" aria-label={`Exam type for ${name}`} className="input" defaultValue="">
                  <option value="">Default</option>
                  <ExamTypeOptions types={d.examTypes} />
                </select>
                <input name="customNames" aria-label={`Custom exam type for ${name}`} placeholder="Custom type name" className="input" />
                <input name="durations" aria-label={`Duration for ${name}`} type="number" min={1} placeholder="min" className="input" />
              </div>
            ))}
          </fieldset>
        ) : null}
        <DialogActions closeHref={closeHref} intent="bulk-upload" pending="Uploading...">
          Upload Tests
        </DialogActions>
      </Form>
    </Dialog>
  );
}

type BulkResultData = { created: number; errors: number; results: Array<{ fileName: string; name: string; ok: boolean; message: string }> };

function BulkResult({ result }: { result: BulkResultData }) {
  return (
    <section role="status" className="card mb-4 p-4 text-sm">
      <p className="font-semibold">
        Bulk upload complete: {result.created} successful, {result.errors} errors
      </p>
      <ul className="mt-2 space-y-1">
        {result.results.map((r, i) => (
          <li key={i} className={r.ok ? "text-green-700" : "text-red-700"}>
            {r.ok ? "✓" : "✗"} {r.fileName} → {r.name}: {r.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The confirmation of a bulk delete: how many tests, which ones, and the button that deletes them. */
function ConfirmBulkDelete({ d, closeHref }: { d: LoaderData; closeHref: string }) {
  const target = d.toDelete!;
  if (target.count === 0) return <p className="text-sm text-slate-700">No tests to delete: tick tests in the list first.</p>;
  const more = target.count - target.titles.length;
  return (
    <Form method="post" className="space-y-3">
      <p className="font-semibold text-red-700">
        Delete {target.count} test{target.count === 1 ? "" : "s"}?
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {target.titles.map((t) => (
          <li key={t}>{t}</li>
        ))}
        {more > 0 ? <li>and {more} more</li> : null}
      </ul>
      <p className="text-sm text-slate-600">Tests that students have attempted are archived so their results stay readable.</p>
      {target.ids.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <DialogActions closeHref={closeHref} intent="delete-selected" pending="Deleting..." danger>
        Delete {target.count} Test{target.count === 1 ? "" : "s"}
      </DialogActions>
    </Form>
  );
}

function BulkOperations({ d, closeHref, step }: { d: LoaderData; closeHref: string; step: string }) {
  const href = useHrefWith();
  const error = useActionError("clear-all");
  return (
    <Dialog labelledBy="bulk-ops-title" closeHref={closeHref}>
      <div className="space-y-5 p-5">
        <h2 id="bulk-ops-title" className="text-xl font-bold">
          Bulk Operations
        </h2>
        {(step === "delete-selected" || step === "delete-type") && d.toDelete ? (
          <ConfirmBulkDelete d={d} closeHref={closeHref} />
        ) : step === "delete-selected" || step === "delete-type" ? (
          <p className="text-sm text-slate-700">{step === "delete-selected" ? "Tick tests in the list first." : "Choose a custom exam type first."}</p>
        ) : step === "clear" ? (
          <div className="space-y-3">
            <p className="font-semibold text-red-700">Delete every test?</p>
            <p className="text-sm text-slate-700">
              This deletes all {d.total} tests. Tests that students have attempted are archived so their results stay readable.
            </p>
            <div className="flex justify-end gap-2">
              <Link to={closeHref} className="btn-secondary" preventScrollReset>
                Cancel
              </Link>
              <Link to={href({ bulk: "clear-confirm" })} className="btn-danger" preventScrollReset>
                Yes, continue
              </Link>
            </div>
          </div>
        ) : step === "clear-confirm" ? (
          <Form method="post" className="space-y-3">
            <p className="font-semibold text-red-700">Are you absolutely sure?</p>
            <label htmlFor="confirmation" className="label">
              Type {DELETE_ALL_PHRASE} to confirm
            </label>
            <input id="confirmation" name="confirmation" className="input" autoComplete="off" />
            <ErrorBox message={error} />
            <DialogActions closeHref={closeHref} intent="clear-all" pending="Deleting..." danger>
              Delete All Tests
            </DialogActions>
          </Form>
        ) : (
          <>
            <section className="space-y-2">
              <h3 className="font-semibold">Delete selected tests</h3>
              <p className="text-sm text-slate-600">Tick tests in the list, then:</p>
              <button type="submit" form="bulk-select" name="bulk" value="delete-selected" className="btn-danger">
                Delete Selected…
              </button>
            </section>
            <Form method="get" className="space-y-2" preventScrollReset>
              <input type="hidden" name="bulk" value="delete-type" />
              <h3 className="font-semibold">Delete by custom exam type</h3>
              <label htmlFor="del-type" className="sr-only">
                Custom exam type
              </label>
              <select id="del-type" name="examType" className="input" defaultValue="">
                <option value="">Choose a custom exam type…</option>
                {d.customTypes.map((t) => (
                  <option key={t} value={t}>
                    {d.labels[t] ?? t}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn-danger">
                Delete Tests of This Type…
              </button>
            </Form>
            <section className="space-y-2">
              <h3 className="font-semibold">Clear all</h3>
              <Link to={href({ bulk: "clear" })} className="btn-danger" preventScrollReset>
                Delete All Tests…
              </Link>
            </section>
          </>
        )}
      </div>
    </Dialog>
  );
}

function CloneTest({ d, closeHref }: { d: LoaderData; closeHref: string }) {
  const t = d.target!;
  const error = useActionError("clone");
  return (
    <Dialog labelledBy="clone-title" closeHref={closeHref}>
      <Form method="post" className="space-y-4 p-5" noValidate>
        <h2 id="clone-title" className="text-xl font-bold">
          Clone Test
        </h2>
        <p className="text-sm text-slate-700">A copy named “{t.title} (Copy)” is created, active, with all its questions.</p>
        <ErrorBox message={error} />
        <input type="hidden" name="id" value={t.id} />
        <div>
          <label htmlFor="clone-max" className="label">
            Max attempts (optional, at least 1)
          </label>
          <input id="clone-max" name="maxAttempts" type="number" min={1} className="input" />
        </div>
        <DialogActions closeHref={closeHref} intent="clone" pending="Cloning...">
          Clone Test
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function DeleteTest({ d, closeHref }: { d: LoaderData; closeHref: string }) {
  const t = d.target!;
  return (
    <ConfirmDialog id={t.id} title={`Delete “${t.title}”?`} closeHref={closeHref} label="Delete Test">
      <p className="text-sm text-slate-700">
        The test and its questions are deleted. If students have attempted it, it is archived instead: hidden everywhere, with their results kept.
      </p>
    </ConfirmDialog>
  );
}
