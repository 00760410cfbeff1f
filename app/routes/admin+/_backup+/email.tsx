import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Badge, BackLink, PageHeader, Pagination, SubmitButton } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/rules/time";
import { plural } from "~/lib/rules/words";
import { pageParam } from "~/lib/schemas/forms";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { requireAdmin } from "~/models/auth.server";
import { outboxPage, retryFailedMail } from "~/models/outbox.server";

/**
 * Admin → E-mail (/admin/email): whether the site sends e-mail (SMTP_URL), what waits in the outbox and what the
 * mail server would not take after every try, with Send again.
 */
export const meta: MetaFunction = () => [{ title: "E-mail" }];

const KIND_LABELS: Record<string, string> = {
  "password-reset": "Password reset",
  "sign-in-link": "Sign-in link",
  announcement: "Announcement",
  "report-answer": "Answer to a report",
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return outboxPage(pageParam(new URL(request.url).searchParams.get("page")));
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const id = String((await request.formData()).get("id") ?? "").slice(0, 64);
  const n = retryFailedMail(id || null);
  return redirectWithFlash("/admin/email", {
    type: "success",
    text: n ? `${plural(n, "message")} will be sent again in a few seconds` : "Nothing to send again",
  });
}

export default function Email() {
  const d = useLoaderData<typeof loader>();
  return (
    <main className="max-w-5xl">
      <BackLink to="/admin/backup">Backup & Import</BackLink>
      <PageHeader
        title="E-mail"
        description="Password resets, sign-in links, announcements and answers to question reports, sent through the academy's mail account."
      />
      {!d.configured ? (
        <section className="card p-5 text-sm text-slate-700" data-testid="mail-off">
          <p className="font-semibold">This site does not send e-mail.</p>
          <p className="mt-1">
            Set <code>SMTP_URL</code> (for example <code>smtps://tests%40academy.in:app-password@smtp.gmail.com:465</code>) and, if you like,{" "}
            <code>MAIL_FROM</code>, then restart. Until then students ask the academy for sign-in links, and everything else works as it does.
          </p>
        </section>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3">
            <div className="card p-3">
              <dt className="text-xs text-slate-500">Waiting</dt>
              <dd className="text-xl font-bold">{d.counts.waiting}</dd>
            </div>
            <div className="card p-3">
              <dt className="text-xs text-slate-500">Not sent (gave up)</dt>
              <dd className="text-xl font-bold text-red-700">{d.counts.failed}</dd>
            </div>
            <div className="card p-3">
              <dt className="text-xs text-slate-500">Sent in 7 days</dt>
              <dd className="text-xl font-bold">{d.counts.sentWeek}</dd>
            </div>
          </dl>
          {d.counts.failed ? (
            <Form method="post" className="mt-3">
              <SubmitButton pending="Queueing...">Send All Again</SubmitButton>
            </Form>
          ) : null}
          {d.rows.length === 0 ? (
            <p className="card mt-4 p-6 text-center text-slate-600">Nothing waits: every e-mail was handed to the mail server.</p>
          ) : (
            <ul className="mt-4 space-y-2">
              {d.rows.map((m) => (
                <li key={m.id} className="card flex flex-wrap items-start justify-between gap-3 p-3 text-sm" data-testid="outbox-row">
                  <div className="min-w-0">
                    <p className="font-medium">
                      {m.subject} <Badge tone={m.failedAt ? "red" : "amber"}>{m.failedAt ? "Not sent" : "Waiting"}</Badge>
                    </p>
                    <p className="text-slate-600">
                      To {m.toAddress} · {KIND_LABELS[m.kind] ?? m.kind} · queued {formatDateTime(m.createdAt)} · {plural(m.attempts, "try", "tries")} of{" "}
                      {d.maxAttempts}
                      {!m.failedAt && m.attempts ? ` · next ${formatDateTime(m.nextAttemptAt)}` : ""}
                    </p>
                    {m.lastError ? <p className="mt-1 break-all text-xs text-red-700">{m.lastError}</p> : null}
                  </div>
                  {m.failedAt ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={m.id} />
                      <button type="submit" className="btn-secondary px-2 py-1 text-xs">
                        Send again
                      </button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <Pagination page={d.page} pages={d.pages} />
        </>
      )}
      <p className="mt-4 text-sm">
        <Link to="/admin/backup" className="font-semibold text-brand-700 hover:underline">
          Backup & Import
        </Link>
      </p>
    </main>
  );
}
