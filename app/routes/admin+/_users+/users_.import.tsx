import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { logActivity } from "~/models/activity.server";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SignInLinksNotice } from "~/routes/admin+/__SignInLinksNotice";
import { EmptyState, ErrorBox, PageHeader, SubmitButton } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { noteFailure } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { EXISTING_POLICIES, type ExistingPolicy, outcomeText } from "~/lib/rules/student-import-rules";
import { examTypeLabels } from "~/models/exam-type.server";
import { linkBatchSummary } from "~/models/sign-in-links.server";
import { saveImportReport } from "~/models/import-reports.server";
import { applyStudentImport, previewStudentImport, readStudentImportPlan } from "~/models/student-import.server";
import { readUploadForm } from "~/models/test-upload.server";
import { BackLink } from "~/components/admin/ui";
import type { RouteGuards } from "~/lib/server/route-table.server";

/** Its form carries a CSV of students: the server takes a larger body here, from an admin only (route-table.server.ts). */
export const handle = { guards: { body: "upload" } } satisfies { guards: RouteGuards };

/**
 * Import students from CSV (/admin/users/import): choose the file, read what each row would do (new,
 * update exam types or skip an existing student, or the row's error with its line), then confirm.
 * Students without a password get one-time sign-in links to download.
 */
export const meta: MetaFunction = () => [{ title: "Import Students" }];

const SHOWN = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const key = url.searchParams.get("preview");
  const plan = readStudentImportPlan(key);
  return {
    timeZone: env().ACADEMY_TIME_ZONE,
    links: linkBatchSummary(url.searchParams.get("links")),
    preview:
      plan && key
        ? {
            key,
            fileName: plan.fileName,
            policy: plan.policy,
            labels: examTypeLabels(),
            counts: plan.counts,
            errors: plan.outcomes.flatMap((o) => (o.kind === "error" ? [o] : [])),
            rows: plan.outcomes
              .flatMap((o) =>
                o.kind === "error"
                  ? []
                  : [
                      {
                        kind: o.kind,
                        line: o.row.line,
                        name: o.row.name,
                        email: o.row.email ?? "",
                        rollNumber: o.row.rollNumber ?? "",
                        examTypes: o.row.examTypes,
                        password: Boolean(o.row.password),
                        // an already registered student's exam types, before → after
                        change: o.kind === "update" ? { before: o.before, after: o.after } : null,
                        outcome: outcomeText(o),
                      },
                    ],
              )
              .slice(0, SHOWN),
          }
        : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (isMultipart) {
    const read = await readUploadForm(request);
    if (!read.ok) return data({ error: read.error }, { status: 413 });
    const file = read.form.get("file");
    if (!(file instanceof File) || file.size === 0) return data({ error: "Choose the CSV file of students." }, { status: 400 });
    const chosen = String(read.form.get("existing") ?? "add");
    const policy: ExistingPolicy = (EXISTING_POLICIES as readonly string[]).includes(chosen) ? (chosen as ExistingPolicy) : "add";
    const plan = previewStudentImport(new Uint8Array(await file.arrayBuffer()), file.name, policy);
    if (!plan.ok) return data({ error: plan.error }, { status: 400 });
    return redirect(`/admin/users/import?preview=${plan.key}`);
  }
  const form = await request.formData();
  try {
    const done = await applyStudentImport(String(form.get("key") ?? ""), new URL(request.url).origin);
    if (!done.ok) return redirectWithFlash("/admin/users/import", { type: "error", text: done.error });
    const summary = `Import complete: ${done.created} students added, ${done.updated} updated, ${done.skipped} skipped, ${done.errors} rows with errors not imported`;
    logActivity(admin, "students-import", { detail: summary });
    // a lasting report of the refused rows (Backup & Import → Import reports)
    const report = saveImportReport("student-import", done.fileName, summary, done.refused, admin.id);
    const text = report ? `${summary}. The refused rows are listed in the import report under Backup & Import.` : summary;
    return redirectWithFlash(done.linksKey ? `/admin/users/import?links=${done.linksKey}` : "/admin/users", { type: done.errors ? "info" : "success", text });
  } catch (error) {
    noteFailure(error, "student import");
    return data({ error: "The import failed part way; the students saved so far are kept. Choose the file again to add the rest." }, { status: 500 });
  }
}

export default function ImportStudents() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="space-y-4">
      <BackLink to="/admin/users">User Management</BackLink>
      <PageHeader title="Import Students" description="Add many students at once from a CSV file (from a spreadsheet: Save As → CSV UTF-8)." />
      {d.links ? <SignInLinksNotice links={d.links} timeZone={d.timeZone} noun="new student" /> : null}
      {d.preview ? <Preview preview={d.preview} /> : <ChooseFile error={actionData?.error ?? null} />}
    </main>
  );
}

