import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { logActivity } from "~/models/activity.server";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { type MouseEvent, useEffect, useState } from "react";
import { EditorDetailsPanel } from "~/routes/admin+/_tests+/__EditorDetails";
import { EditorQuestions } from "~/routes/admin+/_tests+/__EditorQuestions";
import { formDataOf } from "~/lib/server/form-body.server";
import { requireAdmin } from "~/models/auth.server";
import { plural } from "~/lib/rules/words";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { useHydrated } from "~/lib/browser/hooks";
import { detailsFromForm, type EditorDetails, questionsFromForm } from "~/lib/schemas/test-editor-form";
import { addOption, deleteQuestion, type EditorQuestion, editedQuestionErrors, newQuestion, removeOption } from "~/lib/rules/test-editor-rules";
import { saveTestWithQuestions, testWithQuestions } from "~/models/admin-tests.server";
import { resolveTestExamType, testExamTypeOptions } from "~/models/exam-type.server";
import { regradeCount } from "~/models/regrade.server";
import { issuesOf, testDetailsSchema } from "~/lib/schemas/test-record";
import { marksInputText } from "~/lib/rules/marks-input";
import { BackLink } from "~/components/admin/ui";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { editorBack } from "~/lib/rules/list-href";
import { writingKeyNote } from "~/lib/rules/regrade-rules";
import { writingOnTest } from "~/models/attempt.server";
import type { RouteGuards } from "~/lib/server/route-table.server";

/** Its form carries the whole test, up to 500 questions: the server takes a larger body here, from an admin only (route-table.server.ts). */
export const handle = { guards: { body: "editor" } } satisfies { guards: RouteGuards };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit · ${data.test.title}` : "Test not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const found = testWithQuestions(params.testId ?? "");
  if (!found) throw new Response("Test not found", { status: 404 });
  const t = found.test;
  // an upload's answers that matched no option, marked on their questions until the test is published
  const flagged: Record<number, string> = {};
  for (const f of t.uploadReport?.fallbacks ?? [])
    flagged[f.question - 1] =
      `Flagged at upload (line ${f.line}): the answer “${f.given}” matched no option, so the first was taken. Check it; saving the test marks it checked.`;
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
      marksPerCorrect: t.marksPerCorrect,
      negativeMarks: t.negativeMarks,
      createdAt: +t.createdAt,
      updatedAt: +t.updatedAt,
    },
    questions: found.questions,
    examTypes: testExamTypeOptions(),
    flagged,
    back: editorBack(request.url),
    // students writing this test now are marked with the key as it is when they finish
    writing: writingOnTest(t.id),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await formDataOf(request);
  const intent = String(form.get("intent") ?? "save");
  const details = detailsFromForm(form);
  let questions = questionsFromForm(form);
  const working = (error: string | null, status = 200, fieldErrors: Record<string, string> = {}, questionErrors: Record<number, string[]> = {}) =>
    data({ details, questions, error, fieldErrors, questionErrors }, { status });

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
  // (the error is said beside its field, and once above Save); every question's problems beside it
  const questionErrors = editedQuestionErrors(questions);
  // above Save: the first problem in the spec's words, and how many more are marked on their questions
  const problems = Object.values(questionErrors).flat();
  const fixSummary = problems.length ? `${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more, marked on their questions)` : ""}` : null;
  const parsed = testDetailsSchema.safeParse({ ...details, maxAttempts: form.get("maxAttempts") ?? "" });
  if (!parsed.success) {
    const { message, fields } = issuesOf(parsed.error);
    return working(message, 400, fields, questionErrors);
  }
  if (fixSummary) return working(fixSummary, 400, {}, questionErrors);
  const type = resolveTestExamType(parsed.data.examType, parsed.data.customExamType);
  if (!type.ok) return working(type.message, 400, { [type.field]: type.message });
  const { title, description, duration, unitNumber, unitName, maxAttempts, marksPerCorrect, negativeMarks } = parsed.data;
  const result = saveTestWithQuestions(
    params.testId ?? "",
    Number(form.get("updatedAt")),
    {
      title,
      description,
      examType: type.value,
      duration,
      unitNumber,
      unitName,
      maxAttempts,
      isActive: details.isActive,
      // a form without the pattern's fields (a page from before exam patterns) leaves the pattern as it is
      marksPerCorrect: form.has("marksPerCorrect") ? marksPerCorrect : undefined,
      negativeMarks: form.has("negativeMarks") ? negativeMarks : undefined,
    },
    questions,
  );
  if (!result.ok) return working(result.error, result.conflict ? 409 : 400);
  logActivity(admin, "questions-edit", { testId: params.testId, target: title, detail: `${questions.length} questions` });
  // a fixed key or a removed question of a test with attempts: offer the regrade
  const toRegrade = regradeCount(params.testId ?? "");
  if (toRegrade)
    return redirectWithFlash(`/admin/tests/${params.testId}/regrade`, {
      type: "info",
      text: `Test updated successfully. ${toRegrade} finished attempt${toRegrade === 1 ? " was" : "s were"} marked with the old answer key: check the regrade below.`,
    });
  // (an upload's flagged rows, shown on their questions, are checked by this save)
  const text = result.checkedFlags
    ? `Test updated successfully. Its ${plural(result.checkedFlags, "flagged row")} count as checked now.`
    : "Test updated successfully";
  return redirectWithFlash(editorBack(request.url).href, { type: "success", text });
}

