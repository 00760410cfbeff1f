import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, SubmitButton } from "~/components/admin/ui";
import { DateTimeField, SelectField, useSchemaForm } from "~/components/forms";
import { ANSWER_RELEASE_CHOICES, ANSWER_RELEASE_LABELS, parseAnswerRelease } from "~/lib/rules/answer-release";
import { formatDateTime } from "~/lib/rules/time";
import { testBatchSchema } from "~/lib/schemas/batch-schemas";
import { windowInstants } from "~/lib/schemas/test-record";
import { noteFailure } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { batchById, batchesOfTest, batchOptions, giveTestToBatch, takeTestFromBatch } from "~/models/batches.server";
import { examTypeLabels, labelOf } from "~/models/exam-type.server";
import { testById } from "~/models/test.server";
import { BackLink } from "~/components/admin/ui";

/**
 * A test's batches (/admin/tests/:testId/batches): given to no batch, every student of its exam type sees it;
 * given to batches, only their students do. Each batch may have its own window and answer release.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Batches: ${data.test.title}` : "Batches" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const test = testById().get({ id: params.testId ?? "" });
  if (!test) throw new Response("Test not found", { status: 404 });
  return {
    test: { id: test.id, title: test.title, examType: labelOf(examTypeLabels(), test.examType) },
    given: batchesOfTest(test.id),
    batches: batchOptions(),
    timeZone: env().ACADEMY_TIME_ZONE,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const test = testById().get({ id: params.testId ?? "" });
  if (!test) throw new Response("Test not found", { status: 404 });
  const form = await request.formData();
  const back = `/admin/tests/${test.id}/batches`;
  try {
    if (form.get("intent") === "remove") {
      const batch = batchById(String(form.get("batchId") ?? ""));
      if (batch && takeTestFromBatch(test.id, batch.id))
        logActivity(admin, "test-batches", { testId: test.id, target: test.title, detail: `taken from ${batch.name}` });
      return redirectWithFlash(back, { type: "success", text: batch ? `${batch.name} no longer has this test` : "That batch is gone" });
    }
    const submission = parseForm(form, { schema: testBatchSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const batch = batchById(submission.value.batchId);
    if (!batch) return data({ result: submission.reply({ fieldErrors: { batchId: ["That batch is gone: choose another"] } }) }, { status: 400 });
    const window = windowInstants(submission.value, env().ACADEMY_TIME_ZONE);
    if (!window.ok) return data({ result: submission.reply({ fieldErrors: { [window.field]: [window.message] } }) }, { status: 400 });
    giveTestToBatch(test.id, batch.id, { opensAt: window.opensAt, closesAt: window.closesAt, answerRelease: submission.value.answerRelease });
    logActivity(admin, "test-batches", { testId: test.id, target: test.title, detail: `given to ${batch.name}` });
    return redirectWithFlash(back, { type: "success", text: `Given to ${batch.name}` });
  } catch (error) {
    noteFailure(error, "test batches change");
    return data({ result: null, error: "The change could not be saved. Please try again." }, { status: 500 });
  }
}

function windowText(w: { opensAt: number | null; closesAt: number | null }, timeZone: string) {
  if (!w.opensAt && !w.closesAt) return "the test's own window";
  return [w.opensAt ? `opens ${formatDateTime(w.opensAt, timeZone)}` : "", w.closesAt ? `closes ${formatDateTime(w.closesAt, timeZone)}` : ""]
    .filter(Boolean)
    .join(", ");
}

export default function TestBatches() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(testBatchSchema, { id: "give-batch", lastResult: actionData?.result });
  return (
    <main className="space-y-4">
      <BackLink to="/admin/tests">Test Management</BackLink>
      <h1 className="text-2xl font-bold">Batches: {d.test.title}</h1>
      <p className="text-sm text-slate-600">
        {d.given.length
          ? `Only students of these batches who have the ${d.test.examType} exam type see this test.`
          : `Given to no batch: every student with the ${d.test.examType} exam type sees this test.`}
      </p>
      {d.given.length ? (
        <ul className="card divide-y divide-slate-100">
          {d.given.map((b) => (
            <li key={b.batchId} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm" data-testid="test-batch-row">
              <div className="min-w-0">
                <Link to={`/admin/batches/${b.batchId}`} className="font-medium text-brand-700 hover:underline">
                  {b.name}
                </Link>{" "}
                {b.archived ? <Badge>Archived</Badge> : null}
                <p className="text-slate-600">
                  {b.members} student{b.members === 1 ? "" : "s"} · {windowText(b, d.timeZone)}
                  {parseAnswerRelease(b.answerRelease) ? ` · answers: ${ANSWER_RELEASE_LABELS[parseAnswerRelease(b.answerRelease) ?? "after_attempt"]}` : ""}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="batchId" value={b.batchId} />
                <SubmitButton intent="remove" value="remove" pending="Taking back..." className="btn-secondary px-2 py-1 text-xs">
                  Take back
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="card grid gap-3 p-4 sm:grid-cols-2">
        <h2 className="font-semibold sm:col-span-2">Give to a batch</h2>
        {actionData && "error" in actionData ? <p className="text-sm text-red-700 sm:col-span-2">{actionData.error}</p> : null}
        {d.batches.length === 0 ? (
          <p className="text-sm text-slate-600 sm:col-span-2">
            No batches yet.{" "}
            <Link to="/admin/batches/new" className="font-medium text-brand-700 hover:underline">
              Create one
            </Link>{" "}
            first.
          </p>
        ) : (
          <>
            <SelectField meta={fields.batchId} label="Batch" options={d.batches} className="sm:col-span-2" />
            <DateTimeField meta={fields.opensAt} label={`Opens at for this batch (optional, ${d.timeZone})`} />
            <DateTimeField meta={fields.closesAt} label="Closes at for this batch (optional)" />
            <SelectField
              meta={fields.answerRelease}
              label="Answers shown to this batch"
              options={ANSWER_RELEASE_CHOICES}
              placeholder="The test's own rule (waits for every batch's window)"
              className="sm:col-span-2"
            />
            <p className="text-xs text-slate-600 sm:col-span-2">Empty times use the test's own window. Giving a batch again changes its window.</p>
            <div className="sm:col-span-2">
              <SubmitButton intent="give" pending="Saving...">
                Give to Batch
              </SubmitButton>
            </div>
          </>
        )}
      </Form>
    </main>
  );
}
