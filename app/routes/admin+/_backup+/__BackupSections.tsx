import type { LoaderData } from "~/lib/browser/loader-data";
import { Form, Link } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { EXPORTED_MESSAGES, type ExportFormat, exportDone } from "~/lib/browser/export-done";
import { formatDateTime } from "~/lib/rules/time";
import { RESTORE_WHILE_WRITING_LABEL, studentsWritingNote } from "~/lib/rules/restore-rules";
import { plural } from "~/lib/rules/words";
import { SubmitButton } from "~/components/admin/ui";
import type { COLLECTIONS } from "~/models/backup.server";
import type { recentImportReports, REPORT_KIND_LABELS } from "~/models/import-reports.server";

/** Parts of Backup & Import: the Export section, the list of import reports and the restore. */
export const COLLECTIONS_LIST = ["users", "tests", "attempts", "materials", "customExamTypes", "announcements", "books"] as const;

export const COLLECTION_LABELS: Record<(typeof COLLECTIONS)[number], string> = {
  users: "Users",
  tests: "Tests",
  attempts: "Attempts",
  materials: "Materials",
  customExamTypes: "Custom types",
  announcements: "Announcements",
  books: "Books",
};

/**
 * "Data exported successfully as …" once a download's response has arrived (see lib/export-done.ts).
 * `watch(format)` is the export form's submit handler; the message goes away after 5 seconds.
 */
function useExportNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  const poll = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(poll.current), []);
  useEffect(() => {
    if (!notice) return;
    const hide = window.setTimeout(() => setNotice(null), 5000);
    return () => window.clearTimeout(hide);
  }, [notice]);
  const watch = (format: ExportFormat) => (event: FormEvent<HTMLFormElement>) => {
    const token = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
    const field = event.currentTarget.elements.namedItem("token");
    if (field instanceof HTMLInputElement) field.value = token;
    setNotice(null);
    window.clearInterval(poll.current);
    const started = Date.now();
    poll.current = window.setInterval(() => {
      if (exportDone(document.cookie, token)) {
        window.clearInterval(poll.current);
        setNotice(EXPORTED_MESSAGES[format]);
      } else if (Date.now() - started > 10 * 60_000) {
        window.clearInterval(poll.current);
      }
    }, 250);
  };
  return { notice, watch };
}

