import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FilterSelect } from "~/components/FilterSelect";
import { useLinkClicks } from "~/lib/browser/link-clicks";
import { TEST_FILTERS } from "~/lib/rules/test-list";
import { requireStudent } from "~/models/auth.server";
import { allTestsPage, parseAllTestsQuery } from "~/models/all-tests.server";
import { TestCard } from "~/routes/_student+/__TestCard";

/** All my tests: every test the student can see in one list, searchable and filtered (no JavaScript needed). */
export const meta: MetaFunction = () => [{ title: "All my tests" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  return allTestsPage(user, parseAllTestsQuery(new URL(request.url)));
}

type Query = ReturnType<typeof useLoaderData<typeof loader>>["query"];

/** The address of the list with some of its query changed (the page goes back to 1 unless given). */
function hrefWith(query: Query, change: Partial<Record<"q" | "exam" | "filter" | "page", string | null>>): string {
  const next = new URLSearchParams();
  const merged = { q: query.q, exam: query.exam, filter: query.filter ?? "", page: "", ...change };
  for (const [key, value] of Object.entries(merged)) if (value) next.set(key, value);
  const text = next.toString();
  return text ? `/tests?${text}` : "/tests";
}

export default function AllTests() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const onLinkClick = useLinkClicks();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/tests";
  const narrowed = Boolean(d.query.q || d.query.exam || d.query.filter);
  return (
    <main className="mx-auto max-w-7xl px-4 py-6" aria-busy={loading}>
      <Link to="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold">All my tests</h1>

      {!d.hasTypes ? (
        <p className="card mt-4 p-6 text-slate-600">
          No exam is assigned to you yet, so there are no tests to show. <Link to="/dashboard">See what to do on your dashboard.</Link>
        </p>
      ) : (
        <>
          <Form method="get" role="search" className="card mt-4 flex flex-wrap items-end gap-3 p-4">
            <div className="min-w-[12rem] flex-1">
              <label htmlFor="tests-q" className="label">
                Search
              </label>
              <input id="tests-q" name="q" type="search" defaultValue={d.query.q} maxLength={100} placeholder="Title, description or unit" className="input" />
            </div>
            {d.examOptions.length > 1 ? (
              <FilterSelect id="tests-exam" name="exam" label="Exam" defaultValue={d.query.exam} allLabel="All my exams" options={d.examOptions} />
            ) : null}
            <FilterSelect id="tests-filter" name="filter" label="Show" defaultValue={d.query.filter ?? ""} allLabel="All tests" options={TEST_FILTERS} />
            <button type="submit" className="btn-primary" disabled={loading}>
              {loading ? "Searching..." : "Search"}
            </button>
          </Form>

          <nav aria-label="Quick filters" className="-mx-1 mt-1 flex flex-wrap gap-2">
            {[{ value: "", label: "All tests" }, ...TEST_FILTERS].map((f) => {
              const current = (d.query.filter ?? "") === f.value;
              return (
                <Link
                  key={f.value || "all"}
                  to={hrefWith(d.query, { filter: f.value })}
                  aria-current={current ? "page" : undefined}
                  className={`rounded-full border px-3 py-1 text-sm ${current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
                >
                  {f.label}
                </Link>
              );
            })}
          </nav>

          <p className="mt-3 text-sm text-slate-600" role="status">
            {narrowed ? `${d.total} of ${d.everything} tests` : `${d.total} ${d.total === 1 ? "test" : "tests"}`}
            {d.query.q ? ` match “${d.query.q}”` : ""}.
            {narrowed ? (
              <>
                {" "}
                <Link to="/tests" className="font-semibold text-brand-700 hover:underline">
                  Show all
                </Link>
              </>
            ) : null}
          </p>

          {d.tests.length === 0 ? (
            <p className="card mt-3 p-5 text-slate-600">{narrowed ? "No test matches. Try another search or filter." : "No tests here yet."}</p>
          ) : (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the clicks come from the links inside, which keyboards activate too
            <ul className="mt-3 grid gap-3 md:grid-cols-2 lg:grid-cols-3" onClick={onLinkClick}>
              {d.tests.map((t) => (
                <TestCard key={t.id} t={t} />
              ))}
            </ul>
          )}

          {d.pages > 1 ? (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-2 text-sm">
              {d.page > 1 ? (
                <Link to={hrefWith(d.query, { page: String(d.page - 1) })} className="btn-secondary px-3 py-1">
                  ← Previous
                </Link>
              ) : null}
              <span>
                Page {d.page} of {d.pages}
              </span>
              {d.page < d.pages ? (
                <Link to={hrefWith(d.query, { page: String(d.page + 1) })} className="btn-secondary px-3 py-1">
                  Next →
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </main>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
