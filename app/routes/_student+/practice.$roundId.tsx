import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Explanation } from "~/components/results/Explanation";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { RichText } from "~/components/RichText";
import { requireStudent } from "~/models/auth.server";
import { finishPractice, practiceRound } from "~/models/practice.server";

/**
 * A practice round (/practice/:roundId): every question on one page, untimed, one form (works without
 * JavaScript); Submit scores it and the same page shows each question's key and explanation. Not an attempt.
 */
export const meta: MetaFunction = () => [{ title: "Practice round" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  const round = practiceRound(user.id, params.roundId ?? "");
  if (!round) throw new Response("Practice round not found", { status: 404 });
  return round;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const done = finishPractice(user.id, params.roundId ?? "", await request.formData());
  if (!done) throw new Response("Practice round not found", { status: 404 });
  return redirect(`/practice/${params.roundId}`);
}

export default function PracticeRound() {
  const round = useLoaderData<typeof loader>();
  const submitting = useNavigation().state === "submitting";
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <Link to="/mistakes" className="btn-secondary px-3 py-1 text-sm">
        ← My mistakes
      </Link>
      <h1 className="mt-4 text-2xl font-bold">Practice round</h1>
      {round.finished ? (
        <p className="card mt-3 p-4 text-lg font-semibold" data-testid="practice-score">
          {round.score} of {round.items.length} right. A question you get right in two rounds leaves My mistakes.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">
          Untimed. Choose an answer for each question, then submit: this round is not an attempt and counts nowhere.
        </p>
      )}
      <Form method="post" className="mt-4 space-y-3">
        <ol className="space-y-3">
          {round.items.map((item) => (
            <li key={item.n} className="card p-4" data-testid="practice-item" data-correct={round.finished ? String(item.correct) : undefined}>
              <fieldset>
                <legend className="font-medium">
                  <span className="mr-1 text-slate-500">{item.n}.</span>
                  <RichText text={item.question} />
                </legend>
                <p className="text-xs text-slate-500">
                  {item.testTitle}
                  {item.topic ? ` · ${item.topic}` : ""}
                </p>
                <div className="mt-2 space-y-1 text-sm">
                  {item.options.map((o, i) => {
                    const right = round.finished && i === item.correctAnswer;
                    const wrongChoice = round.finished && i === item.chosen && !right;
                    return (
                      <label
                        key={`${item.n}-${i}`}
                        className={`flex items-center gap-2 rounded-md border px-3 py-2 ${right ? "border-green-300 bg-green-50" : wrongChoice ? "border-red-300 bg-red-50" : "border-slate-200"}`}
                      >
                        <input type="radio" name={`a.${item.n}`} value={i} defaultChecked={item.chosen === i} disabled={round.finished} />
                        <span className="font-semibold">{String.fromCharCode(65 + i)}.</span> <RichText text={o} />
                        {right ? <span className="ml-auto font-semibold text-green-700">✓ Correct answer</span> : null}
                        {wrongChoice ? <span className="ml-auto font-semibold text-red-700">✗ Your answer</span> : null}
                      </label>
                    );
                  })}
                </div>
                {round.finished ? <Explanation text={item.explanation} /> : null}
              </fieldset>
            </li>
          ))}
        </ol>
        {round.finished ? (
          <Link to="/mistakes" className="btn-primary">
            Back to My mistakes
          </Link>
        ) : (
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? "Submitting…" : "Submit answers"}
          </button>
        )}
      </Form>
    </main>
  );
}

export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
