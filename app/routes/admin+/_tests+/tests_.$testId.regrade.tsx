import { plural } from "~/lib/rules/words";
import { logActivity } from "~/models/activity.server";
import { formatMarks } from "~/lib/rules/marks-text";
import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EmptyState, PageHeader, SubmitButton } from "~/components/admin/ui";
import { Field, useSchemaForm } from "~/components/forms";
import { RichText } from "~/components/RichText";
import { regradeSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { env } from "~/lib/server/env.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { formatDateTime } from "~/lib/rules/time";
import { applyRegrade, regradeHistory, regradePlan } from "~/models/regrade.server";
import { BackLink } from "~/components/admin/ui";
import { writingRegradeNote } from "~/lib/rules/regrade-rules";
import { writingOnTest } from "~/models/attempt.server";

/**
 * Regrade (/admin/tests/:testId/regrade): after the answer key of a test with attempts was fixed, the
 * dry run lists what changes and each attempt's old and new score; Apply re-marks them in one
 * transaction, recording who, when and why.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Regrade · ${data.test.title}` : "Test not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const plan = regradePlan(params.testId ?? "");
  if (!plan) throw new Response("Test not found", { status: 404 });
  return {
    ...plan,
    plans: plan.plans.map(({ fixes: _f, ...p }) => p),
    history: regradeHistory(plan.test.id),
    writing: writingOnTest(plan.test.id),
    timeZone: env().ACADEMY_TIME_ZONE,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseForm(await request.formData(), { schema: regradeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const done = applyRegrade(params.testId ?? "", admin.name, submission.value.reason);
    if (done.attempts)
      logActivity(admin, "regrade", {
        testId: params.testId,
        detail: `${done.attempts} attempts re-marked, ${done.changedScores} scores changed: ${submission.value.reason}`,
      });
    const text = done.attempts
      ? `Regraded ${done.attempts} attempt${done.attempts === 1 ? "" : "s"}: ${done.changedScores} score${done.changedScores === 1 ? "" : "s"} changed`
      : "Nothing to regrade: every attempt is marked with the current key";
    return redirectWithFlash(`/admin/tests/${params.testId}/regrade`, { type: "success", text });
  } catch (error) {
    return formFailed(error, "regrade", submission, "The regrade failed; nothing was changed. Please try again.");
  }
}

export default function Regrade() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(regradeSchema, { id: "regrade", lastResult: actionData?.result });
  return (
    <main>
      <BackLink to="/admin/tests">Test Management</BackLink>
      <PageHeader
        title={`Regrade: ${d.test.title}`}
        description="Attempts keep the version of the test they were taken on. A regrade carries the current answer key back to them: questions removed since are not counted."
      >
        <Link to={`/admin/tests/${d.test.id}/disputes`} className="btn-secondary">
          Key disputes
        </Link>
      </PageHeader>
      {d.writing ? (
        <p role="status" className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="writing-now">
          {writingRegradeNote(d.writing)}
        </p>
      ) : null}
      {d.attempts === 0 ? (
        <EmptyState title="Nothing to regrade" text="Every finished attempt is marked with the current answer key." />
      ) : (
        <>
          {d.plans.map((p) => (
            <section key={p.version} aria-labelledby={`v${p.version}`} className="card mb-4 p-4">
              <h2 id={`v${p.version}`} className="font-semibold">
                Version {p.version}: {p.attempts.length} attempt{p.attempts.length === 1 ? "" : "s"}
              </h2>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
                {p.changes.map((c) => (
                  <li key={c.id}>
                    Q{c.n} <RichText text={c.question} />: {c.change === "dropped" ? "removed, not counted" : `key ${c.from} → ${c.to}`}
                  </li>
                ))}
              </ul>
              <div className="mt-3 overflow-x-auto">
                <table className="w-full min-w-[32rem] text-left text-sm">
                  <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                    <tr>
                      <th className="py-2 pr-3">Student</th>
                      <th className="py-2 pr-3">Finished</th>
                      <th className="py-2 pr-3">Score now</th>
                      <th className="py-2">After regrade</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {p.attempts.map((a) => (
                      <tr key={a.id} data-testid="regrade-row">
                        <td className="py-2 pr-3">
                          {a.name} <span className="text-slate-500">{a.email}</span>
                        </td>
                        <td className="whitespace-nowrap py-2 pr-3">{formatDateTime(a.completedAt, d.timeZone)}</td>
                        <td className="whitespace-nowrap py-2 pr-3">{scoreText(a.oldScore, a.oldTotal, a.oldMarks, a.oldMaxMarks)}</td>
                        <td
                          className={`whitespace-nowrap py-2 ${a.newScore !== a.oldScore || a.newTotal !== a.oldTotal || a.newMarks !== a.oldMarks ? "font-semibold text-brand-800" : ""}`}
                        >
                          {scoreText(a.newScore, a.newTotal, a.newMarks, a.newMaxMarks)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
          <Form method="post" {...getFormProps(form)} className="card space-y-3 p-4">
            <p className="text-sm text-slate-700">
              Apply re-marks {d.attempts} attempt{d.attempts === 1 ? "" : "s"} ({d.changedScores} score{d.changedScores === 1 ? "" : "s"} change). Students see
              the new marking and a note that it was regraded.
            </p>
            {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
            <Field meta={fields.reason} label="Why (recorded with your name)" maxLength={500} />
            <SubmitButton pending="Regrading...">
              Apply: Regrade {d.attempts} Attempt{d.attempts === 1 ? "" : "s"}
            </SubmitButton>
          </Form>
        </>
      )}
      {d.history.length ? (
        <section aria-labelledby="history" className="mt-6">
          <h2 id="history" className="font-semibold">
            Past regrades
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {d.history.map((h) => (
              <li key={`${h.createdAt}-${h.version}`}>
                {formatDateTime(h.createdAt, d.timeZone)}: {h.regradedBy} regraded version {h.version} ({plural(h.attempts, "attempt")},{" "}
                {plural(h.changedScores, "score")} changed) — “{h.reason}”
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

/** "7 / 10", or for a test with an exam pattern its marks and right answers: "13.5 / 20 (7 right)". */
function scoreText(score: number, total: number, marks: number | null, maxMarks: number | null) {
  return marks === null || maxMarks === null ? `${score} / ${total}` : `${formatMarks(marks)} / ${formatMarks(maxMarks)} (${score} right)`;
}
