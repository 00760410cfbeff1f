import { Link } from "@remix-run/react";
import { answersHeldNote } from "~/lib/rules/answer-release";
import { formatDate, formatDateTime } from "~/lib/rules/time";
import { hasPattern } from "~/lib/rules/exam-pattern";
import { formatMarks } from "~/lib/rules/marks-text";
import { plural } from "~/lib/rules/words";
import type { UploadReport } from "~/models/test.server";
import type { BulkFileResult } from "~/models/test-upload.server";

/** Parts of the tests list (Test Management) that are plain display. */

/** An uploaded test's flagged rows, shown until it is published (activated). */
export function UploadReportNote({ report }: { report: UploadReport }) {
  const count = report.skipped.length + report.fallbacks.length;
  return (
    <details className="mt-1 text-sm text-amber-900">
      <summary className="cursor-pointer font-medium">
        Check {count} flagged row{count === 1 ? "" : "s"} before publishing
      </summary>
      <ul className="mt-1 list-disc pl-5">
        {report.skipped.map((r) => (
          <li key={`s${r.line}`}>
            Line {r.line} skipped: {r.reason}
          </li>
        ))}
        {report.fallbacks.map((f) => (
          <li key={`f${f.line}`}>
            Line {f.line} (question {f.question}): the answer “{f.given}” matched no option; the first option was taken
          </li>
        ))}
      </ul>
    </details>
  );
}

/** `reportId`: the lasting report of what was refused or flagged (Backup & Import → Import reports) */
export type BulkResultData = { created: number; errors: number; results: BulkFileResult[]; reportId?: string | null };

/** What a bulk upload created, shown on the list after the dialog closes. */
export function BulkResult({ result }: { result: BulkResultData }) {
  return (
    <section role="status" className="card mb-4 p-4 text-sm">
      <p className="font-semibold">
        Bulk upload complete: {result.created} successful, {result.errors} errors
      </p>
      <ul className="mt-2 space-y-1">
        {result.results.map((r, i) => (
          <li key={i} className={r.ok ? "text-green-700" : "text-red-700"}>
            {r.ok ? "✓" : "✗"} {r.fileName} → {r.name}: {r.message}
            {r.report
              ? ` (inactive: ${plural(r.report.skipped.length, "row")} skipped, ${plural(r.report.fallbacks.length, "answer")} matched no option; check and Activate it)`
              : ""}
            {r.notes?.length ? ` ${r.notes.join(" ")}` : ""}
          </li>
        ))}
      </ul>
      {result.reportId ? (
        <p className="mt-2">
          <Link to={`/admin/reports/${result.reportId}`} className="font-semibold text-brand-700 hover:underline">
            The report of this upload
          </Link>{" "}
          (kept under Backup &amp; Import, with a CSV of every refused file and flagged row)
        </p>
      ) : null}
    </section>
  );
}

/** A test's window and whether it keeps its answers back, under its title in the tests list (nothing when neither). */
export function TestWindowNote({
  test,
  timeZone,
}: {
  test: { opensAt: Date | string | number | null; closesAt: Date | string | number | null; answerRelease: string | null };
  timeZone: string;
}) {
  const held = answersHeldNote({ answerRelease: test.answerRelease, closesAt: test.closesAt ? new Date(test.closesAt) : null });
  if (!test.opensAt && !test.closesAt && !held) return null;
  return (
    <p className="mt-1 text-sm text-slate-600" data-testid="test-window">
      {test.opensAt ? `Opens ${formatDateTime(test.opensAt, timeZone)}` : "Open"}
      {test.closesAt ? ` · closes ${formatDateTime(test.closesAt, timeZone)}` : ""}
      {held ? ` · ${held}` : ""}
    </p>
  );
}

/** A test row's facts: duration, questions, attempts allowed, its exam pattern when it has one, created, attempts taken. */
export function TestFacts({
  test: t,
}: {
  test: {
    duration: number;
    totalQuestions: number;
    maxAttempts: number | null;
    marksPerCorrect: number;
    negativeMarks: number;
    createdAt: Date | string | number;
    attemptCount: number;
  };
}) {
  return (
    <p className="mt-1 text-sm text-slate-600">
      {t.duration} min · {plural(t.totalQuestions, "question")} · {t.maxAttempts ? `Max ${plural(t.maxAttempts, "attempt")}` : "Unlimited attempts"}{" "}
      {hasPattern(t) ? `· Marked +${formatMarks(t.marksPerCorrect)} / −${formatMarks(t.negativeMarks)} ` : ""}· Created {formatDate(t.createdAt)} ·{" "}
      {plural(t.attemptCount, "attempt")} taken
    </p>
  );
}

/** A test's own pages, in its row's menu: questions, preview, live room, analysis, regrade, marks, print, batches, activity. */
export function TestPageLinks({ id }: { id: string }) {
  const pages: Array<[string, string]> = [
    // the editor returns here, not to CSV Management (app/lib/rules/list-href.ts: editorBack)
    [`/admin/csv/${id}/edit?from=tests`, "Questions"],
    [`/admin/tests/${id}/preview`, "Preview as student"],
    [`/admin/tests/${id}/live`, "Live room"],
    [`/admin/tests/${id}/analysis`, "Item analysis"],
    [`/admin/tests/${id}/regrade`, "Regrade"],
    [`/admin/tests/${id}/marks`, "Marks register"],
    [`/admin/tests/${id}/print`, "Print paper"],
    [`/admin/tests/${id}/batches`, "Batches"],
    [`/admin/activity?test=${id}`, "Activity"],
  ];
  return (
    <>
      {pages.map(([to, label]) => (
        <Link key={to} to={to} className="btn-secondary px-3 py-1.5">
          {label}
        </Link>
      ))}
    </>
  );
}
