import { Form, Link } from "@remix-run/react";
import { SubmitButton } from "~/components/admin/ui";
import { formatMarks } from "~/lib/rules/marks-text";
import type { BulkPreview } from "~/models/test-upload.server";
import { PreviewQuestions } from "~/routes/admin+/_tests+/__UploadPreview";

type OkBulkPreview = Extract<BulkPreview, { ok: true }>;

/**
 * Bulk upload, step 2 of 2: what each file makes before anything is published (its questions, flagged rows,
 * duplicates, whether it is created published or hidden), the refused files with why, and Create.
 */
export function BulkPreviewStep({
  preview,
  settings,
  closeHref,
  labels,
}: {
  preview: OkBulkPreview;
  /** step 1's settings as they were typed: "Choose other files" posts them back so step 1 shows them again */
  settings: Record<string, string>;
  closeHref: string;
  labels: Record<string, string>;
}) {
  const pattern = `+${formatMarks(preview.marksPerCorrect)} a right answer${preview.negativeMarks ? `, −${formatMarks(preview.negativeMarks)} a wrong one` : ""}`;
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm" data-testid="bulk-preview-summary">
        {preview.files.length} {preview.files.length === 1 ? "file makes a test" : "files make tests"}
        {preview.refused.length ? `, ${preview.refused.length} refused` : ""}. Every test: {pattern}
        {preview.batchName ? `, given to the batch “${preview.batchName}”` : ""}. Nothing is created until you press Create.
      </p>
      {preview.refused.length ? (
        <section className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm" aria-labelledby="bulk-refused">
          <h3 id="bulk-refused" className="font-semibold text-red-800">
            Refused files
          </h3>
          <ul className="mt-1 list-disc pl-5 text-red-800">
            {preview.refused.map((r) => (
              <li key={r.fileName} data-testid="bulk-refused-file">
                <strong>{r.fileName}</strong>: {r.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {preview.files.map((f, i) => {
        const flagged = f.report.skipped.length + f.report.fallbacks.length;
        return (
          <details
            key={`${f.fileName}-${i}`}
            open={preview.files.length === 1}
            className="rounded-lg border border-slate-200 p-3"
            data-testid="bulk-preview-file"
          >
            <summary className="cursor-pointer">
              <strong>{f.fileName}</strong> → “{f.name}” ({labels[f.examType] ?? f.examType}): {f.questions.length} questions
              {flagged ? `, ${flagged} flagged` : ""}
              {f.report.duplicates.length ? `, ${f.report.duplicates.length} repeated` : ""} ·{" "}
              <span className={f.active ? "text-green-700" : "font-semibold text-amber-800"}>{f.active ? "published" : "created hidden"}</span>
            </summary>
            <div className="mt-2 space-y-2 text-sm">
              {f.report.skipped.map((s) => (
                <p key={`s${s.line}`} className="text-amber-800">
                  Line {s.line} skipped: {s.reason}
                </p>
              ))}
              {f.report.notes.map((n) => (
                <p key={n} className="text-amber-800">
                  {n}
                </p>
              ))}
              {!f.active && (flagged || f.report.duplicates.length) ? (
                <p className="text-amber-900">Created hidden: check the marked questions, then publish it with Activate in the test list.</p>
              ) : null}
              <PreviewQuestions preview={{ questions: f.questions, report: f.report, fields: { marksPerCorrect: preview.marksPerCorrect } }} id={`bulk-${i}`} />
            </div>
          </details>
        );
      })}
      <Form method="post" className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="token" value={preview.token} />
        {Object.entries(settings).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <SubmitButton intent="back" pending="Going back..." className="btn-secondary">
          Choose other files
        </SubmitButton>
        <Link to={closeHref} className="btn-secondary" preventScrollReset>
          Cancel
        </Link>
        {preview.files.length ? (
          <SubmitButton intent="bulk-upload" pending="Creating...">
            {`Create ${preview.files.length} ${preview.files.length === 1 ? "Test" : "Tests"}`}
          </SubmitButton>
        ) : null}
      </Form>
    </div>
  );
}
