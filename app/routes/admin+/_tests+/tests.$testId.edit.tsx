import { getFormProps } from "@conform-to/react";
import { logActivity } from "~/models/activity.server";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogActions, useTestListHref } from "~/components/admin/ui";
import { AnswerReleaseField, MaxAttemptsField, PatternFields } from "~/routes/admin+/_tests+/__PatternFields";
import { Dialog } from "~/components/Dialog";
import { DateTimeField, ExamTypeField, Field, TextareaField, useSchemaForm } from "~/components/forms";
import { SCORE_HELD_NOTE, scoreHeldNoteApplies } from "~/lib/rules/answer-release";
import { ReleaseControl } from "~/routes/admin+/_tests+/__ReleaseControl";
import { releaseStatusOf } from "~/models/results.server";
import { requireAdmin } from "~/models/auth.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { testListHref } from "~/lib/rules/list-href";
import { editTestSchema, TEST_LIMITS, windowInstants } from "~/lib/schemas/test-record";
import { env } from "~/lib/server/env.server";
import { formatDateTime } from "~/lib/rules/time";
import { toZonedInput } from "~/lib/rules/zoned-input";
import { marksInputText } from "~/lib/rules/marks-input";
import { findLiveTest, TEST_FIELD_LABELS, testFieldsForLog, updateTestMeta } from "~/models/admin-tests.server";
import { findTest } from "~/models/test.server";
import { changeWords } from "~/lib/rules/change-words";
import { resolveTestExamType, testExamTypeOptions } from "~/models/exam-type.server";

/**
 * The Edit Test dialog, a child of the tests list (/admin/tests/:testId/edit, the list's filters kept
 * in the query): the test record's one schema, checked here and in the browser, each error beside its
 * field, the admin's input kept when refused.
 */