/** Export as JSON, the database snapshot, Export as CSV (all collections, or one). */
export function ExportSection() {
  const exported = useExportNotice();
  return (
    <section className="card space-y-3 p-4" aria-labelledby="export-heading">
      <h2 id="export-heading" className="font-semibold">
        Export
      </h2>
      {exported.notice ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {exported.notice}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Form method="post" action="/admin/backup/export" reloadDocument onSubmit={exported.watch("json")} className="space-y-2">
          <input type="hidden" name="token" />
          <input type="hidden" name="format" value="json" />
          <button type="submit" className="btn-primary">
            Export as JSON
          </button>
          <label className="flex max-w-xl items-start gap-2 text-sm">
            <input type="checkbox" name="includePasswordHashes" className="mt-1 h-4 w-4" />
            <span>
              Include password hashes (students keep their passwords after a restore). <strong>Keep such a file as safe as the server:</strong> weak passwords
              can be guessed from it.
            </span>
          </label>
        </Form>
        <Form method="post" action="/admin/backup/export" reloadDocument onSubmit={exported.watch("sqlite")}>
          <input type="hidden" name="token" />
          <input type="hidden" name="format" value="sqlite" />
          <button type="submit" className="btn-secondary">
            Download database snapshot
          </button>
        </Form>
      </div>
      <Form method="post" action="/admin/backup/export" reloadDocument onSubmit={exported.watch("csv")} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="token" />
        <input type="hidden" name="format" value="csv" />
        <button type="submit" name="collection" value="all" className="btn-secondary">
          Export as CSV
        </button>
        <span className="text-sm text-slate-600">every collection, one .zip · or one collection:</span>
        {COLLECTIONS_LIST.map((c) => (
          <button key={c} type="submit" name="collection" value={c} className="btn-secondary px-3 py-1 text-xs">
            {COLLECTION_LABELS[c]}
          </button>
        ))}
      </Form>
      <ul className="list-disc pl-5 text-sm text-slate-600">
        <li>
          The JSON backup holds users (without passwords unless you include their hashes), tests with every version of their questions, attempts with answers,
          materials, custom exam types, announcements with their audiences, and books. Imported into an empty site it gives the same site; students imported
          without a password get one-time sign-in links.
        </li>
        <li>
          CSV files hold one collection each, for spreadsheets (“Export as CSV” downloads them all together in one zip); the attempts file names the student and
          the test, with the percentage and times in the academy's time zone.
        </li>
        <li>The database snapshot is a consistent copy of the whole SQLite file, passwords included: keep it safe. Restore it below.</li>
      </ul>
    </section>
  );
}

/** The reports of recent import runs (JSON import, bulk test upload, student import) that refused something. */
export function ImportReports({
  reports,
  timeZone,
}: {
  reports: LoaderData<Array<ReturnType<typeof recentImportReports>[number] & { label: (typeof REPORT_KIND_LABELS)[keyof typeof REPORT_KIND_LABELS] }>>;
  timeZone: string;
}) {
  return (
    <section className="card space-y-2 p-4" aria-labelledby="reports-heading">
      <h2 id="reports-heading" className="font-semibold">
        Import reports
      </h2>
      {reports.length ? (
        <ul className="divide-y divide-slate-100 text-sm">
          {reports.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2" data-testid="import-report">
              <span>
                <strong>{r.label}</strong> · {r.source} · {formatDateTime(r.createdAt, timeZone)} ·{" "}
                <span className="text-red-700">{plural(r.refused, "refused item")}</span>
              </span>
              <span className="flex gap-3">
                <Link to={`/admin/reports/${r.id}`} className="font-semibold text-brand-700 hover:underline">
                  View report
                </Link>
                <a href={`/admin/reports/${r.id}.csv`} className="font-semibold text-brand-700 hover:underline" download>
                  CSV
                </a>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No import has refused anything yet. When one does, every refused item and why is kept here.</p>
      )}
    </section>
  );
}

/**
 * Restore the whole site from a database snapshot. While students are writing a test it says so and asks a second
 * time (app/lib/rules/restore-rules.ts): their answers would be replaced by the snapshot's.
 */
export function RestoreSection({ writing }: { writing: number }) {
  return (
    <section className="card space-y-3 p-4" aria-labelledby="restore-heading">
      <h2 id="restore-heading" className="font-semibold">
        Restore the whole site from a snapshot
      </h2>
      <p className="text-sm text-slate-700">
        Puts the site back exactly as it was when the snapshot (“Download database snapshot”) was taken: every user with their password, test, attempt and
        setting. The file is checked first; the current database is kept beside the restored one. Everyone else signs in again afterwards; you stay signed in if
        the snapshot has your account as an administrator.
      </p>
      <Form method="post" action="/admin/backup/restore" encType="multipart/form-data" reloadDocument className="space-y-3">
        <div>
          <label htmlFor="snapshot-file" className="label">
            Snapshot file (.db)
          </label>
          <input
            id="snapshot-file"
            name="snapshot"
            type="file"
            accept=".db,.sqlite,.sqlite3,application/vnd.sqlite3"
            className="block w-full max-w-full text-sm"
          />
        </div>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirm" className="mt-1 h-4 w-4" /> Yes, replace everything on this site with the snapshot.
        </label>
        {writing > 0 ? (
          <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="restore-writing">
            <p>
              <strong>{studentsWritingNote(writing)}</strong> Wait until they finish: each test's Live room (Test Management, More) shows who is writing.
            </p>
            <label className="flex items-start gap-2">
              <input type="checkbox" name="confirmWhileWriting" className="mt-1 h-4 w-4" /> {RESTORE_WHILE_WRITING_LABEL}
            </label>
          </div>
        ) : null}
        <SubmitButton pending="Restoring..." className="btn-danger">
          Restore Site
        </SubmitButton>
      </Form>
    </section>
  );
}
