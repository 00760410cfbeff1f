import { RichText } from "~/components/RichText";
import type { PreviewResult } from "~/models/test-upload.server";
import { formatMarks } from "~/lib/rules/marks-text";

/** The sections of a file in their order, with how many questions each has. */
function sectionCounts(questions: ReadonlyArray<{ section?: string | null }>): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const q of questions) if (q.section) counts.set(q.section, (counts.get(q.section) ?? 0) + 1);
  return [...counts];
}

/** What a preview shows of one file: its questions, what was flagged in it, and the marks a question has by default. */
type FilePreview = Pick<Extract<PreviewResult, { ok: true }>, "questions" | "report"> & { fields: { marksPerCorrect?: number | null } };

/** The spec's preview: the first 5 questions (every flagged one too; the rest a click away). */
const PREVIEW_FIRST = 5;

function PreviewQuestion({
  q,
  n,
  given,
  report,
  marksPerCorrect,
}: {
  q: FilePreview["questions"][number];
  n: number;
  given: string | undefined;
  report: FilePreview["report"];
  marksPerCorrect: number;
}) {
  const repeats = (report.duplicates ?? []).find((d) => d.question === n);
  const meta = [
    q.section ? `Section: ${q.section}` : "",
    q.topic ? `Topic: ${q.topic}` : "",
    `${formatMarks(q.marks ?? marksPerCorrect)} ${(q.marks ?? marksPerCorrect) === 1 ? "mark" : "marks"}`,
  ].filter(Boolean);
  return (
    <li
      value={n}
      className={`rounded-lg border p-3 text-sm ${given !== undefined ? "border-red-400 bg-red-50" : repeats ? "border-amber-400 bg-amber-50" : "border-slate-200"}`}
      data-testid="preview-question"
    >
      {repeats ? (
        <p className="mb-1 font-semibold text-amber-800" data-testid="preview-duplicate">
          The same question as question {repeats.sameAs} (line {repeats.line}): is a row there twice?
        </p>
      ) : null}
      {given !== undefined ? (
        <p className="mb-1 font-semibold text-red-700">
          Check the answer: “{given}” (line {report.fallbacks.find((f) => f.question === n)?.line}) matches no option
        </p>
      ) : null}
      <p className="text-xs text-slate-500" data-testid="preview-meta">
        {meta.join(" · ")}
      </p>
      <p className="font-medium">
        {n}. <RichText text={q.question} />
      </p>
      <ul className="mt-1 grid gap-1 sm:grid-cols-2">
        {q.options.map((o, j) => (
          <li key={j} className={j === q.correctAnswer ? "font-semibold text-green-700" : ""}>
            {String.fromCharCode(65 + j)}. <RichText text={o} /> {j === q.correctAnswer ? "✓" : ""}
          </li>
        ))}
      </ul>
      {q.explanation ? (
        <p className="mt-1 text-slate-600">
          <RichText text={q.explanation} />
        </p>
      ) : null}
    </li>
  );
}

/** The questions of an upload's preview: the first 5 and every flagged one; "Show all N questions" opens the rest. */
export function PreviewQuestions({ preview, id = "preview" }: { preview: FilePreview; id?: string }) {
  const r = preview.report;
  const fallbackOf = new Map(r.fallbacks.map((f) => [f.question, f.given]));
  const repeated = new Set((r.duplicates ?? []).map((d) => d.question));
  const flagged = (n: number) => fallbackOf.has(n) || repeated.has(n);
  const marksPerCorrect = preview.fields.marksPerCorrect ?? 1;
  const total = preview.questions.reduce((sum, q) => sum + (q.marks ?? marksPerCorrect), 0);
  const sections = sectionCounts(preview.questions);
  return (
    <section aria-labelledby={`${id}-heading`}>
      <p className="mb-2 text-sm" data-testid="preview-total">
        Total: {preview.questions.length} questions, {formatMarks(total)} marks in all
        {sections.length ? ` · ${sections.map(([name, count]) => `${name}: ${count}`).join(", ")}` : ""}
      </p>
      <h3 id={`${id}-heading`} className="font-semibold">
        {preview.questions.length > PREVIEW_FIRST ? `The first ${PREVIEW_FIRST} questions, and every flagged one` : `All ${preview.questions.length} questions`}
      </h3>
      <ol className="mt-2 space-y-2">
        {preview.questions.map((q, i) =>
          i < PREVIEW_FIRST || flagged(i + 1) ? (
            <PreviewQuestion key={i} q={q} n={i + 1} given={fallbackOf.get(i + 1)} report={r} marksPerCorrect={marksPerCorrect} />
          ) : null,
        )}
      </ol>
      {preview.questions.length > PREVIEW_FIRST ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-brand-700">Show all {preview.questions.length} questions</summary>
          <ol className="mt-2 max-h-[50vh] space-y-2 overflow-y-auto">
            {preview.questions.map((q, i) =>
              i < PREVIEW_FIRST || flagged(i + 1) ? null : (
                <PreviewQuestion key={i} q={q} n={i + 1} given={undefined} report={r} marksPerCorrect={marksPerCorrect} />
              ),
            )}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
