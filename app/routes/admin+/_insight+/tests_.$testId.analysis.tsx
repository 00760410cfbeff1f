import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/admin/ui";
import { RichText } from "~/components/RichText";
import { requireAdmin } from "~/models/auth.server";
import { batchOptions } from "~/models/batches.server";
import { BatchFilter } from "~/routes/admin+/__BatchFilter";
import { testItemAnalysis } from "~/models/analytics.server";
import { BackLink } from "~/components/admin/ui";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Item analysis · ${data.test.title}` : "Test not found" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batch = new URL(request.url).searchParams.get("batch") ?? "";
  const analysis = testItemAnalysis(params.testId ?? "", batch);
  if (!analysis) throw new Response("Test not found", { status: 404 });
  return { ...analysis, batch, batches: batchOptions() };
}

const pct = (x: number | null) => (x === null ? "—" : `${Math.round(x * 100)}%`);

type Analysis = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ItemAnalysis() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <BackLink to="/admin/tests">Test Management</BackLink>
      <PageHeader
        title={`Item analysis: ${d.test.title}`}
        description="Facility: share who got the question right. Discrimination: top third minus bottom third of scorers (near 0 or negative: check the key or the distractors). Each version of the test is analysed over its own attempts."
      />
      <p className="mb-3">
        <a
          href={`/admin/tests/${d.test.id}/analysis.csv${d.batch ? `?batch=${encodeURIComponent(d.batch)}` : ""}`}
          download
          className="btn-secondary"
          data-testid="analysis-csv"
        >
          Download CSV
        </a>
      </p>
      <BatchFilter id="analysis-batch" batches={d.batches} value={d.batch} className="mb-4" />
      {d.versions.map((v) => (
        <VersionSection key={v.version} v={v} testId={d.test.id} />
      ))}
    </main>
  );
}

function VersionSection({ v, testId }: { v: Analysis["versions"][number]; testId: string }) {
  return (
    <section aria-labelledby={`version-${v.version}`} className="mb-6" data-testid="analysis-version">
      <h2 id={`version-${v.version}`} className="mb-2 font-semibold">
        Version {v.version}
        {v.current ? " (current)" : ""}: {v.attempts} finished attempt{v.attempts === 1 ? "" : "s"}
      </h2>
      {!v.current ? (
        <p className="mb-2 text-sm text-slate-600">
          Older questions, as these students saw them. A wrong key here?{" "}
          <Link to={`/admin/tests/${testId}/regrade`} className="font-medium text-brand-700 hover:underline">
            Regrade
          </Link>
        </p>
      ) : null}
      {v.attempts === 0 ? <p className="card p-5 text-slate-600">No finished attempts of this version yet.</p> : null}
      <ol className="space-y-3">
        {v.items.map((q) => {
          const flag = q.discrimination !== null && q.discrimination < 0.1;
          return (
            <li key={q.id} className={`card p-4 ${flag ? "border-amber-400" : ""}`} data-testid="item-row">
              <p className="font-medium">
                Q{q.n}. <RichText text={q.question} />
                {q.dropped ? <span className="ml-2 text-sm font-normal text-slate-500">(removed by a regrade: not counted)</span> : null}
              </p>
              <p className="mt-1 text-sm">
                Facility <strong>{pct(q.facility)}</strong> · Discrimination <strong>{q.discrimination === null ? "—" : q.discrimination.toFixed(2)}</strong>
                {flag ? <span className="ml-2 font-semibold text-amber-700">Check this question</span> : null}
              </p>
              <ul className="mt-2 space-y-1 text-sm">
                {q.options.map((o, j) => {
                  const share = v.attempts ? q.counts[j] / v.attempts : 0;
                  return (
                    <li key={j} className="flex items-center gap-2">
                      <span className={`w-48 truncate ${j === q.correctAnswer ? "font-semibold text-green-700" : ""}`}>
                        {String.fromCharCode(65 + j)}. {o} {j === q.correctAnswer ? "✓" : ""}
                      </span>
                      <span className="h-2 flex-1 rounded bg-slate-100" aria-hidden="true">
                        <span className={`block h-2 rounded ${j === q.correctAnswer ? "bg-green-600" : "bg-slate-400"}`} style={{ width: `${share * 100}%` }} />
                      </span>
                      <span className="w-20 text-right tabular-nums">
                        {q.counts[j]} ({Math.round(share * 100)}%)
                      </span>
                    </li>
                  );
                })}
                <li className="text-slate-500">Not answered: {q.blank}</li>
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
