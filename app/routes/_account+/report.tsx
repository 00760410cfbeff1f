import { getCollectionProps, getFormProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox, SubmitButton } from "~/components/admin/ui";
import { ErrorList, useSchemaForm } from "~/components/forms";
import { RichText } from "~/components/RichText";
import { safeRedirectPath } from "~/lib/rules/redirects";
import { starAnchor } from "~/lib/rules/star";
import { formatDate } from "~/lib/rules/time";
import { parseForm } from "~/lib/schemas/parse-form";
import { REPORT_KINDS, REPORT_NOTE_MAX, reportKindLabel, reportQuestionSchema } from "~/lib/schemas/report-schemas";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { requireStudent } from "~/models/auth.server";
import { reportableQuestion, reportQuestion } from "~/models/question-reports.server";
import { reportTargetOf } from "~/lib/rules/question-report";

/**
 * Report a question to the academy (from a review or My mistakes; /report?t=TEST&v=VERSION&q=QUESTION&back=…):
 * what is wrong and a note. One report per student per question; the academy's answer comes to the dashboard.
 */
export const meta: MetaFunction = () => [{ title: "Report a question" }];

function read(request: Request, userId: string) {
  const url = new URL(request.url);
  const target = reportTargetOf(url);
  const found = target ? reportableQuestion(userId, target) : null;
  if (!target || !found) throw new Response("This question cannot be reported", { status: 404 });
  // back to the question in the list it came from
  const back = `${safeRedirectPath(url.searchParams.get("back"), "/", "/mistakes")}#${starAnchor(target)}`;
  return { target, found, back };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  const { found, back } = read(request, user.id);
  return { ...found, back };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const { target, back } = read(request, user.id);
  const submission = parseForm(await request.formData(), { schema: reportQuestionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = reportQuestion(user.id, target, submission.value.kind, submission.value.note ?? "");
  if (!saved.ok) return data({ result: submission.reply({ formErrors: [saved.message] }) }, { status: 409 });
  return redirectWithFlash(back, { type: "success", text: "Thank you. The academy will check the question and answer on your dashboard." });
}

export default function ReportQuestion() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(reportQuestionSchema, { id: "report-question", lastResult: actionData?.result });
  return (
    <main className="mx-auto max-w-2xl px-4 py-6">
      <Link to={d.back} className="text-sm font-semibold text-brand-700 hover:underline">
        ← Back to the question
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Report a question</h1>
      <section className="card mt-4 p-4">
        <p className="text-xs text-slate-600">
          {d.testTitle} · Q{d.n}
        </p>
        <p className="mt-1 font-medium">
          <RichText text={d.question} />
        </p>
        <ol className="mt-2 list-[upper-alpha] space-y-0.5 pl-6 text-sm text-slate-700">
          {d.options.map((o) => (
            <li key={o}>
              <RichText text={o} />
            </li>
          ))}
        </ol>
      </section>
      {d.mine ? (
        <p className="card mt-4 p-4 text-sm" role="status">
          You reported this question on {formatDate(d.mine.createdAt)} ({reportKindLabel(d.mine.kind).toLowerCase()}).{" "}
          {d.mine.resolution ? `The academy answered: ${d.mine.resolution}` : "The academy will answer on your dashboard."}
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card mt-4 space-y-4 p-4">
          <ErrorBox message={form.errors?.[0]} />
          <fieldset aria-describedby={fields.kind.errorId} aria-invalid={fields.kind.errors ? true : undefined}>
            <legend className="label">What is wrong?</legend>
            <div className="mt-1 space-y-2">
              {getCollectionProps(fields.kind, { type: "radio", options: REPORT_KINDS.map((k) => k.value) }).map(({ key, ...props }) => (
                <label key={key} className="flex items-center gap-2 text-sm">
                  <input {...props} />
                  {REPORT_KINDS.find((k) => k.value === props.value)?.label}
                </label>
              ))}
            </div>
            <ErrorList id={fields.kind.errorId} errors={fields.kind.errors} />
          </fieldset>
          <div>
            <label htmlFor={fields.note.id} className="label">
              Note (which option is right, and why; a source helps)
            </label>
            <textarea
              {...getTextareaProps(fields.note, { ariaAttributes: true })}
              key={fields.note.key}
              rows={4}
              maxLength={REPORT_NOTE_MAX}
              className="input"
            />
            <ErrorList id={fields.note.errorId} errors={fields.note.errors} />
          </div>
          <SubmitButton pending="Sending...">Send Report</SubmitButton>
        </Form>
      )}
    </main>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
