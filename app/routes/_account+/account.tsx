import { getFormProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBox, SubmitButton } from "~/components/admin/ui";
import { Field, useSchemaForm } from "~/components/forms";
import { accountIntentOf, accountNameSchema, changePasswordSchema } from "~/lib/schemas/account-schemas";
import { parseForm } from "~/lib/schemas/parse-form";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { formatDate } from "~/lib/rules/time";
import { accountPage, changeOwnPassword, renameSelf, signOutOtherDevices } from "~/models/account.server";
import { requireUser } from "~/models/auth.server";
import { joinBatchWithTypedCode } from "~/models/batches.server";
import { JoinCodeForm } from "~/components/JoinCodeForm";

/** My account: how I sign in, my name, my password, my other devices, my batches and exam types. */
export const meta: MetaFunction = () => [{ title: "My account" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return accountPage(user, request);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = accountIntentOf(form.get("intent"));
  if (intent === "name") {
    const submission = parseForm(form, { schema: accountNameSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    renameSelf(user.id, submission.value.name);
    return redirectWithFlash("/account", { type: "success", text: "Your name is saved." });
  }
  if (intent === "password") {
    const submission = parseForm(form, { schema: changePasswordSchema });
    const hidden = { hideFields: ["current", "password", "confirm"] };
    if (submission.status !== "success") return data({ intent, result: submission.reply(hidden) }, { status: 400 });
    const changed = await changeOwnPassword(user.id, request, submission.value.current, submission.value.password);
    if (!changed.ok) {
      const errors = changed.field === "current" ? { fieldErrors: { current: [changed.message] } } : { formErrors: [changed.message] };
      return data({ intent, result: submission.reply({ ...errors, ...hidden }) }, { status: changed.field === "current" ? 400 : 429 });
    }
    return redirectWithFlash("/account", { type: "success", text: `Your password is changed. ${signedOutText(changed.signedOut)}` });
  }
  if (intent === "join") {
    const joined = await joinBatchWithTypedCode(user.id, form.get("joinCode"));
    if (!joined.ok) return data({ intent, joinError: joined.error }, { status: 400 });
    return redirectWithFlash("/account", { type: "success", text: joined.message });
  }
  if (intent === "sign-out-others") {
    const ended = await signOutOtherDevices(user.id, request);
    return redirectWithFlash("/account", { type: "success", text: signedOutText(ended) });
  }
  throw new Response("Choose what to do", { status: 400 });
}

const signedOutText = (n: number) =>
  n === 0 ? "You were signed in on no other device." : `${n === 1 ? "Your other device was" : `Your ${n} other devices were`} signed out.`;

export default function Account() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [nameForm, nameFields] = useSchemaForm(accountNameSchema, {
    id: "account-name",
    lastResult: actionData?.intent === "name" && "result" in actionData ? actionData.result : undefined,
    defaultValue: { name: d.name },
  });
  const [passwordForm, passwordFields] = useSchemaForm(changePasswordSchema, {
    id: "account-password",
    lastResult: actionData?.intent === "password" && "result" in actionData ? actionData.result : undefined,
  });
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <div>
        <Link to={d.role === "admin" ? "/admin" : "/dashboard"} className="text-sm font-semibold text-brand-700 hover:underline">
          ← {d.role === "admin" ? "Admin panel" : "Dashboard"}
        </Link>
        <h1 className="mt-2 text-2xl font-bold">My account</h1>
      </div>

      <section className="card p-5" aria-labelledby="signin-heading">
        <h2 id="signin-heading" className="text-lg font-semibold">
          How you sign in
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          {d.email ? (
            <>
              <dt className="text-slate-500">E-mail</dt>
              <dd className="break-all font-medium">{d.email}</dd>
            </>
          ) : null}
          {d.rollNumber ? (
            <>
              <dt className="text-slate-500">Roll number or phone</dt>
              <dd className="font-medium">{d.rollNumber}</dd>
            </>
          ) : null}
          <dt className="text-slate-500">Member since</dt>
          <dd>{formatDate(d.joined)}</dd>
          {d.role === "user" ? (
            <>
              <dt className="text-slate-500">My batches</dt>
              <dd>{d.batches.length ? d.batches.join(", ") : "None yet"}</dd>
              <dt className="text-slate-500">My exams</dt>
              <dd>{d.examTypes.length ? d.examTypes.join(", ") : "None yet: the academy assigns them"}</dd>
            </>
          ) : null}
        </dl>
        <p className="mt-3 text-xs text-slate-500">To change how you sign in, ask the academy.</p>
      </section>

      {d.role === "user" ? (
        <section className="card p-5" aria-labelledby="join-heading">
          <h2 id="join-heading" className="text-lg font-semibold">
            Join a batch
          </h2>
          <p className="mt-1 text-sm text-slate-600">If your teacher gave your batch a join code, type it to join the batch and see its tests.</p>
          <div className="mt-3">
            <JoinCodeForm error={actionData && "joinError" in actionData ? actionData.joinError : null} />
          </div>
        </section>
      ) : null}

      <section className="card p-5" aria-labelledby="name-heading">
        <h2 id="name-heading" className="text-lg font-semibold">
          Your name
        </h2>
        <Form method="post" {...getFormProps(nameForm)} className="mt-3 space-y-3">
          <Field meta={nameFields.name} label="Name (as shown on results and leaderboards)" autoComplete="name" maxLength={100} />
          <SubmitButton intent="name" pending="Saving...">
            Save Name
          </SubmitButton>
        </Form>
      </section>

      <section className="card p-5" aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-600">Your other devices are signed out; this one stays signed in.</p>
        <Form method="post" {...getFormProps(passwordForm)} className="mt-3 space-y-3">
          <ErrorBox message={passwordForm.errors?.[0]} />
          <Field meta={passwordFields.current} label="Current password" type="password" autoComplete="current-password" maxLength={200} />
          <Field meta={passwordFields.password} label="New password" type="password" autoComplete="new-password" maxLength={200} />
          <Field meta={passwordFields.confirm} label="Type the new password again" type="password" autoComplete="new-password" maxLength={200} />
          <SubmitButton intent="password" pending="Changing...">
            Change Password
          </SubmitButton>
        </Form>
      </section>

      <section className="card p-5" aria-labelledby="devices-heading">
        <h2 id="devices-heading" className="text-lg font-semibold">
          Other devices
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="other-devices">
          {d.otherDevices === 0
            ? "You are signed in on this device only."
            : `You are also signed in on ${d.otherDevices} other ${d.otherDevices === 1 ? "device" : "devices"}.`}
        </p>
        {d.otherDevices > 0 ? (
          <Form method="post" className="mt-3">
            <SubmitButton intent="sign-out-others" pending="Signing out..." className="btn-secondary">
              Sign Out Other Devices
            </SubmitButton>
          </Form>
        ) : null}
      </section>
    </main>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
