import type { LoaderData } from "~/lib/browser/loader-data";
import { formatPercent } from "~/lib/rules/progress-rules";
import { Form, Link } from "@remix-run/react";
import { band, bandClasses } from "~/lib/rules/score-display";
import { useLinkClicks } from "~/lib/browser/link-clicks";
import { TestCard } from "~/routes/_student+/__TestCard";
import { formatDate } from "~/lib/rules/time";
import type { dashboardPage } from "~/models/dashboard.server";

/** The three levels of the student dashboard: exam categories, the units of one, the tests of a unit. */
type Data = LoaderData<ReturnType<typeof dashboardPage>>;

function Breadcrumb({ d }: { d: Extract<Data, { level: "units" | "tests" }> }) {
  const back = d.level === "tests" ? `/dashboard?type=${encodeURIComponent(d.type)}` : "/dashboard";
  return (
    <nav aria-label="Breadcrumb" className="mt-6 flex flex-wrap items-center gap-2 text-sm">
      <Link to={back} className="btn-secondary px-3 py-1">
        ← Back
      </Link>
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        <li>
          <Link to="/dashboard" className="hover:underline">
            Exam Categories
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          {d.level === "tests" ? (
            <Link to={`/dashboard?type=${encodeURIComponent(d.type)}`} className="hover:underline">
              {d.typeLabel}
            </Link>
          ) : (
            <span aria-current="page" className="font-semibold text-slate-900">
              {d.typeLabel}
            </span>
          )}
        </li>
        {d.level === "tests" ? (
          <>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-semibold text-slate-900">
              {d.unitName}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

export function Categories({ d }: { d: Extract<Data, { level: "categories" }> }) {
  const onLinkClick = useLinkClicks();
  return (
    <>
      <h2 className="mt-8 text-lg font-bold">Exam Categories</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {d.categories.map((c) => (
          <li key={c.value}>
            <Link
              to={`/dashboard?type=${encodeURIComponent(c.value)}`}
              prefetch="intent"
              className="card block p-4 transition hover:border-brand-600 hover:shadow"
            >
              <h3 className="text-lg font-bold">{c.label}</h3>
              <dl className="mt-2 grid grid-cols-2 gap-1 text-sm text-slate-600">
                <dt>Tests</dt>
                <dd className="text-right font-semibold text-slate-900">{c.tests}</dd>
                <dt>Units</dt>
                <dd className="text-right font-semibold text-slate-900">{c.units}</dd>
                <dt>Attempted</dt>
                <dd className="text-right font-semibold text-slate-900">
                  {c.attempted}/{c.tests}
                </dd>
                <dt>Avg Score</dt>
                <dd className="text-right">
                  {c.average === null ? "—" : <span className={`badge ${bandClasses[band(c.average)]}`}>{formatPercent(c.average)}</span>}
                </dd>
              </dl>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="recent-heading" className="mt-8">
        <h2 id="recent-heading" className="text-lg font-bold">
          Recent Test Results
        </h2>
        {d.recent.length === 0 ? (
          <p className="card mt-3 p-5 text-slate-600">No tests taken yet. Pick a category above to start your first test.</p>
        ) : (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks come from the links inside, which keyboards activate too
          <ul className="card mt-3 divide-y divide-slate-100" onClick={onLinkClick}>
            {d.recent.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
                <div className="min-w-0">
                  <p className="truncate font-medium">{r.title}</p>
                  <p className="text-sm text-slate-500">
                    {r.score}/{r.total} · {formatDate(r.completedAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className={`badge ${bandClasses[band(r.percent)]}`}>{formatPercent(r.percent)}</span>
                  <a href={`/test/${r.testId}/results?attempt=${r.id}`} className="text-sm font-semibold text-brand-700 hover:underline">
                    View Details
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export function Units({ d }: { d: Extract<Data, { level: "units" }> }) {
  return (
    <>
      <Breadcrumb d={d} />
      <h2 className="mt-4 text-lg font-bold">{d.typeLabel} · Units</h2>
      {d.units.length === 0 ? (
        <p className="card mt-3 p-5 text-slate-600">No tests in this category yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {d.units.map((u) => (
            <li key={u.key}>
              <Link
                to={`/dashboard?type=${encodeURIComponent(d.type)}&unit=${u.key}`}
                prefetch="intent"
                className="card block p-4 transition hover:border-brand-600 hover:shadow"
              >
                <p className="text-sm font-semibold text-brand-700">{u.unitNumber === null ? "General" : `Unit ${u.unitNumber}`}</p>
                <h3 className="text-lg font-bold">{u.unitName}</h3>
                <p className="mt-2 text-sm text-slate-600">
                  {u.tests} test{u.tests === 1 ? "" : "s"} · {u.attempted} attempted
                </p>
                <p className="mt-2 text-sm">
                  Average:{" "}
                  {u.average === null ? (
                    <span className="text-slate-500">—</span>
                  ) : (
                    <span className={`badge ${bandClasses[band(u.average)]}`}>{formatPercent(u.average)}</span>
                  )}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function Tests({ d }: { d: Extract<Data, { level: "tests" }> }) {
  const onLinkClick = useLinkClicks();
  return (
    <>
      <Breadcrumb d={d} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-bold">
          {d.typeLabel} · {d.unitName}
        </h2>
        <Form method="get" className="flex w-full gap-2 sm:w-auto" role="search">
          <input type="hidden" name="type" value={d.type} />
          <input type="hidden" name="unit" value={d.unit ?? ""} />
          <label htmlFor="q" className="sr-only">
            Search tests
          </label>
          <input id="q" name="q" type="search" defaultValue={d.q} placeholder="Search tests..." className="input sm:w-64" />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
      </div>
      {d.q ? (
        <p className="mt-2 text-sm text-slate-600">
          {d.tests.length} of {d.totalInUnit} tests match “{d.q}”.{" "}
          <Link to={`/dashboard?type=${encodeURIComponent(d.type)}&unit=${d.unit}`} className="font-semibold text-brand-700 hover:underline">
            Clear Search
          </Link>
        </p>
      ) : null}
      {d.tests.length === 0 ? (
        <p className="card mt-3 p-5 text-slate-600">{d.q ? "No tests match your search." : "No tests here yet."}</p>
      ) : (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks come from the links inside, which keyboards activate too
        <ul className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3" onClick={onLinkClick}>
          {d.tests.map((t) => (
            <TestCard key={t.id} t={t} />
          ))}
        </ul>
      )}
    </>
  );
}
