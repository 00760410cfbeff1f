import { getFormProps, getSelectProps } from "@conform-to/react";
import { parseForm } from "~/lib/schemas/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ErrorBox, SubmitButton, useUserListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { ErrorList, Field, useSchemaForm } from "~/components/forms";
import { perTestLimitSchema } from "~/lib/schemas/admin-schemas";
import { requireAdmin } from "~/models/auth.server";
import { formFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { TEST_LIMITS } from "~/lib/schemas/test-record";
import { perTestLimitsOf, setPerTestLimit, testsForLimits } from "~/models/admin-users.server";
import { assignedExamTypes, findUserById } from "~/models/user.server";

/**
 * Per-test limits of a user, a dialog route over User Management (/admin/users/:userId/test-limits):
 * a per-test limit replaces the global limit for that test; an empty number removes it.
 */
export const meta: MetaFunction = () => [{ title: "Per-test Limits" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  return { user: { id: user.id, name: user.name }, perTest: perTestLimitsOf(user.id), tests: testsForLimits(assignedExamTypes(user.id)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  const submission = parseForm(await request.formData(), { schema: perTestLimitSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    setPerTestLimit(user.id, submission.value.testId, submission.value.maxAttempts);
  } catch (error) {
    return formFailed(error, "set per-test limit", submission, "Error updating test limits. Please try again.");
  }
  const url = new URL(request.url);
  return redirectWithFlash(`${url.pathname}${url.search}`, { type: "success", text: "Test limits updated" });
}

export default function PerTestLimits() {
  const { user, perTest, tests } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const closeHref = useUserListHref();
  const here = `${useLocation().pathname}${useLocation().search}`;
  const [form, fields] = useSchemaForm(perTestLimitSchema, { id: `per-test-${user.id}`, lastResult: actionData?.result });
  return (
    <Dialog labelledBy="pt-title" closeHref={closeHref}>
      <div className="space-y-4 p-5">
        <h2 id="pt-title" className="text-xl font-bold">
          Per-test limits for {user.name}
        </h2>
        <p className="text-sm text-slate-600">A per-test limit replaces the global limit for that test.</p>
        <ErrorBox message={form.errors?.[0]} />
        {perTest.length ? (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {perTest.map((l) => (
              <li key={l.testId} className="flex items-center justify-between gap-2 p-2 text-sm">
                <span>
                  {l.title}: <strong>{l.maxAttempts}</strong>
                </span>
                <Form method="post" action={here}>
                  <input type="hidden" name="testId" value={l.testId} />
                  <input type="hidden" name="maxAttempts" value="" />
                  <button type="submit" name="intent" value="remove" className="text-red-700 hover:underline" aria-label={`Remove the limit on ${l.title}`}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">No per-test limits.</p>
        )}
        {tests.length ? (
          <Form method="post" {...getFormProps(form)} className="grid items-start gap-2 sm:grid-cols-[1fr_8rem_auto]">
            <div>
              <label className="label" htmlFor={fields.testId.id}>
                Test
              </label>
              <select {...getSelectProps(fields.testId, { ariaAttributes: true })} key={fields.testId.key} className="input">
                <option value="">Choose a test…</option>
                {tests.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.title}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.testId.errorId} errors={fields.testId.errors} />
            </div>
            <Field meta={fields.maxAttempts} label="Attempts" type="number" min={1} max={TEST_LIMITS.maxAttempts.max} />
            <div className="sm:pt-6">
              <SubmitButton intent="test-limit" pending="Saving...">
                Set
              </SubmitButton>
            </div>
          </Form>
        ) : (
          <p className="text-sm text-slate-500">Assign exam types first: limits are set on the tests of the user's exam types.</p>
        )}
        <div className="flex justify-end">
          <Link to={closeHref} className="btn-secondary" preventScrollReset>
            Close
          </Link>
        </div>
      </div>
    </Dialog>
  );
}