export default function TestEditor() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [questions, setQuestions] = useState<EditorQuestion[]>(actionData?.questions ?? d.questions);
  const [details, setDetails] = useState<EditorDetails>(
    actionData?.details ?? {
      title: d.test.title,
      description: d.test.description,
      examType: d.test.examType,
      customExamType: "",
      duration: String(d.test.duration),
      unitNumber: d.test.unitNumber ? String(d.test.unitNumber) : "",
      unitName: d.test.unitName ?? "",
      isActive: d.test.isActive,
      marksPerCorrect: marksInputText(d.test.marksPerCorrect),
      negativeMarks: marksInputText(d.test.negativeMarks),
    },
  );
  const [localError, setLocalError] = useState<string | null>(null);
  useEffect(() => {
    if (actionData) {
      setQuestions(actionData.questions);
      setDetails(actionData.details);
      // the first question to fix gets the focus (without JavaScript, the list above the questions links to each)
      const first = Object.keys(actionData.questionErrors ?? {})[0];
      if (first !== undefined) document.getElementById(`q-${first}`)?.focus();
    }
  }, [actionData]);

  /** With JavaScript the editing buttons change the working copy at once; without, they post it. */
  function local(e: MouseEvent, change: () => string | null) {
    if (!hydrated) return;
    e.preventDefault();
    setLocalError(change());
  }

  return (
    <main>
      <BackLink to={d.back.href}>{d.back.label}</BackLink>
      <h1 className="mt-2 text-2xl font-bold">Edit Test</h1>
      {d.writing ? (
        <p role="status" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="writing-now">
          {writingKeyNote(d.writing)}
        </p>
      ) : null}
      <Form method="post" className="mt-4 grid gap-4 lg:grid-cols-[20rem_1fr]" noValidate>
        <input type="hidden" name="updatedAt" value={d.test.updatedAt} />
        <input type="hidden" name="maxAttempts" value={d.test.maxAttempts ?? ""} />
        <EditorDetailsPanel
          details={details}
          setDetails={setDetails}
          fieldErrors={actionData?.fieldErrors ?? {}}
          error={localError ?? actionData?.error ?? null}
          examTypes={d.examTypes}
          questionCount={questions.length}
          createdAt={d.test.createdAt}
        />
        <EditorQuestions questions={questions} setQuestions={setQuestions} local={local} errors={actionData?.questionErrors ?? {}} flagged={d.flagged} />
      </Form>
    </main>
  );
}

/** An error here shows its own message (a missing test: "not found"; anything else: what it was) inside the admin frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary backHref="/admin/csv" backLabel="Back to CSV Management" />;
}
