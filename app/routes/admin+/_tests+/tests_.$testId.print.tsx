import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { patternLabel } from "~/lib/rules/exam-pattern";
import { RichText } from "~/components/RichText";
import { requireAdmin } from "~/models/auth.server";
import { PrintButton } from "~/components/PrintButton";
import { findTest, questionsOf } from "~/models/test.server";
import { BackLink } from "~/components/admin/ui";

/**
 * Print views of a test (/admin/tests/:testId/print?paper=questions|key), A4 and black-and-white
 * friendly: the question paper with an OMR-style answer grid, or the answer key with explanations.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.paper === "key" ? "Answer key" : "Question paper"} · ${data.test.title}` : "Test not found" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const test = findTest(params.testId ?? "");
  if (!test) throw new Response("Test not found", { status: 404 });
  const paper = new URL(request.url).searchParams.get("paper") === "key" ? ("key" as const) : ("questions" as const);
  return {
    paper,
    test: { id: test.id, title: test.title, duration: test.duration, total: test.totalQuestions },
    // "Marking: +2 for a right answer, −0.5 for a wrong one …" when the test has a pattern
    marking: patternLabel({ marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks }, questionsOf(test.id, test.currentVersion)),
    questions: questionsOf(test.id, test.currentVersion)
      .filter((q) => !q.dropped)
      .map((q) => ({
        id: q.id,
        question: q.question,
        options: q.options,
        correctAnswer: q.correctAnswer,
        explanation: q.explanation,
        section: q.section,
      })),
  };
}

const letter = (i: number) => String.fromCharCode(65 + i);

export default function PrintTest() {
  const d = useLoaderData<typeof loader>();
  const widest = Math.max(2, ...d.questions.map((q) => q.options.length));
  return (
    <main className="mx-auto max-w-3xl text-black print:max-w-none">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <BackLink to="/admin/tests">Test Management</BackLink>
        <span className="flex-1" />
        <Link to={`?paper=questions`} className={d.paper === "questions" ? "btn-primary" : "btn-secondary"}>
          Question paper
        </Link>
        <Link to={`?paper=key`} className={d.paper === "key" ? "btn-primary" : "btn-secondary"}>
          Answer key
        </Link>
        <PrintButton />
      </div>
      <header className="border-b-2 border-black pb-2">
        <h1 className="text-xl font-bold">
          {d.test.title}
          {d.paper === "key" ? ": Answer key" : ""}
        </h1>
        <p className="text-sm">
          {d.questions.length} questions · {d.test.duration} minutes
          {d.paper === "questions" ? " · Name: ______________________  Roll no.: __________" : ""}
        </p>
        {d.marking ? (
          <p className="text-sm" data-testid="print-marking">
            Marking: {d.marking}.
          </p>
        ) : null}
      </header>
      <ol className="mt-4 space-y-4">
        {d.questions.map((q, i) => (
          <li key={q.id} className="break-inside-avoid" data-testid="print-question">
            {/* a sectioned paper: each section's heading above its first question */}
            {q.section && q.section !== d.questions[i - 1]?.section ? (
              <h2 className="mb-2 border-b border-black text-base font-bold uppercase tracking-wide" data-testid="print-section">
                {q.section}
              </h2>
            ) : null}
            <p className="font-medium">
              {i + 1}. <RichText text={q.question} />
            </p>
            {d.paper === "questions" ? (
              <ol className="mt-1 grid grid-cols-2 gap-x-6 gap-y-0.5 pl-5 text-sm">
                {q.options.map((o, j) => (
                  <li key={j}>
                    ({letter(j)}) <RichText text={o} />
                  </li>
                ))}
              </ol>
            ) : (
              <div className="mt-1 pl-5 text-sm">
                <p>
                  Answer: <strong>({letter(q.correctAnswer)})</strong> {q.options[q.correctAnswer]}
                </p>
                {q.explanation ? (
                  <p className="mt-0.5 italic">
                    <RichText text={q.explanation} />
                  </p>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ol>
      {d.paper === "questions" ? (
        <section className="mt-8 break-before-page" aria-labelledby="omr-heading">
          <h2 id="omr-heading" className="text-lg font-bold">
            Answer sheet
          </h2>
          <p className="text-sm">Fill one circle per question completely.</p>
          <ol className="mt-3 grid grid-cols-2 gap-x-8 gap-y-1 text-sm sm:grid-cols-3 print:grid-cols-3" data-testid="omr-grid">
            {d.questions.map((q, i) => (
              <li key={q.id} className="flex items-center gap-1.5 tabular-nums">
                <span className="w-7 text-right">{i + 1}.</span>
                {Array.from({ length: widest }, (_, j) => (
                  <span
                    key={j}
                    className={`inline-flex h-5 w-5 items-center justify-center rounded-full border border-black text-[0.65rem] ${j >= q.options.length ? "invisible" : ""}`}
                  >
                    {letter(j)}
                  </span>
                ))}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </main>
  );
}
