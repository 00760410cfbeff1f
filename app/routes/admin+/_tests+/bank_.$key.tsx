import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, Outlet, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink, Badge, SubmitButton } from "~/components/admin/ui";
import { ErrorList, TextareaField, useSchemaForm } from "~/components/forms";
import { RichText } from "~/components/RichText";
import { formatDateTime } from "~/lib/rules/time";
import { plural } from "~/lib/rules/words";
import { bankQuestionSchema } from "~/lib/schemas/bank-schemas";
import { parseForm } from "~/lib/schemas/parse-form";
import { QUESTION_LIMITS } from "~/lib/schemas/test-record";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { bankQuestionOr404, bankQuestionVersions, editBankQuestion, testsWithBankQuestion } from "~/models/bank.server";
import { examTypeLabels } from "~/models/exam-type.server";

/**
 * One question of the bank (/admin/bank/:key): edit it (new words, options or answer make a new version; the tests
 * nobody has sat can take it, a test students sat keeps the words they sat), the tests that have it, its earlier
 * versions; Take out of the bank is a dialog route (/admin/bank/:key/delete).
 */
export const meta: MetaFunction = () => [{ title: "Bank Question" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = bankQuestionOr404(params.key);
  return { question: q, tests: testsWithBankQuestion(q.key, q), versions: bankQuestionVersions(q.key).slice(1), labels: examTypeLabels() };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const q = bankQuestionOr404(params.key);
  const submission = parseForm(await request.formData(), { schema: bankQuestionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const r = editBankQuestion(q.key, submission.value);
    if (!r.ok) return data({ result: submission.reply({ formErrors: [r.error] }) }, { status: 400 });
    logActivity(admin, "bank-edit", {
      target: submission.value.question.slice(0, 120),
      detail: `${r.newVersion ? `version ${r.version}` : "explanation"}; ${plural(r.testsChanged, "test")} changed`,
    });
    const where = r.testsChanged ? `, and in ${plural(r.testsChanged, "test")} nobody has sat yet` : "";
    return redirectWithFlash(`/admin/bank/${q.key}`, {
      type: "success",
      text: `${r.newVersion ? `Saved as version ${r.version}` : "Saved"}${where}. Tests students have sat keep the words they sat.`,
    });
  } catch (error) {
    return formFailed(error, "edit bank question", submission, "The question could not be saved. Please try again.");
  }
}

const letter = (i: number) => String.fromCharCode(65 + i);

export default function BankQuestionPage() {
  const { question: q, tests, versions, labels } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const notSat = tests.filter((t) => t.attempts === 0).length;
  const [form, fields] = useSchemaForm(bankQuestionSchema, {
    id: `bank-question-${q.key}-${q.version}`,
    lastResult: actionData?.result,
    defaultValue: {
      question: q.question,
      options: Array.from({ length: QUESTION_LIMITS.options.max }, (_, i) => q.options[i] ?? ""),
      correctAnswer: String(q.correctAnswer),
      explanation: q.explanation ?? "",
      changeTests: "on",
    },
  });
  const options = fields.options.getFieldList();
  return (
    <main className="max-w-4xl space-y-4">
      <BackLink to="/admin/bank">the Question Bank</BackLink>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold">Bank Question</h1>
        <Badge tone="brand">Version {q.version}</Badge>
        {q.topic ? <Badge>{q.topic}</Badge> : null}
        {q.section ? <Badge>{q.section}</Badge> : null}
        <span className="text-sm text-slate-600">{labels[q.examType] ?? q.examType}</span>
      </div>
      <Form method="post" {...getFormProps(form)} className="card space-y-4 p-4">
        {form.errors?.length ? (
          <p className="text-sm text-red-700" role="alert">
            {form.errors[0]}
          </p>
        ) : null}
        <div>
          <label htmlFor={fields.question.id} className="label">
            Question
          </label>
          <textarea
            {...getTextareaProps(fields.question, { ariaAttributes: true })}
            key={fields.question.key}
            rows={5}
            maxLength={QUESTION_LIMITS.question}
            className="input"
          />
          <p className="mt-1 text-xs text-slate-500">Line breaks are kept (a verse extract keeps its lines).</p>
          <ErrorList id={fields.question.errorId} errors={fields.question.errors} />
        </div>
        <fieldset aria-describedby={fields.correctAnswer.errors ? fields.correctAnswer.errorId : undefined}>
          <legend className="label">Options (the one chosen is the right answer; leave the last boxes empty for fewer)</legend>
          <ErrorList id={fields.options.errorId} errors={fields.options.errors} />
          <ol className="mt-1 space-y-2">
            {options.map((o, i) => (
              <li key={o.key} className="flex items-start gap-2">
                <input
                  type="radio"
                  name={fields.correctAnswer.name}
                  value={i}
                  defaultChecked={fields.correctAnswer.initialValue === String(i)}
                  aria-label={`Option ${letter(i)} is the right answer`}
                  className="mt-3 h-5 w-5"
                />
                <div className="min-w-0 flex-1">
                  <input
                    {...getInputProps(o, { type: "text" })}
                    key={o.key}
                    aria-label={`Option ${letter(i)}`}
                    placeholder={`Option ${letter(i)}`}
                    maxLength={QUESTION_LIMITS.option}
                    className="input"
                  />
                  <ErrorList id={o.errorId} errors={o.errors} />
                </div>
              </li>
            ))}
          </ol>
          <ErrorList id={fields.correctAnswer.errorId} errors={fields.correctAnswer.errors} />
        </fieldset>
        <TextareaField meta={fields.explanation} label="Explanation (optional)" rows={3} />
        <label className="flex items-start gap-2 text-sm">
          <input {...getInputProps(fields.changeTests, { type: "checkbox" })} key={fields.changeTests.key} className="mt-0.5 h-4 w-4" />
          <span>
            Also change it in the tests nobody has sat yet ({plural(notSat, "test")}). Tests students have sat keep the words they sat; change those in their
            question editor.
          </span>
        </label>
        <div className="flex flex-wrap gap-2">
          <SubmitButton intent="save" pending="Saving...">
            Save Question
          </SubmitButton>
          <Link to={`/admin/bank/${q.key}/delete`} preventScrollReset className="btn-secondary">
            Take Out of the Bank
          </Link>
        </div>
      </Form>
      <section className="card p-4" aria-labelledby="bank-tests">
        <h2 id="bank-tests" className="text-lg font-semibold">
          Tests that have it
        </h2>
        {tests.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600" data-testid="bank-tests-empty">
            No test has it now. It stays in the bank to be drawn into a generated test.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="bank-tests">
            {tests.map((t) => (
              <li key={t.id} className="flex flex-wrap items-center gap-2 py-2">
                <Link to={`/admin/csv/${t.id}/edit`} className="font-medium text-brand-700 underline">
                  {t.title}
                </Link>
                {t.archived ? <Badge tone="amber">Archived</Badge> : null}
                <span className="text-slate-600">
                  {labels[t.examType] ?? t.examType} · {plural(t.attempts, "attempt")}
                  {t.sameWords ? "" : " · earlier words (sat by its students)"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {versions.length ? (
        <details className="card p-4">
          <summary className="cursor-pointer font-semibold">Earlier versions ({versions.length})</summary>
          <ol className="mt-2 space-y-3 text-sm">
            {versions.map((v) => (
              <li key={v.version} data-testid="bank-version">
                <p className="text-xs text-slate-600">
                  Version {v.version} · {formatDateTime(v.createdAt)}
                </p>
                <p>
                  <RichText text={v.question} />
                </p>
                <p className="text-slate-600">
                  {v.options.map((o, i) => `${letter(i)}. ${o}`).join(" · ")} · right: {letter(v.correctAnswer)}
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <Outlet />
    </main>
  );
}