export const meta: MetaFunction = () => [{ title: "Edit Test" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const test = findLiveTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  const types = testExamTypeOptions();
  const known = types.some((t) => t.value === test.examType);
  return {
    test: {
      id: test.id,
      title: test.title,
      description: test.description,
      examType: known ? test.examType : "CUSTOM",
      customExamType: known ? "" : test.examType,
      duration: String(test.duration),
      unitNumber: test.unitNumber === null ? "" : String(test.unitNumber),
      unitName: test.unitName ?? "",
      maxAttempts: test.maxAttempts === null ? "" : String(test.maxAttempts),
      isActive: test.isActive,
      shuffleQuestions: test.shuffleQuestions,
      shuffleOptions: test.shuffleOptions,
      opensAt: test.opensAt ? toZonedInput(test.opensAt, env().ACADEMY_TIME_ZONE) : "",
      closesAt: test.closesAt ? toZonedInput(test.closesAt, env().ACADEMY_TIME_ZONE) : "",
      answerRelease: test.answerRelease ?? "",
      marksPerCorrect: marksInputText(test.marksPerCorrect),
      negativeMarks: marksInputText(test.negativeMarks),
    },
    timeZone: env().ACADEMY_TIME_ZONE,
    examTypes: types.map((t) => ({ value: t.value, label: t.label })),
    release: releaseStatusOf(test),
    scoreHeld: scoreHeldNoteApplies(test),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: editTestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const details = submission.value;
  const type = resolveTestExamType(details.examType, details.customExamType);
  if (!type.ok) return data({ result: submission.reply({ fieldErrors: { [type.field]: [type.message] } }) }, { status: 400 });
  // the window's local date-times, in the academy's time zone
  const tz = env().ACADEMY_TIME_ZONE;
  const window = windowInstants(details, tz);
  if (!window.ok) return data({ result: submission.reply({ fieldErrors: { [window.field]: [window.message] } }) }, { status: 400 });
  const before = findTest(params.testId ?? "");
  const saved = updateTestMeta(params.testId ?? "", {
    title: details.title,
    description: details.description,
    examType: type.value,
    duration: details.duration,
    unitNumber: details.unitNumber,
    unitName: details.unitName,
    maxAttempts: details.maxAttempts,
    isActive: form.get("isActive") === "on",
    shuffleQuestions: form.get("shuffleQuestions") === "on",
    shuffleOptions: form.get("shuffleOptions") === "on",
    opensAt: window.opensAt,
    closesAt: window.closesAt,
    answerRelease: details.answerRelease,
    // a form without the pattern's fields (a page from before exam patterns) leaves the pattern as it is
    marksPerCorrect: form.has("marksPerCorrect") ? details.marksPerCorrect : undefined,
    negativeMarks: form.has("negativeMarks") ? details.negativeMarks : undefined,
  });
  if (!saved) return data({ result: submission.reply({ formErrors: ["Error updating test. Please try again."] }) }, { status: 400 });
  // the log says what changed (field: before → after)
  const after = findTest(params.testId ?? "");
  const when = (ms: number) => formatDateTime(ms, tz);
  const changed = before && after ? changeWords(testFieldsForLog(before, when), testFieldsForLog(after, when), TEST_FIELD_LABELS) : "";
  logActivity(admin, "test-edit", { testId: params.testId, target: details.title, detail: changed || "nothing changed" });
  return redirectWithFlash(testListHref(request.url), { type: "success", text: "Test updated successfully" });
}

export default function EditTest() {
  const { test, examTypes, timeZone, release, scoreHeld } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useTestListHref();
  const [form, fields] = useSchemaForm(editTestSchema, { id: `edit-test-${test.id}`, lastResult: actionData?.result, defaultValue: test });
  const submitted = actionData?.result.initialValue as Record<string, unknown> | undefined;
  const active = submitted ? submitted.isActive === "on" : test.isActive;
  const shuffleQuestions = submitted ? submitted.shuffleQuestions === "on" : test.shuffleQuestions;
  const shuffleOptions = submitted ? submitted.shuffleOptions === "on" : test.shuffleOptions;
  return (
    <Dialog labelledBy="edit-title" closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} className="grid gap-4 p-5 sm:grid-cols-2">
        <h2 id="edit-title" className="text-xl font-bold sm:col-span-2">
          Edit Test
        </h2>
        {form.errors?.length ? (
          <p role="alert" id={form.errorId} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 sm:col-span-2">
            {form.errors[0]}
          </p>
        ) : null}
        <Field meta={fields.title} label="Title" className="sm:col-span-2" maxLength={TEST_LIMITS.title} />
        <TextareaField meta={fields.description} label="Description" rows={2} className="sm:col-span-2" />
        <ExamTypeField type={fields.examType} custom={fields.customExamType} options={examTypes} />
        <Field meta={fields.duration} label="Duration (minutes)" type="number" min={TEST_LIMITS.duration.min} max={TEST_LIMITS.duration.max} />
        <Field meta={fields.unitNumber} label="Unit number" type="number" min={1} hint="Leave empty for a test outside any unit." />
        <Field meta={fields.unitName} label="Unit name" maxLength={TEST_LIMITS.unitName} />
        <MaxAttemptsField meta={fields.maxAttempts} />
        <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">Availability (optional, {timeZone})</legend>
          <DateTimeField meta={fields.opensAt} label="Opens at" />
          <DateTimeField meta={fields.closesAt} label="Closes at" />
          <p className="text-xs text-slate-500 sm:col-span-2">
            Students can start the test only inside this window; an attempt already running keeps its own time. Ranks show once it closes.
          </p>
          <AnswerReleaseField meta={fields.answerRelease} className="sm:col-span-2" />
          {scoreHeld ? (
            <p className="text-xs text-amber-800 sm:col-span-2" data-testid="score-held-note">
              {SCORE_HELD_NOTE}
            </p>
          ) : null}
        </fieldset>
        <PatternFields marksPerCorrect={fields.marksPerCorrect} negativeMarks={fields.negativeMarks} editing />
        <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-semibold">Shuffling (each student gets their own order)</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="shuffleQuestions" defaultChecked={shuffleQuestions} className="h-4 w-4" /> Shuffle the order of questions
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="shuffleOptions" defaultChecked={shuffleOptions} className="h-4 w-4" /> Shuffle the order of options
          </label>
          <p className="text-xs text-slate-500">
            The order is fixed for each attempt (reloads and resumes keep it); scores, reviews and reports use the questions and options as written.
          </p>
        </fieldset>
        <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
          <input type="checkbox" name="isActive" defaultChecked={active} className="h-4 w-4" /> Active
        </label>
        <DialogActions closeHref={closeHref} intent="edit" pending="Saving..." className="sm:col-span-2">
          Save Changes
        </DialogActions>
      </Form>
      <div className="px-5 pb-5">
        <ReleaseControl
          testId={test.id}
          status={release}
          back={`/admin/tests/${test.id}/edit${closeHref.includes("?") ? closeHref.slice(closeHref.indexOf("?")) : ""}`}
        />
      </div>
    </Dialog>
  );
}
