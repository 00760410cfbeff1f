import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { type MouseEvent, useEffect, useState } from "react";
import { ErrorBox, ExamTypeOptions, SubmitButton } from "~/components/admin/ui";
import { requireAdmin } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useHydrated } from "~/lib/hooks";
import { questionsFromForm } from "~/lib/test-editor-form";
import { addOption, deleteQuestion, type EditorQuestion, MAX_OPTIONS, MIN_OPTIONS, newQuestion, removeOption } from "~/lib/test-editor-rules";
import { formatDate } from "~/lib/time";
import { saveTestWithQuestions, testWithQuestions } from "~/models/admin-tests.server";
import { resolveTestExamType, testExamTypeOptions } from "~/models/exam-type.server";
import { issuesOf, testDetailsSchema } from "~/lib/test-record";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit · ${data.test.title}` : "Test not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const found = testWithQuestions(params.testId ?? "");
  if (!found) throw new Response("Test not found", { status: 404 });
  const t = found.test;
  return {
    test: {
      id: t.id,
      title: t.title,
      description: t.description,
      examType: t.examType,
      duration: t.duration,
      unitNumber: t.unitNumber,
      unitName: t.unitName,
      isActive: t.isActive,
      maxAttempts: t.maxAttempts,
      createdAt: +t.createdAt,
      updatedAt: +t.updatedAt,
    },
    questions: found.questions,
    examTypes: testExamTypeOptions(),
  };
}

type Meta = {
  title: string;
  description: string;
  examType: string;
  customExamType: string;
  duration: string;
  unitNumber: string;
  unitName: string;
  isActive: boolean;
};

function metaFromForm(form: FormData): Meta {
  return {
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    examType: String(form.get("examType") ?? ""),
    customExamType: String(form.get("customExamType") ?? ""),
    duration: String(form.get("duration") ?? ""),
    unitNumber: String(form.get("unitNumber") ?? ""),
    unitName: String(form.get("unitName") ?? ""),
    isActive: form.get("isActive") === "on",
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const meta = metaFromForm(form);
  let questions = questionsFromForm(form);
  const working = (error: string | null, status = 200) => data({ meta, questions, error }, { status });

  // without JavaScript, every editing step posts the working copy and gets it back changed; nothing is stored
  const op = /^(add-question|delete-question|add-option|remove-option)(?::(\d+))?(?::(\d+))?$/.exec(intent);
  if (op) {
    const i = Number(op[2] ?? -1);
    const j = Number(op[3] ?? -1);
    if (op[1] === "add-question") questions = [...questions, newQuestion()];
    if (op[1] === "delete-question") {
      const r = deleteQuestion(questions, i);
      if (!r.ok) return working(r.error, 400);
      questions = r.questions;
    }
    if (op[1] === "add-option" && questions[i]) questions[i] = addOption(questions[i]);
    if (op[1] === "remove-option" && questions[i]) {
      const r = removeOption(questions[i], j);
      if (!r.ok) return working(r.error, 400);
      questions[i] = r.question;
    }
    return working(null);
  }

  // the test record's schema, as on every other path that writes a test
  const details = testDetailsSchema.safeParse({ ...meta, maxAttempts: form.get("maxAttempts") ?? "" });
  if (!details.success) return working(issuesOf(details.error).message, 400);
  const type = resolveTestExamType(details.data.examType, details.data.customExamType);
  if (!type.ok) return working(type.message, 400);
  const { title, description, duration, unitNumber, unitName, maxAttempts } = details.data;
  const result = saveTestWithQuestions(
    params.testId ?? "",
    Number(form.get("updatedAt")),
    { title, description, examType: type.value, duration, unitNumber, unitName, maxAttempts, isActive: meta.isActive },
    questions,
  );
  if (!result.ok) return working(result.error, result.conflict ? 409 : 400);
  return redirectWithFlash("/admin/csv", { type: "success", text: "Test updated successfully" });
}

export default function TestEditor() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const initialMeta: Meta = actionData?.meta ?? {
    title: d.test.title,
    description: d.test.description,
    examType: d.test.examType,
    customExamType: "",
    duration: String(d.test.duration),
    unitNumber: d.test.unitNumber ? String(d.test.unitNumber) : "",
    unitName: d.test.unitName ?? "",
    isActive: d.test.isActive,
  };
  const [questions, setQuestions] = useState<EditorQuestion[]>(actionData?.questions ?? d.questions);
  const [meta, setMeta] = useState<Meta>(initialMeta);
  const [localError, setLocalError] = useState<string | null>(null);
  useEffect(() => {
    if (actionData) {
      setQuestions(actionData.questions);
      setMeta(actionData.meta);
    }
  }, [actionData]);

  /** With JavaScript the editing buttons change the working copy at once; without, they post it. */
  function local(e: MouseEvent, change: () => string | null) {
    if (!hydrated) return;
    e.preventDefault();
    setLocalError(change());
  }
  const setQ = (i: number, q: EditorQuestion) => setQuestions((list) => list.map((x, k) => (k === i ? q : x)));
  const error = localError ?? actionData?.error ?? null;
  const knownType = d.examTypes.some((t) => t.value === meta.examType) || meta.examType === "CUSTOM";

  return (
    <main>
      <Link to="/admin/csv" className="text-sm font-medium text-brand-700 hover:underline">
        ← Back to CSV Management
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Edit Test</h1>
      <Form method="post" className="mt-4 grid gap-4 lg:grid-cols-[20rem_1fr]" noValidate>
        <input type="hidden" name="updatedAt" value={d.test.updatedAt} />
        <input type="hidden" name="maxAttempts" value={d.test.maxAttempts ?? ""} />
        <section aria-labelledby="info-heading" className="card h-fit space-y-3 p-4 lg:sticky lg:top-16">
          <h2 id="info-heading" className="font-semibold">
            Test information
          </h2>
          <div>
            <label htmlFor="title" className="label">
              Title
            </label>
            <input id="title" name="title" value={meta.title} onChange={(e) => setMeta({ ...meta, title: e.target.value })} className="input" maxLength={200} />
          </div>
          <div>
            <label htmlFor="description" className="label">
              Description
            </label>
            <textarea
              id="description"
              name="description"
              value={meta.description}
              onChange={(e) => setMeta({ ...meta, description: e.target.value })}
              className="input"
              rows={3}
            />
          </div>
          <div>
            <label htmlFor="examType" className="label">
              Exam type
            </label>
            <select
              id="examType"
              name="examType"
              value={knownType ? meta.examType : "CUSTOM"}
              onChange={(e) => setMeta({ ...meta, examType: e.target.value })}
              className="input"
            >
              <ExamTypeOptions types={d.examTypes} />
            </select>
          </div>
          {!hydrated || meta.examType === "CUSTOM" || !knownType ? (
            <div>
              <label htmlFor="customExamType" className="label">
                Custom exam type name
              </label>
              <input
                id="customExamType"
                name="customExamType"
                value={meta.customExamType}
                onChange={(e) => setMeta({ ...meta, customExamType: e.target.value })}
                className="input"
              />
            </div>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="duration" className="label">
                Duration (minutes)
              </label>
              <input
                id="duration"
                name="duration"
                type="number"
                min={1}
                value={meta.duration}
                onChange={(e) => setMeta({ ...meta, duration: e.target.value })}
                className="input"
              />
            </div>
            <div>
              <label htmlFor="unitNumber" className="label">
                Unit number
              </label>
              <input
                id="unitNumber"
                name="unitNumber"
                type="number"
                min={1}
                value={meta.unitNumber}
                onChange={(e) => setMeta({ ...meta, unitNumber: e.target.value })}
                className="input"
              />
            </div>
          </div>
          <div>
            <label htmlFor="unitName" className="label">
              Unit name
            </label>
            <input id="unitName" name="unitName" value={meta.unitName} onChange={(e) => setMeta({ ...meta, unitName: e.target.value })} className="input" />
          </div>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="isActive"
              checked={meta.isActive}
              onChange={(e) => setMeta({ ...meta, isActive: e.target.checked })}
              className="h-4 w-4"
            />{" "}
            Active
          </label>
          <dl className="text-sm text-slate-600">
            <div className="flex justify-between">
              <dt>Total questions</dt>
              <dd className="font-semibold">{questions.length}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Created</dt>
              <dd>{formatDate(d.test.createdAt)}</dd>
            </div>
          </dl>
          <ErrorBox message={error} />
          <div className="flex gap-2">
            <Link to="/admin/csv" className="btn-secondary flex-1">
              Cancel
            </Link>
            <SubmitButton intent="save" pending="Saving..." className="btn-primary flex-1">
              Save Changes
            </SubmitButton>
          </div>
        </section>

        <section aria-labelledby="questions-heading" className="space-y-3">
          <div>
            <h2 id="questions-heading" className="font-semibold">
              Questions
            </h2>
            <p className="text-xs text-slate-500">Text between **double asterisks** is shown in bold. Choose the correct option with its round button.</p>
          </div>
          {questions.map((q, i) => (
            <fieldset key={i} className="card space-y-3 p-4" data-testid="editor-question">
              <legend className="sr-only">Question {i + 1}</legend>
              <div className="flex items-start justify-between gap-2">
                <label htmlFor={`q-${i}`} className="label">
                  Question {i + 1}
                </label>
                <button
                  type="submit"
                  name="intent"
                  value={`delete-question:${i}`}
                  className="text-sm font-medium text-red-700 hover:underline"
                  onClick={(e) =>
                    local(e, () => {
                      const r = deleteQuestion(questions, i);
                      if (!r.ok) return r.error;
                      setQuestions(r.questions);
                      return null;
                    })
                  }
                >
                  Delete question
                </button>
              </div>
              <textarea
                id={`q-${i}`}
                name={`q.${i}.question`}
                value={q.question}
                onChange={(e) => setQ(i, { ...q, question: e.target.value })}
                className="input"
                rows={2}
              />
              <div className="space-y-2" role="radiogroup" aria-label={`Correct answer for question ${i + 1}`}>
                {q.options.map((o, j) => (
                  <div key={j} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={`q.${i}.correct`}
                      value={j}
                      checked={q.correctAnswer === j}
                      onChange={() => setQ(i, { ...q, correctAnswer: j })}
                      aria-label={`Option ${String.fromCharCode(65 + j)} is correct`}
                      className="h-4 w-4"
                    />
                    <span className="w-5 font-semibold">{String.fromCharCode(65 + j)}</span>
                    <input
                      name={`q.${i}.option.${j}`}
                      value={o}
                      onChange={(e) => setQ(i, { ...q, options: q.options.map((x, k) => (k === j ? e.target.value : x)) })}
                      aria-label={`Question ${i + 1} option ${String.fromCharCode(65 + j)}`}
                      className="input"
                    />
                    {q.options.length > MIN_OPTIONS ? (
                      <button
                        type="submit"
                        name="intent"
                        value={`remove-option:${i}:${j}`}
                        aria-label={`Remove option ${String.fromCharCode(65 + j)} of question ${i + 1}`}
                        className="btn-secondary px-2 py-1"
                        onClick={(e) =>
                          local(e, () => {
                            const r = removeOption(q, j);
                            if (!r.ok) return r.error;
                            setQ(i, r.question);
                            return null;
                          })
                        }
                      >
                        ×
                      </button>
                    ) : null}
                  </div>
                ))}
              </div>
              {q.options.length < MAX_OPTIONS ? (
                <button
                  type="submit"
                  name="intent"
                  value={`add-option:${i}`}
                  className="btn-secondary px-3 py-1 text-xs"
                  onClick={(e) =>
                    local(e, () => {
                      setQ(i, addOption(q));
                      return null;
                    })
                  }
                >
                  Add option
                </button>
              ) : null}
              <div>
                <label htmlFor={`q-${i}-exp`} className="label">
                  Explanation (optional)
                </label>
                <textarea
                  id={`q-${i}-exp`}
                  name={`q.${i}.explanation`}
                  value={q.explanation}
                  onChange={(e) => setQ(i, { ...q, explanation: e.target.value })}
                  className="input"
                  rows={2}
                />
              </div>
            </fieldset>
          ))}
          <button
            type="submit"
            name="intent"
            value="add-question"
            className="btn-secondary w-full"
            onClick={(e) =>
              local(e, () => {
                setQuestions((list) => [...list, newQuestion()]);
                return null;
              })
            }
          >
            Add question
          </button>
        </section>
      </Form>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="py-10 text-center">
      <h1 className="text-xl font-bold">Test not found</h1>
      <Link to="/admin/csv" className="btn-primary mt-4">
        Back to CSV Management
      </Link>
    </main>
  );
}
