import { Link } from "@remix-run/react";
import { band, bandClasses } from "~/lib/rules/score-display";

type Topic = { key: string; label: string; questions: number; correct: number; accuracy: number | null; practiceHref: string };

/** "My progress" by topic: accuracy over every released test, and the topics to practise next (links to My mistakes). */
export function ByTopic({ topics, practise }: { topics: Topic[]; practise: Topic[] }) {
  if (!topics.length) return null;
  return (
    <section aria-labelledby="topics-heading" className="card mt-4 p-5" data-testid="by-topic">
      <h2 id="topics-heading" className="text-lg font-bold">
        Accuracy by topic
      </h2>
      {practise.length ? (
        <div className="mt-2 rounded-md bg-amber-50 p-3 text-sm">
          <p className="font-semibold text-amber-900">Topics to practise next</p>
          <ul className="mt-1 space-y-1">
            {practise.map((t) => (
              <li key={t.key} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {t.label}: {t.correct} of {t.questions} right
                </span>
                <Link to={t.practiceHref} className="font-semibold text-brand-700 hover:underline">
                  Revise my mistakes in {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {topics.map((t) => (
          <li key={t.key} className="flex items-center justify-between gap-2 py-1.5" data-testid="topic-row">
            <span>{t.label}</span>
            <span className="whitespace-nowrap text-slate-600">
              {t.correct}/{t.questions} {t.accuracy === null ? null : <span className={`badge ${bandClasses[band(t.accuracy)]}`}>{t.accuracy}%</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
