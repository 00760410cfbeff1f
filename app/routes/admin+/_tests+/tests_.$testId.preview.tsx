import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RichText } from "~/components/RichText";
import { requireAdmin } from "~/models/auth.server";
import { testPreview } from "~/models/admin-tests.server";
import { BackLink } from "~/components/admin/ui";

/**
 * Preview as a student (/admin/tests/:testId/preview?q=N): the start card and each question as the exam shows
 * them, without the key. Nothing is saved or counted: no attempt is made, no figure moves.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Preview · ${data.test.title}` : "Test not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const preview = testPreview(params.testId ?? "", Number(new URL(request.url).searchParams.get("q")));
  if (!preview) throw new Response("Test not found", { status: 404 });
  return preview;
}

export default function Preview() {
  const { test, current, question } = useLoaderData<typeof loader>();
  const at = (n: number) => `/admin/tests/${test.id}/preview${n ? `?q=${n}` : ""}`;
  return (
    <main className="mx-auto max-w-3xl">
      <BackLink to="/admin/tests">Test Management</BackLink>
      <p role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Preview as a student: nothing you choose here is saved or counted.
        {test.isActive ? "" : " This test is inactive: students do not see it yet."}
        {test.shuffled ? " Students get their own order of questions or options." : ""}
      </p>
      {question ? (
        <section className="card mt-3 p-4 sm:p-6" aria-labelledby="preview-question">
          <p className="text-sm text-slate-500">
            Question {current} of {test.totalQuestions}
          </p>
          <h1 id="preview-question" className="mt-1 text-lg font-semibold">
            <span className="mr-1 text-slate-500">Q{current}.</span>
            <RichText text={question.question} />
          </h1>
          <fieldset className="mt-4 space-y-2">
            <legend className="sr-only">Options</legend>
            {question.options.map((o, i) => (
              <label key={`${question.id}-${i}`} className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2">
                <input type="radio" name="preview" className="mt-1 h-4 w-4" />
                <span>
                  <span className="mr-1 font-semibold">{String.fromCharCode(65 + i)}.</span>
                  <RichText text={o} />
                </span>
              </label>
            ))}
          </fieldset>
          <nav aria-label="Preview questions" className="mt-6 flex flex-wrap gap-2">
            <Link to={at(current - 1)} className="btn-secondary">
              {current === 1 ? "Start card" : "Previous"}
            </Link>
            {current < test.totalQuestions ? (
              <Link to={at(current + 1)} className="btn-primary">
                Next
              </Link>
            ) : null}
          </nav>
        </section>
      ) : (
        <section className="card mt-3 p-6" aria-labelledby="preview-title">
          <h1 id="preview-title" className="text-2xl font-bold">
            {test.title}
          </h1>
          {test.description ? <p className="mt-2 text-slate-600">{test.description}</p> : null}
          <p className="mt-4 text-sm text-slate-700">
            {test.duration} min · {test.totalQuestions} questions · {test.maxAttempts ? `at most ${test.maxAttempts} attempts` : "unlimited attempts"}
          </p>
          {test.totalQuestions ? (
            <Link to={at(1)} className="btn-primary mt-6">
              Start preview
            </Link>
          ) : (
            <p className="mt-4 text-slate-600">This test has no questions yet.</p>
          )}
        </section>
      )}
    </main>
  );
}
