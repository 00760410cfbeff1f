import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { BackLink, ErrorBox, SubmitButton } from "~/components/admin/ui";
import { RichText } from "~/components/RichText";
import { formatMarks } from "~/lib/rules/marks-text";
import { DISPUTE_KINDS, disputeSchema } from "~/lib/schemas/dispute-schema";
import { parseForm } from "~/lib/schemas/parse-form";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { logActivity } from "~/models/activity.server";
import { requireAdmin } from "~/models/auth.server";
import { applyDispute, disputePlan, disputesPage } from "~/models/disputes.server";

/**
 * Key disputes of a test (/admin/tests/:testId/disputes): for one question, accept other options too, give everyone
 * its marks, or drop it from scoring; a dry run shows each attempt's old and new marks and ranks before anything is
 * written, and the results then say what was decided ("Question 12: B and C accepted").
 */
export const meta: MetaFunction = () => [{ title: "Key disputes" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const page = disputesPage(params.testId ?? "");
  if (!page) throw new Response("Test not found", { status: 404 });
  return page;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const testId = params.testId ?? "";
  const form = await request.formData();
  const submission = parseForm(form, { schema: disputeSchema });
  if (submission.status !== "success") return data({ error: Object.values(submission.error ?? {}).flat()[0] ?? "Check the form", plan: null }, { status: 400 });
  const decision = submission.value;
  if (form.get("intent") === "apply") {
    const done = applyDispute(testId, decision, admin.name);
    if (!done) throw new Response("Question not found", { status: 404 });
    logActivity(admin, "regrade", { testId, detail: `key dispute on ${decision.questionId} (${decision.kind}): ${decision.reason}` });
    return redirectWithFlash(`/admin/tests/${testId}/disputes`, {
      type: "success",
      text: `Decided. ${done.attempts} attempts marked again, ${done.changed} scores changed.`,
    });
  }
  const plan = disputePlan(testId, decision);
  if (!plan) throw new Response("Question not found", { status: 404 });
  return { error: null, plan, decision };
}

export default function KeyDisputes() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const open = params.get("q");
  const letter = (i: number) => String.fromCharCode(65 + i);
  return (
    <main className="max-w-4xl">
      <BackLink to="/admin/tests">Test Management</BackLink>
      <h1 className="mt-2 text-2xl font-bold">Key disputes: {d.test.title}</h1>
      <p className="text-sm text-slate-600">Decide an objection for one question; the dry run shows every attempt's marks and rank before and after.</p>
      <ErrorBox message={actionData?.error} />
      {actionData?.plan && "decision" in actionData ? <Plan plan={actionData.plan} decision={actionData.decision} /> : null}
      <ol className="mt-4 space-y-3">
        {d.questions.map((q) => (
          <li key={q.id} className="card p-4" data-testid="dispute-question">
            <p className="font-medium">
              {q.n}. <RichText text={q.question} />
            </p>
            <p className="mt-1 text-sm text-slate-600">
              Key: {letter(q.correctAnswer)}. {q.options[q.correctAnswer]}
              {q.accepted.length ? ` · also accepted: ${q.accepted.map(letter).join(", ")}` : ""}
              {q.bonus ? " · everyone gets the marks" : ""}
              {q.dropped ? " · dropped" : ""}
            </p>
            <details open={open === q.id} className="mt-2">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">Decide a dispute</summary>
              <Form method="post" className="mt-2 space-y-2 text-sm">
                <input type="hidden" name="questionId" value={q.id} />
                {DISPUTE_KINDS.map((k) => (
                  <label key={k.value} className="flex items-center gap-2">
                    <input type="radio" name="kind" value={k.value} defaultChecked={k.value === "accept"} /> {k.label}
                  </label>
                ))}
                <fieldset className="flex flex-wrap gap-3 pl-6">
                  <legend className="sr-only">Options accepted besides the key</legend>
                  {q.options.map((o, i) =>
                    i === q.correctAnswer ? null : (
                      <label key={`${q.id}-${i}`} className="flex items-center gap-1">
                        <input type="checkbox" name="accepted" value={i} defaultChecked={q.accepted.includes(i)} /> {letter(i)}. {o}
                      </label>
                    ),
                  )}
                </fieldset>
                <label className="block">
                  <span className="label">Why (kept with the regrade)</span>
                  <input name="reason" maxLength={500} className="input" placeholder="Objection upheld: B is also right (Norton, p. 312)" />
                </label>
                <SubmitButton intent="preview" pending="Working out...">
                  Dry run
                </SubmitButton>
              </Form>
            </details>
          </li>
        ))}
      </ol>
    </main>
  );
}

type PlanData = NonNullable<NonNullable<ReturnType<typeof useActionData<typeof action>>>["plan"]>;

function Plan({ plan, decision }: { plan: PlanData; decision: { questionId: string; kind: string; accepted: number[]; reason: string } }) {
  return (
    <section className="card mt-4 border-amber-300 p-4" data-testid="dispute-plan">
      <h2 className="font-semibold">
        Dry run for {decision.questionId}: {plan.changed} of {plan.attempts} attempts change
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="border-b text-xs text-slate-600">
            <th className="py-1">Student</th>
            <th className="py-1 text-right">Marks before → after</th>
            <th className="py-1 text-right">Rank before → after</th>
          </tr>
        </thead>
        <tbody>
          {plan.rows.map((r) => (
            <tr key={r.id} className="border-b border-slate-100" data-testid="dispute-row">
              <td className="py-1">{r.name}</td>
              <td className="py-1 text-right tabular-nums">
                {formatMarks(r.oldMarks)}/{formatMarks(r.oldMax)} → {formatMarks(r.newMarks)}/{formatMarks(r.newMax)}
              </td>
              <td className="py-1 text-right tabular-nums">
                {r.oldRank} → {r.newRank}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className="mt-3">
        <input type="hidden" name="questionId" value={decision.questionId} />
        <input type="hidden" name="kind" value={decision.kind} />
        {decision.accepted.map((i) => (
          <input key={i} type="hidden" name="accepted" value={i} />
        ))}
        <input type="hidden" name="reason" value={decision.reason} />
        <SubmitButton intent="apply" pending="Applying..." className="btn-danger">
          Apply the decision
        </SubmitButton>
      </Form>
    </section>
  );
}
