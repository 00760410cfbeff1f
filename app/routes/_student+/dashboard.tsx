import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { formatPercent } from "~/lib/rules/progress-rules";
import { data, redirect } from "@remix-run/node";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { joinBatchWithTypedCode } from "~/models/batches.server";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Categories, Tests, Units } from "~/routes/_student+/__Levels";
import { AnnouncementsPanel, BatchMaterials, NothingAssigned, ReportAnswers, RunningTests, Tile } from "~/routes/_student+/__Panels";
import { requireStudent } from "~/models/auth.server";
import { DISMISSED_KEPT, dismissedAnnouncements, dismissedAnnouncementsCookie } from "~/lib/server/cookies.server";
import { safeRedirectPath } from "~/lib/rules/redirects";
import { dashboardPage, parseDashboardQuery } from "~/models/dashboard.server";
import { closeReportAnswer } from "~/models/question-reports.server";

export const meta: MetaFunction = () => [{ title: "Dashboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  const url = new URL(request.url);
  const dismissed = await dismissedAnnouncements(request.headers.get("Cookie"));
  return dashboardPage(user, { ...parseDashboardQuery(url), dismissed });
}

/** × on one announcement: it leaves the panel (this browser, a year); the others and any new one stay. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const form = await request.formData();
  const target = safeRedirectPath(form.get("back"), "/dashboard", "/dashboard");
  // a batch's join code, typed while no exam is assigned
  if (form.get("intent") === "join") {
    const joined = await joinBatchWithTypedCode(user.id, form.get("joinCode"));
    if (!joined.ok) return data({ joinError: joined.error }, { status: 400 });
    return redirectWithFlash("/dashboard", { type: "success", text: joined.message });
  }
  // × on an answer to one of the student's question reports
  const report = String(form.get("closeReport") ?? "").slice(0, 64);
  if (report) {
    closeReportAnswer(user.id, report);
    return redirect(target);
  }
  const id = String(form.get("dismiss") ?? "").slice(0, 64);
  const dismissed = await dismissedAnnouncements(request.headers.get("Cookie"));
  const next = id ? [id, ...dismissed.filter((d) => d !== id)].slice(0, DISMISSED_KEPT) : dismissed;
  return redirect(target, { headers: { "Set-Cookie": await dismissedAnnouncementsCookie.serialize(next) } });
}

export default function Dashboard() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/dashboard";
  return (
    <main className="mx-auto max-w-7xl px-4 py-6" aria-busy={loading}>
      {d.running.length ? <RunningTests d={d} /> : null}
      {d.level === "categories" ? (
        <>
          <h1 className="text-2xl font-bold">
            {d.returning ? "Welcome back" : "Welcome"}, {d.name}
          </h1>
          {loading ? (
            <p className="mt-1 text-sm text-slate-500" role="status">
              Loading your dashboard...
            </p>
          ) : null}
          <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Tile label="Available Tests" value={d.stats.available} />
            <Tile label="Tests Taken" value={d.stats.taken} />
            <Tile label="Average Score %" value={formatPercent(d.stats.average)} />
            <Tile label="Best Score %" value={formatPercent(d.stats.best)} />
          </dl>
          <p className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
            <Link to="/tests" className="text-sm font-semibold text-brand-700 hover:underline">
              All my tests: search, open now, upcoming →
            </Link>
            <Link to="/library" className="text-sm font-semibold text-brand-700 hover:underline">
              Library: study materials and books →
            </Link>
            {d.stats.taken > 0 ? (
              <>
                <Link to="/progress" className="text-sm font-semibold text-brand-700 hover:underline">
                  My progress: score trend, accuracy by unit, what to practise next →
                </Link>
                <Link to="/mistakes" className="text-sm font-semibold text-brand-700 hover:underline">
                  My mistakes: revise and practise them →
                </Link>
              </>
            ) : null}
          </p>
          {d.reportAnswers.length > 0 ? <ReportAnswers items={d.reportAnswers} /> : null}
          {d.announcements.items.length > 0 ? (
            <AnnouncementsPanel d={d} />
          ) : d.announcements.all > 0 ? (
            <p className="mt-4 text-sm">
              <Link to="/dashboard?announcements=all#ann-heading" className="font-semibold text-brand-700 hover:underline">
                All announcements ({d.announcements.all})
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        // below the first level the list comes first: the greeting and the tiles are on the first level only
        <h1 className="sr-only">Dashboard</h1>
      )}

      {!d.hasTypes ? (
        <NothingAssigned contact={d.contact} joinError={actionData?.joinError ?? null} />
      ) : d.level === "categories" ? (
        <>
          <Categories d={d} />
          <BatchMaterials items={d.batchMaterials} />
        </>
      ) : d.level === "units" ? (
        <Units d={d} />
      ) : (
        <Tests d={d} />
      )}
    </main>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