function ChooseFile({ error }: { error: string | null }) {
  return (
    <Form method="post" encType="multipart/form-data" className="card space-y-4 p-4">
      <ErrorBox message={error} />
      <div>
        <label htmlFor="students-file" className="label">
          Students CSV
        </label>
        <input id="students-file" name="file" type="file" accept=".csv,text/csv" className="block w-full max-w-full text-sm" />
        <p className="mt-1 text-xs text-slate-500">
          Columns: name, email, roll_number (a roll number or phone, for a student without an e-mail: each row needs an email or a roll_number), exam_types
          (several separated by ; or |, e.g. <code>TET;NET</code>), password (optional: without one the student gets a sign-in link), global_test_limit
          (optional), batches (optional, several separated by ; or |: a batch not there yet is made).{" "}
          <a href="/admin/users/import-sample.csv" className="text-brand-700 underline" download>
            Download a sample CSV
          </a>
        </p>
      </div>
      <fieldset>
        <legend className="label">A student who is already registered (same e-mail, or same roll number when the row has no e-mail)</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="existing" value="add" defaultChecked /> Add the file's exam types to theirs
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="existing" value="replace" /> Replace their exam types with the file's
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="existing" value="skip" /> Leave them as they are
        </label>
      </fieldset>
      <SubmitButton pending="Reading file...">Preview Import</SubmitButton>
    </Form>
  );
}

type PreviewData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["preview"]>;

const labelsOf = (values: readonly string[], labels: Record<string, string>) => values.map((v) => labels[v] ?? v).join(", ");

function Preview({ preview }: { preview: PreviewData }) {
  const c = preview.counts;
  const total = c.new + c.update + c.skip + c.error;
  return (
    <>
      <section className="card space-y-2 p-4" aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="font-semibold">
          {preview.fileName}: {total} row{total === 1 ? "" : "s"}
        </h2>
        <p className="text-sm" data-testid="import-counts">
          <strong>{c.new}</strong> new · <strong>{c.update}</strong> already registered, exam types {preview.policy === "replace" ? "replaced" : "added"} ·{" "}
          <strong>{c.skip}</strong> already registered, unchanged · <strong className={c.error ? "text-red-700" : ""}>{c.error}</strong> with errors (not
          imported)
        </p>
        {c.new + c.update ? (
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="key" value={preview.key} />
            <SubmitButton pending="Importing...">
              Import {c.new + c.update} Student{c.new + c.update === 1 ? "" : "s"}
            </SubmitButton>
            <Link to="/admin/users/import" className="btn-secondary">
              Choose another file
            </Link>
          </Form>
        ) : (
          <Link to="/admin/users/import" className="btn-secondary">
            Choose another file
          </Link>
        )}
      </section>
      {preview.errors.length ? (
        <section className="card p-4" aria-labelledby="errors-heading">
          <h2 id="errors-heading" className="font-semibold text-red-700">
            Rows with errors
          </h2>
          <ul className="mt-2 space-y-1 text-sm" data-testid="import-errors">
            {preview.errors.map((e) => (
              <li key={e.line}>
                Line {e.line}
                {e.email ? ` (${e.email})` : ""}: {e.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {preview.rows.length ? (
        <section className="card overflow-x-auto p-4" aria-labelledby="rows-heading">
          <h2 id="rows-heading" className="font-semibold">
            {preview.rows.length < c.new + c.update + c.skip ? `The first ${preview.rows.length} rows` : "Rows"}
          </h2>
          <table className="mt-2 w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th className="py-1.5 pr-2">Line</th>
                <th className="py-1.5 pr-2">Name</th>
                <th className="py-1.5 pr-2">E-mail</th>
                <th className="py-1.5 pr-2">Roll no. / phone</th>
                <th className="py-1.5 pr-2">Exam types</th>
                <th className="py-1.5">Outcome</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.rows.map((r) => (
                <tr key={r.line} data-testid="import-row">
                  <td className="py-1 pr-2 tabular-nums">{r.line}</td>
                  <td className="py-1 pr-2">{r.name}</td>
                  <td className="py-1 pr-2">{r.email}</td>
                  <td className="py-1 pr-2">{r.rollNumber}</td>
                  <td className="py-1 pr-2" data-testid="import-types">
                    {r.change
                      ? `${labelsOf(r.change.before, preview.labels) || "none"} → ${labelsOf(r.change.after, preview.labels)}`
                      : labelsOf(r.examTypes, preview.labels) || "—"}
                  </td>
                  <td className="py-1">{r.outcome}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : total === 0 ? (
        <EmptyState title="The file has no students" text="Add one row per student under the header row." />
      ) : null}
    </>
  );
}
