import { getFormProps, getInputProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { PatternFields } from "~/routes/admin+/_tests+/__PatternFields";
import { FilterSelect, SubmitButton } from "~/components/admin/ui";
import { ErrorList, Field, SelectField, TextareaField, useSchemaForm } from "~/components/forms";
import { generateTestSchema } from "~/lib/schemas/bank-schemas";
import { TEST_LIMITS } from "~/lib/schemas/test-record";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { bankExamTypes, bankTags, bankUntagged, generateTest } from "~/models/bank.server";
import { NO_TAG, pickName } from "~/lib/rules/bank";
import { batchById, batchOptions } from "~/models/batches.server";
import { oncePerForm } from "~/models/form-receipts.server";
import { newId } from "~/lib/server/ids.server";
import { plural } from "~/lib/rules/words";
import { BackLink } from "~/components/admin/ui";

/**
 * Generate a test from the question bank (/admin/bank/generate?type=…): counts per topic and per section of one
 * exam type's bank, a duration and a pattern, optionally a batch's unseen questions first. The test is an ordinary
 * one, left unpublished for the admin to review in the question editor.
 */
export const meta: MetaFunction = () => [{ title: "Generate a Test" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const types = bankExamTypes();
  const asked = new URL(request.url).searchParams.get("type") ?? "";
  const type = types.some((t) => t.value === asked) ? asked : (types[0]?.value ?? "");
  const tags = type ? bankTags(type) : { sections: [], topics: [] };
  const untagged = type ? bankUntagged(type) : 0;
  const picks = [
    ...tags.topics.map((t) => ({ kind: "topic" as const, ...t })),
    ...(untagged ? [{ kind: "topic" as const, tag: NO_TAG, n: untagged }] : []),
    ...tags.sections.map((s) => ({ kind: "section" as const, ...s })),
  ];
  // one receipt per form shown: a second press (another tab, a double click without JavaScript) makes no second test
  return { types, type, picks, batches: batchOptions(), receipt: newId() };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, { schema: generateTestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  if (v.preferUnseenBy && !batchById(v.preferUnseenBy))
    return data({ result: submission.reply({ fieldErrors: { preferUnseenBy: ["That batch is gone: choose another"] } }) }, { status: 400 });
  try {
    const once = await oncePerForm(
      form.get("receipt"),
      "bank-generate",
      () => generateTest({ ...v, picks: v.picks, preferUnseenBy: v.preferUnseenBy || null }),
      (r) => r.ok,
      (r) => ({ testId: r.ok ? r.test.id : "" }),
    );
    if (once.repeated) {
      // (nothing kept: the first press is still at work, or the server stopped before it finished and nothing was made)
      if (once.kept) return redirectWithFlash(`/admin/csv/${once.kept.testId}/edit`, { type: "info", text: "This test was already generated" });
      return redirectWithFlash("/admin/bank/generate", {
        type: "info",
        text: "This form was already sent. If no test appeared in Test Management, generate it again here.",
      });
    }
    const r = once.result;
    if (!r.ok) {
      const why = r.short.map((s) => `only ${s.available} question${s.available === 1 ? "" : "s"} of ${pickName(s.pick)} (you asked for ${s.pick.count})`);
      return data({ result: submission.reply({ fieldErrors: { picks: [`The bank has ${why.join("; ")}`] } }) }, { status: 400 });
    }
    logActivity(admin, "bank-generate", { testId: r.test.id, target: r.test.title, detail: `${r.questions} questions` });
    return redirectWithFlash(`/admin/csv/${r.test.id}/edit`, {
      type: "success",
      text: `“${r.test.title}” generated with ${plural(r.questions, "question")}. It is not published yet: check it here, then activate it in Test Management.`,
    });
  } catch (error) {
    return formFailed(error, "generate test", submission, "The test could not be generated. Please try again.");
  }
}

export default function GenerateTest() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(generateTestSchema, {
    id: `generate-${d.type}`,
    lastResult: actionData?.result,
    defaultValue: { examType: d.type, duration: "60", picks: d.picks.map((p) => ({ kind: p.kind, tag: p.tag, count: "0" })) },
  });
  const pickFields = fields.picks.getFieldList();
  return (
    <main className="space-y-4">
      <BackLink to="/admin/bank">the Question Bank</BackLink>
      <h1 className="text-2xl font-bold">Generate a Test</h1>
      <Form method="get" className="card flex flex-wrap items-end gap-2 p-4">
        <FilterSelect id="gen-type" name="type" label="Exam type (its bank)" defaultValue={d.type} options={d.types} />
        <button type="submit" className="btn-secondary">
          Show its topics
        </button>
      </Form>
      {d.picks.length === 0 ? (
        <p className="card p-4 text-sm text-slate-600">
          This exam type's bank has no questions yet. Upload a test of this type and its questions come into the bank; give them topics and sections in the
          CSV's <code>topic</code> and <code>section</code> columns, in the question editor, or with Edit tags in the bank.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card grid gap-4 p-4 sm:grid-cols-2">
          {form.errors?.length ? <p className="text-sm text-red-700 sm:col-span-2">{form.errors[0]}</p> : null}
          <input {...getInputProps(fields.examType, { type: "hidden" })} key={fields.examType.key} />
          <input type="hidden" name="receipt" value={d.receipt} />
          <Field meta={fields.title} label="Title" maxLength={TEST_LIMITS.title} className="sm:col-span-2" />
          <TextareaField meta={fields.description} label="Description (optional)" rows={2} className="sm:col-span-2" />
          <Field meta={fields.duration} label="Duration (minutes)" type="number" min={TEST_LIMITS.duration.min} max={TEST_LIMITS.duration.max} />
          <SelectField
            meta={fields.preferUnseenBy}
            label="Prefer questions no one in this batch has answered"
            options={d.batches}
            placeholder="No preference"
          />
          <PatternFields marksPerCorrect={fields.marksPerCorrect} negativeMarks={fields.negativeMarks} />
          <fieldset className="sm:col-span-2" aria-describedby={fields.picks.errors ? fields.picks.errorId : undefined}>
            <legend className="label">How many questions of each topic and section</legend>
            <ErrorList id={fields.picks.errorId} errors={fields.picks.errors} />
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {pickFields.map((pick, i) => {
                const p = pick.getFieldset();
                const shown = d.picks[i];
                return (
                  <li key={pick.key} className="flex items-center gap-2 rounded border border-slate-200 p-2 text-sm" data-testid="pick">
                    <input {...getInputProps(p.kind, { type: "hidden" })} key={p.kind.key} />
                    <input {...getInputProps(p.tag, { type: "hidden" })} key={p.tag.key} />
                    <input
                      {...getInputProps(p.count, { type: "number", ariaAttributes: true })}
                      key={p.count.key}
                      min={0}
                      max={Math.min(200, shown?.n ?? 200)}
                      className="input w-20"
                      aria-label={shown?.tag === NO_TAG ? "No topic: how many" : `${shown?.kind === "section" ? "Section" : "Topic"} ${shown?.tag}: how many`}
                    />
                    <span className="min-w-0 flex-1 break-words">
                      <span className="text-xs uppercase text-slate-600">{shown?.kind}</span> {shown?.tag === NO_TAG ? <em>No topic</em> : shown?.tag}{" "}
                      <span className="text-slate-600">({shown?.n} in the bank)</span>
                    </span>
                    <ErrorList id={p.count.errorId} errors={p.count.errors} />
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <div className="sm:col-span-2">
            <SubmitButton intent="generate" pending="Generating...">
              Generate Test
            </SubmitButton>
          </div>
        </Form>
      )}
    </main>
  );
}
