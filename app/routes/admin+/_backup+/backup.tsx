import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { logActivity } from "~/models/activity.server";
import { data } from "@remix-run/node";
import { readMultipartForm, UploadTooLarge } from "~/lib/server/multipart.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { COLLECTION_LABELS, COLLECTIONS_LIST, ExportSection, ImportReports, RestoreSection } from "~/routes/admin+/_backup+/__BackupSections";
import { studentsWritingCount } from "~/models/attempt.server";
import { SignInLinksNotice } from "~/routes/admin+/__SignInLinksNotice";
import { ErrorBox, PageHeader, SubmitButton } from "~/components/admin/ui";
import { formDataOf, MALFORMED_FORM, UPLOAD_UNREADABLE } from "~/lib/server/form-body.server";
import { requireAdmin } from "~/models/auth.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { formatDateTime } from "~/lib/rules/time";
import {
  discardPendingImport,
  importBackup,
  importMessage,
  MAX_IMPORT_BYTES,
  MESSAGES,
  parseBackup,
  savePendingImport,
  takePendingImport,
} from "~/models/backup.server";
import { rethrowIfDatabaseTrouble } from "~/lib/server/db-errors.server";
import { noteFailure } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { recentImportReports, REPORT_KIND_LABELS, saveImportReport } from "~/models/import-reports.server";
import { createLinkBatch, linkBatchSummary } from "~/models/sign-in-links.server";
import type { RouteGuards } from "~/lib/server/route-table.server";

/** Its form carries a JSON backup to import: the server takes a larger body here, from an admin only (route-table.server.ts). */
export const handle = { guards: { body: "upload" } } satisfies { guards: RouteGuards };

