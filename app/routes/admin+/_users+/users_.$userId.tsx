import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { logActivity } from "~/models/activity.server";
import { parseForm } from "~/lib/schemas/parse-form";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Accommodations } from "~/routes/admin+/_users+/__Accommodations";
import { accommodationSchema } from "~/lib/schemas/accommodation-schema";
import { windowInstants } from "~/lib/schemas/test-record";
import { env } from "~/lib/server/env.server";
import { accommodationsOf, accommodationTestChoices, deleteAccommodation, saveAccommodation } from "~/models/accommodations.server";
import { BandChart } from "~/routes/admin+/__BandChart";
import { PageHeader, StatTiles, SubmitButton, WritingNowNote } from "~/components/admin/ui";
import { signOutWarningFor } from "~/models/admin-users.server";
import { requireAdmin } from "~/models/auth.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { countSessions, endAllSessions } from "~/models/session.server";
import { bandClasses, formatDuration } from "~/lib/rules/score-display";
import { formatPercent } from "~/lib/rules/progress-rules";
import { formatDate, formatDateTime } from "~/lib/rules/time";
import { batchesOfUser } from "~/models/batches.server";
import { userAnalysisDetail } from "~/models/analytics.server";
import { BackLink } from "~/components/admin/ui";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Analysis · ${data.user.name}` : "User not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const detail = userAnalysisDetail(params.userId ?? "");
  if (!detail) throw new Response("User not found", { status: 404 });
  return {
    ...detail,
    sessions: countSessions(detail.user.id),
    writing: signOutWarningFor(detail.user),
    batches: batchesOfUser(detail.user.id),
    accommodations: accommodationsOf(detail.user.id),
    accommodationTests: accommodationTestChoices(detail.user.id),
    timeZone: env().ACADEMY_TIME_ZONE,
  };
}

/** "Sign out everywhere" (a lost phone, a shared password), and the student's accommodations. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const userId = params.userId ?? "";
  const intent = form.get("intent");
  if (!userAnalysisDetail(userId)) throw new Response("User not found", { status: 404 });
  const here = `/admin/users/${userId}`;
  if (intent === "accommodation-delete") {
    const removed = deleteAccommodation(userId, String(form.get("id") ?? ""));
    if (removed) logActivity(admin, "accommodation", { target: userAnalysisDetail(userId)?.user.name ?? userId, detail: "removed" });
    return redirectWithFlash(
      here,
      removed ? { type: "success", text: "Accommodation removed" } : { type: "error", text: "That accommodation was already removed" },
    );
  }
  if (intent === "accommodation-save") {
    const submission = parseForm(form, { schema: accommodationSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    // the personal window's local date-times, in the academy's time zone
    const window = windowInstants(submission.value, env().ACADEMY_TIME_ZONE);
    if (!window.ok) return data({ result: submission.reply({ fieldErrors: { [window.field]: [window.message] } }) }, { status: 400 });
    if (!saveAccommodation(userId, { ...submission.value, opensAt: window.opensAt, closesAt: window.closesAt }))
      return data({ result: submission.reply({ fieldErrors: { testId: ["Test not found"] } }) }, { status: 400 });
    logActivity(admin, "accommodation", {
      testId: submission.value.testId || null,
      target: userAnalysisDetail(userId)?.user.name ?? userId,
      detail: `+${submission.value.extraMinutes} min, +${submission.value.extraPercent}%, +${submission.value.extraAttempts} attempts`,
    });
    return redirectWithFlash(here, { type: "success", text: "Accommodation saved" });
  }
  if (intent !== "sign-out-everywhere") throw new Response("Not found", { status: 404 });
  const ended = endAllSessions(userId);
  return redirectWithFlash(`/admin/users/${userId}`, { type: "success", text: `Signed out everywhere (${ended} session${ended === 1 ? "" : "s"} ended)` });
}

export default function UserDetail() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main>
      <BackLink to="/admin/users/analysis">User Analysis</BackLink>
      <PageHeader
        title={d.user.name}
        description={`${[d.user.email, d.user.rollNumber ? `roll no. / phone ${d.user.rollNumber}` : null].filter(Boolean).join(" · ")} · joined ${formatDate(d.user.joinDate)} · ${d.user.role} · ${d.user.status}`}
      />
      {d.batches.length ? (
        <p className="mb-4 text-sm" data-testid="user-batches">
          Batches:{" "}
          {d.batches.map((b, i) => (
            <span key={b.id}>
              {i ? ", " : ""}
              <Link to={`/admin/batches/${b.id}`} className="font-medium text-brand-700 hover:underline">
                {b.name}
              </Link>
              {b.archived ? " (archived)" : ""}
            </span>
          ))}
        </p>
      ) : null}
      <section className="card mb-4 flex flex-wrap items-center justify-between gap-3 p-4" aria-labelledby="sessions-heading">
        <div>
          <h2 id="sessions-heading" className="font-semibold">
            Sessions
          </h2>
          <p className="text-sm text-slate-600">
            {d.sessions === 0 ? "Not signed in anywhere." : `Signed in on ${d.sessions} ${d.sessions === 1 ? "browser" : "browsers"}.`}
          </p>
          {d.writing && d.sessions > 0 ? <WritingNowNote text={d.writing} /> : null}
        </div>
        <Form method="post">
          <SubmitButton intent="sign-out-everywhere" pending="Signing out..." className="btn-secondary" disabled={d.sessions === 0}>
            Sign out everywhere
          </SubmitButton>
        </Form>
      </section>
      <Accommodations
        rows={d.accommodations}
        tests={d.accommodationTests}
        timeZone={d.timeZone}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
      />
      <StatTiles
        items={[
          ["Total Attempts", d.totals.attempts],
          ["Average Score", formatPercent(d.totals.average)],
          ["Best Score", formatPercent(d.totals.best)],
          ["Time Spent", formatDuration(d.totals.timeSpent)],
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="card p-4" aria-labelledby="dist-heading">
          <h2 id="dist-heading" className="font-semibold">
            Score distribution
          </h2>
          <BandChart bands={d.distribution} />
        </section>
        <section className="card p-4" aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="font-semibold">
            Performance summary
          </h2>
          <dl className="mt-2 space-y-1 text-sm">
            <div className="flex justify-between">
              <dt>Tests attempted</dt>
              <dd className="font-semibold">{d.totals.testsAttempted}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Best</dt>
              <dd className="font-semibold">{formatPercent(d.totals.best)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Worst</dt>
              <dd className="font-semibold">{d.totals.worst}%</dd>
            </div>
            <div className="flex justify-between">
              <dt>Last activity</dt>
              <dd className="font-semibold">{d.totals.lastActivity ? formatDateTime(d.totals.lastActivity) : "—"}</dd>
            </div>
          </dl>
        </section>
      </div>
      <section className="mt-4" aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-2 font-semibold">
          Attempt history
        </h2>
        {d.history.length === 0 ? (
          <p className="card p-5 text-slate-600">No finished attempts yet.</p>
        ) : (
          <ul className="card divide-y divide-slate-100">
            {d.history.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="min-w-[12rem] flex-1 font-medium">{h.title}</span>
                <span className="text-slate-600">
                  {h.score}/{h.total} · {formatDuration(h.timeSpent)} · {formatDateTime(h.completedAt)}
                </span>
                <span className={`badge ${bandClasses[h.band]}`}>{formatPercent(h.percent)}</span>
                <Link to={`/test/${h.testId}/results?attempt=${h.id}`} className="font-semibold text-brand-700 hover:underline">
                  View results
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
