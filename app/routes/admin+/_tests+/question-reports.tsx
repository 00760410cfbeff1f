import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, Pagination, SubmitButton } from "~/components/admin/ui";
import { ErrorList, useSchemaForm } from "~/components/forms";
import { RichText } from "~/components/RichText";
import { formatDateTime } from "~/lib/rules/time";
import { parseForm } from "~/lib/schemas/parse-form";
import { resolveReportsSchema } from "~/lib/schemas/report-schemas";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { emailReportAnswers, parseReportQueueQuery, reportQueue, resolveReports } from "~/models/question-reports.server";

/**
 * Question reports (/admin/question-reports): what students reported, one row per question, the most recently
 * reported first, with the counts per kind, their notes, and links to the editor and the regrade. Answering a
 * question's reports tells every student who sent one, on their dashboard.
 */
export const meta: MetaFunction = () => [{ title: "Question reports" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return reportQueue(parseReportQueueQuery(new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: resolveReportsSchema });
  const key = String(submission.payload.testId ?? "") + String(submission.payload.questionId ?? "");
  if (submission.status !== "success") return data({ key, result: submission.reply() }, { status: 400 });
  const { testId, questionId, resolution } = submission.value;
  const told = resolveReports(testId, questionId, resolution);
  if (told.length === 0) return redirectWithFlash("/admin/question-reports", { type: "info", text: "These reports were already answered." });
  logActivity(admin, "question-reports", { testId, detail: `question ${questionId}: ${resolution}` });
  const emailed = emailReportAnswers(testId, questionId, told, resolution, `${new URL(request.url).origin}/dashboard`);
  return redirectWithFlash("/admin/question-reports", {
    type: "success",
    text: `Answered. ${told.length === 1 ? "The student who reported it reads" : `The ${told.length} students who reported it read`} your answer on their dashboard${emailed ? ` (${emailed} e-mailed)` : ""}.`,
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function QuestionReports() {
  const d = useLoaderData<typeof loader>();
  const open = d.query.status === "open";
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to="/admin/tests" className="text-sm font-semibold text-brand-700 hover:underline">
            ← Test Management
          </Link>
          <h1 className="mt-1 text-2xl font-bold">Question reports</h1>
          <p className="text-sm text-slate-600">What students found wrong in a question or its key. Fix the question or regrade, then answer them.</p>
        </div>
        <nav aria-label="Reports" className="flex gap-2">
          <Link to="/admin/question-reports" aria-current={open ? "page" : undefined} className={open ? "btn-primary" : "btn-secondary"}>
            Open ({d.openCount})
          </Link>
          <Link to="/admin/question-reports?status=resolved" aria-current={open ? undefined : "page"} className={open ? "btn-secondary" : "btn-primary"}>
            Answered
          </Link>
        </nav>
      </div>
      {d.rows.length === 0 ? (
        <p className="card mt-4 p-8 text-center text-slate-600">
          {open ? "No open reports. Students report questions from their review and My mistakes." : "No answered reports yet."}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {d.rows.map((r) => (
            <ReportRow key={r.testId + r.questionId} r={r} open={open} />
          ))}
        </ul>
      )}
      <Pagination page={d.page} pages={d.pages} />
    </div>
  );
}

function ReportRow({ r, open }: { r: Row; open: boolean }) {
  return (
    <li className="card p-4" data-testid="report-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">
          {r.title} · {r.n === null ? "a question no longer in the test" : `Q${r.n}`}
        </p>
        <p className="text-xs text-slate-500">Last reported {formatDateTime(r.newest)}</p>
      </div>
      {r.question ? (
        <p className="mt-1 line-clamp-3 text-sm">
          <RichText text={r.question} />
        </p>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-2 text-xs">
        <Badge tone="slate">
          {r.reports} {r.reports === 1 ? "report" : "reports"}
        </Badge>
        {r.wrongKey ? <Badge tone="red">Wrong key: {r.wrongKey}</Badge> : null}
        {r.mistake ? <Badge tone="amber">Mistake in question: {r.mistake}</Badge> : null}
        {r.other ? <Badge tone="purple">Other: {r.other}</Badge> : null}
      </p>
      {r.notes.length ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
          {r.notes.map((n, i) => (
            <li key={`${i}:${n}`} className="whitespace-pre-line">
              {n}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={`/admin/csv/${r.testId}/edit`} className="font-semibold text-brand-700 hover:underline">
          Open in the question editor
        </Link>
        <Link to={`/admin/tests/${r.testId}/regrade`} className="font-semibold text-brand-700 hover:underline">
          Regrade
        </Link>
        <Link to={`/admin/tests/${r.testId}/disputes?q=${encodeURIComponent(r.questionId)}`} className="font-semibold text-brand-700 hover:underline">
          Decide a key dispute
        </Link>
      </p>
      {open ? <ResolveForm r={r} /> : <p className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">Answered: {r.resolution}</p>}
    </li>
  );
}

function ResolveForm({ r }: { r: Row }) {
  const actionData = useActionData<typeof action>();
  const key = r.testId + r.questionId;
  const [form, fields] = useSchemaForm(resolveReportsSchema, {
    id: `resolve-${key}`,
    lastResult: actionData?.key === key ? actionData.result : undefined,
    defaultValue: { testId: r.testId, questionId: r.questionId },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-2 border-t border-slate-100 pt-3">
      <input type="hidden" name={fields.testId.name} value={r.testId} />
      <input type="hidden" name={fields.questionId.name} value={r.questionId} />
      <label htmlFor={fields.resolution.id} className="label">
        Your answer to the students (what was decided: the key corrected, the question fixed, or why it stands)
      </label>
      <textarea {...getTextareaProps(fields.resolution, { ariaAttributes: true })} key={fields.resolution.key} rows={2} maxLength={500} className="input" />
      <ErrorList id={fields.resolution.errorId} errors={fields.resolution.errors} />
      <SubmitButton intent={`resolve-${key}`} pending="Answering...">
        Answer {r.reports === 1 ? "the student" : `${r.reports} students`}
      </SubmitButton>
    </Form>
  );
}