export const meta: MetaFunction = () => [{ title: "Backup & Import" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // after an import: the one-time sign-in links of the students imported without a password, and the
  // reports of recent import runs (every refused item, kept after the run)
  return {
    links: linkBatchSummary(new URL(request.url).searchParams.get("links")),
    timeZone: env().ACADEMY_TIME_ZONE,
    reports: recentImportReports().map((r) => ({ ...r, label: REPORT_KIND_LABELS[r.kind] })),
    // students writing a test now: a restore would replace their answers (the restore asks a second time)
    writing: studentsWritingCount(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, { refusal: "Only administrators can import data" });
  const isMultipart = (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data");
  if (isMultipart) {
    if (Number(request.headers.get("Content-Length") ?? "0") > MAX_IMPORT_BYTES + 64 * 1024) {
      return data({ step: "error" as const, error: `The file is too large (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB).` }, { status: 413 });
    }
    let form: FormData;
    try {
      form = (await readMultipartForm(request, { fileBytes: MAX_IMPORT_BYTES, files: 5 })).form;
    } catch (error) {
      if (error instanceof UploadTooLarge)
        return data({ step: "error" as const, error: `The file is too large (at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB).` }, { status: 413 });
      rethrowIfDatabaseTrouble(error);
      console.warn(`refused POST /admin/backup: 400 ${MALFORMED_FORM}`);
      return data({ step: "error" as const, error: UPLOAD_UNREADABLE }, { status: 400 });
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0 || !(/\.json$/i.test(file.name) || file.type === "application/json")) {
      return data({ step: "error" as const, error: MESSAGES.notJson }, { status: 400 });
    }
    const text = await file.text();
    const parsed = parseBackup(text);
    if (!parsed.ok) return data({ step: "error" as const, error: parsed.error }, { status: 400 });
    return data({ step: "preview" as const, token: savePendingImport(text), fileName: file.name, counts: parsed.counts, exportDate: parsed.exportDate });
  }
  const form = await formDataOf(request);
  const intent = String(form.get("intent") ?? "");
  const token = String(form.get("token") ?? "");
  if (intent === "cancel") {
    discardPendingImport(token);
    return redirectWithFlash("/admin/backup", { type: "info", text: "Import cancelled" });
  }
  if (intent === "import") {
    const text = takePendingImport(token);
    if (!text) return data({ step: "error" as const, error: "The chosen file has expired. Please choose it again." }, { status: 400 });
    const parsed = parseBackup(text);
    if (!parsed.ok) return data({ step: "error" as const, error: parsed.error }, { status: 400 });
    try {
      const result = await importBackup(parsed.data);
      logActivity(admin, "backup-import", { detail: importMessage(result) });
      // a lasting report of what was refused (the flash is gone in seconds)
      const report = saveImportReport("json-import", "JSON backup", importMessage(result), result.refused, admin.id);
      const reportNote = report ? " The refused items are listed in the import report below." : "";
      if (result.withoutPassword.length) {
        // students restored without a password get a one-time sign-in link each, downloadable as CSV
        const batch = createLinkBatch(result.withoutPassword, new URL(request.url).origin);
        logActivity(admin, "sign-in-link", { target: `${batch.count} student(s)`, detail: "one-time sign-in links for students imported without a password" });
        return redirectWithFlash(`/admin/backup?links=${batch.key}`, { type: result.errors ? "error" : "success", text: importMessage(result) + reportNote });
      }
      return redirectWithFlash("/admin/backup", { type: result.errors ? "error" : "success", text: importMessage(result) + reportNote });
    } catch (error) {
      noteFailure(error, "import");
      return data({ step: "error" as const, error: MESSAGES.importFailed }, { status: 500 });
    }
  }
  return data({ step: "error" as const, error: "Unknown action" }, { status: 400 });
}

export default function Backup() {
  const a = useActionData<typeof action>();
  const { links, timeZone, reports, writing } = useLoaderData<typeof loader>();
  return (
    <main className="space-y-4">
      <PageHeader title="Backup & Import" description="Download everything as a file, or bring data back from a backup.">
        <Link to="/admin/email" className="btn-secondary">
          E-mail
        </Link>
      </PageHeader>
      {links ? <SignInLinksNotice links={links} timeZone={timeZone} noun="imported student" /> : null}
      <ExportSection />

      <ImportReports reports={reports} timeZone={timeZone} />

      <RestoreSection writing={writing} />

      <section className="card space-y-3 p-4" aria-labelledby="import-heading">
        <h2 id="import-heading" className="font-semibold">
          Import
        </h2>
        {a?.step === "preview" ? (
          <div className="space-y-3">
            <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
              {MESSAGES_LOADED}
            </p>
            <p className="text-sm">
              <strong>{a.fileName}</strong>
              {a.exportDate ? ` · exported ${formatDateTime(a.exportDate)}` : ""}
            </p>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {COLLECTIONS_LIST.map((c) => (
                <div key={c} className="rounded-lg bg-slate-50 p-2 text-center">
                  <dt className="text-xs text-slate-500">{COLLECTION_LABELS[c]}</dt>
                  <dd className="text-lg font-bold" data-testid={`count-${c}`}>
                    {a.counts[c]}
                  </dd>
                </div>
              ))}
            </dl>
            <Form method="post" className="flex flex-wrap items-center gap-2">
              <input type="hidden" name="token" value={a.token} />
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" required name="confirm" /> I understand that this adds the file's data to this site (items already here are kept as they
                are).
              </label>
              <SubmitButton intent="import" pending="Importing...">
                Import Data
              </SubmitButton>
              <button type="submit" name="intent" value="cancel" formNoValidate className="btn-secondary">
                Cancel
              </button>
            </Form>
          </div>
        ) : (
          <Form method="post" encType="multipart/form-data" className="space-y-3">
            <ErrorBox message={a?.step === "error" ? a.error : null} />
            <div>
              <label htmlFor="backup-file" className="label">
                Backup file (.json)
              </label>
              <input id="backup-file" name="file" type="file" accept=".json,application/json" className="block w-full max-w-full text-sm" />
            </div>
            <SubmitButton pending="Reading file...">Preview import</SubmitButton>
          </Form>
        )}
        <p className="text-sm text-slate-600">
          Students imported without a password get one-time sign-in links to download after the import (or one at a time under{" "}
          <Link to="/admin/users" className="text-brand-700 underline">
            User Management
          </Link>{" "}
          → Sign-in link). Items whose id already exists are skipped, so importing the same file twice adds nothing.
        </p>
      </section>
    </main>
  );
}

const MESSAGES_LOADED = "File loaded successfully. Review the data before importing.";
