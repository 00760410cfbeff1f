import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { LoaderData } from "~/lib/browser/loader-data";
import { data, redirect } from "@remix-run/node";
import { type ClientLoaderFunctionArgs, Link, useLoaderData } from "@remix-run/react";
import { Exam } from "~/routes/_exam+/__Exam";
import { StartCard } from "~/routes/_exam+/__StartCard";
import { requireStudent } from "~/models/auth.server";
import { formFieldsOf } from "~/lib/server/form-body.server";
import { takePageData } from "~/lib/rules/page-handoff";
import type { PageHandle } from "~/lib/rules/plain-page";
import { examAction, loadExamPage } from "~/models/exam-page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const title = data && "test" in data ? data.test.title : "Test not found";
  return [{ title }];
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  const page = loadExamPage(user, params.testId ?? "", new URL(request.url));
  if (page.state === "finished") throw redirect(`/test/${params.testId}/results?attempt=${page.attemptId}`);
  return data(page, { status: page.state === "not-found" ? 404 : 200, headers: { "Cache-Control": "no-store" } });
}

/** The exam form's posts without JavaScript (Start, Save & Next, Finish); the hydrated page uses /api/… instead. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const result = examAction(user, params.testId ?? "", await formFieldsOf(request));
  if ("redirect" in result) return redirect(result.redirect);
  return data({ error: result.error }, { status: result.status });
}

/** After Start from a hydrated page, the exam comes from Start's own answer (app/lib/rules/page-handoff.ts). */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  return (takePageData(new URL(request.url)) as LoaderData<typeof loader> | undefined) ?? serverLoader<typeof loader>();
}

/**
 * While an attempt runs, the screen is the exam alone: no site navbar, no Logout (root reads this). A browser
 * that has never run the site's script gets the page without scripts (`plain`, app/lib/rules/plain-page.ts).
 */
export const handle = {
  focused: (data: unknown) => (data as { state?: string } | undefined)?.state === "in-progress",
  plain: true,
} satisfies PageHandle;

export default function TestPage() {
  const page = useLoaderData<typeof loader>();
  if (page.state === "not-found") return <NotFound />;
  if (page.state === "ready") return <StartCard page={page} />;
  if (page.state === "in-progress") return <Exam key={page.attempt.id} page={page} />;
  return null;
}

function NotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Test not found</h1>
      <p className="mt-2 text-slate-600">This test does not exist or is not available to you.</p>
      <Link to="/dashboard" className="btn-primary mt-6">
        Back to Dashboard
      </Link>
    </main>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
