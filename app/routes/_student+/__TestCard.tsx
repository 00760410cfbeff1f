import { formatPercent } from "~/lib/rules/progress-rules";
import { band, bandClasses } from "~/lib/rules/score-display";
import type { LoaderData } from "~/lib/browser/loader-data";
import type { studentTestCards } from "~/models/dashboard.server";

export type TestCardData = LoaderData<ReturnType<typeof studentTestCards>>[number];

/** One test as a student sees it (the dashboard's unit, All my tests): its numbers, its window and its buttons. */
export function TestCard({ t }: { t: TestCardData }) {
  return (
    <li className="card flex flex-col p-4" data-testid="test-card">
      <div className="flex items-center justify-between gap-2">
        <span className="badge bg-brand-100 text-brand-800">{t.examType}</span>
        {t.best !== null ? <span className={`badge ${bandClasses[band(t.best)]}`}>Best {formatPercent(t.best)}</span> : null}
      </div>
      <h3 className="mt-2 text-lg font-bold">{t.title}</h3>
      {t.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{t.description}</p> : null}
      {t.unitNumber !== null ? (
        <p className="mt-2">
          <span className="badge bg-slate-100 text-slate-700">
            Unit {t.unitNumber}
            {t.unitName ? `: ${t.unitName}` : ""}
          </span>
        </p>
      ) : null}
      {t.closesNote && t.allowed ? (
        <p className="mt-2 text-sm font-medium text-amber-800" data-testid="closes-note">
          {t.closesNote}
        </p>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <li>{t.duration} min</li>
        <li>{t.totalQuestions} questions</li>
        <li>
          {t.attempts} attempt{t.attempts === 1 ? "" : "s"}
        </li>
        <li>{t.remaining === null ? "Unlimited attempts" : `${t.remaining} remaining`}</li>
        {t.last !== null ? <li>Last score {formatPercent(t.last)}</li> : null}
      </ul>
      <div className="mt-auto space-y-2 pt-4">
        {t.timeUp ? (
          // its time is over: opening the test closes the attempt and shows the result
          <a href={`/test/${t.id}`} className="btn-primary w-full">
            View Result
          </a>
        ) : t.allowed ? (
          <a href={`/test/${t.id}`} className="btn-primary w-full">
            {t.inProgress ? "Resume Test" : t.attempts > 0 ? "Retake Test" : "Start Test"}
          </a>
        ) : (
          <button type="button" disabled className="btn w-full whitespace-normal bg-slate-200 text-center text-slate-600" data-testid="start-refused">
            {t.windowNote ?? t.limitNote}
          </button>
        )}
        {t.attempts > 0 && !t.inProgress && !t.timeUp ? (
          <>
            <a href={`/test/${t.id}/results`} className="btn-secondary w-full">
              View Latest Result
            </a>
            <a href={`/progress#test-${t.id}`} className="block text-center text-sm font-semibold text-brand-700 hover:underline">
              View Analysis
            </a>
          </>
        ) : null}
      </div>
    </li>
  );
}
