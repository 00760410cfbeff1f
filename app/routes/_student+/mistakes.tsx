import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { MistakeCard } from "~/routes/_student+/__MistakeCard";
import { StarForm } from "~/components/results/BookmarkButton";
import { safeRedirectPath } from "~/lib/rules/redirects";
import { starAnchor } from "~/lib/rules/star";
import { starSchema } from "~/lib/schemas/star-schema";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { requireStudent } from "~/models/auth.server";
import { loadMistakes, parseMistakeFilters, setBookmark } from "~/models/mistakes.server";
import { FilterSelect } from "~/components/FilterSelect";
import { PRACTICE_MAX, parsePracticeChoice, startPractice } from "~/models/practice.server";

/**
 * My mistakes (/mistakes): the questions the student last got wrong or skipped, across tests (released ones), or
 * the ones they starred; filters by category, test, section and topic; "Practise them" starts an untimed round.
 * Its action also stars and unstars a review's questions (the review's star posts here and comes back).
 */
export const meta: MetaFunction = () => [{ title: "My mistakes" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  return { ...loadMistakes(user, parseMistakeFilters(new URL(request.url))), practiceMax: PRACTICE_MAX };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStudent(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (form.has("star")) {
    const star = starSchema.safeParse(Object.fromEntries(form));
    if (!star.success || !setBookmark(user.id, star.data.target, star.data.on)) return data({ error: "This question cannot be starred." }, { status: 404 });
    // back to the question in its list, not the top of the page (without JavaScript the browser follows the fragment)
    return redirect(`${safeRedirectPath(star.data.redirectTo, "/", "/mistakes?show=bookmarked")}#${starAnchor(star.data.target)}`);
  }
  if (intent === "practice") {
    const round = startPractice(user.id, parsePracticeChoice(form));
    if (!round) return redirectWithFlash("/mistakes", { type: "info", text: "No questions to practise with that choice." });
    return redirect(`/practice/${round}`);
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function MistakesPage() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const starting = navigation.state === "submitting" && navigation.formData?.get("intent") === "practice";
  const f = d.filters;
  const href = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!("page" in change)) next.delete("page");
    const q = next.toString();
    return q ? `/mistakes?${q}` : "/mistakes";
  };
  const select = (name: "category" | "test" | "section" | "topic", label: string, options: Array<{ value: string; label: string }>) =>
    options.length ? <FilterSelect id={`f-${name}`} name={name} label={label} defaultValue={f[name]} allLabel="All" options={options} /> : null;
  const asChoices = (values: string[]) => values.map((v) => ({ value: v, label: v }));
  return (
    <main className="mx-auto max-w-4xl px-4 py-6">
      <Link to="/dashboard" className="btn-secondary px-3 py-1 text-sm">
        ← Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-bold">My mistakes</h1>
      <nav aria-label="Show" className="mt-3 flex flex-wrap gap-2">
        <Link
          to={href({ show: "" })}
          aria-current={f.show === "mistakes" ? "page" : undefined}
          className={f.show === "mistakes" ? "btn-primary" : "btn-secondary"}
        >
          Wrong or skipped
        </Link>
        <Link
          to={href({ show: "bookmarked" })}
          aria-current={f.show === "bookmarked" ? "page" : undefined}
          className={f.show === "bookmarked" ? "btn-primary" : "btn-secondary"}
        >
          Bookmarked
        </Link>
      </nav>
      {d.total === 0 ? (
        <p className="card mt-4 p-5 text-slate-600" data-testid="mistakes-empty">
          {f.show === "bookmarked"
            ? "No bookmarks yet. Star a question in a test's review to keep it here."
            : "No mistakes to revise. Questions you get wrong or skip appear here once a test's answers are shown."}{" "}
          <Link to="/dashboard" className="font-semibold text-brand-700 hover:underline">
            Choose a test
          </Link>
        </p>
      ) : (
        <>
          <Form method="get" className="card mt-4 grid gap-3 p-4 sm:grid-cols-5">
            {f.show === "bookmarked" ? <input type="hidden" name="show" value="bookmarked" /> : null}
            {select("category", "Exam category", d.choices.categories)}
            {select("test", "Test", d.choices.tests)}
            {select("section", "Section", asChoices(d.choices.sections))}
            {select("topic", "Topic", asChoices(d.choices.topics))}
            <div className="flex items-end">
              <button type="submit" className="btn-secondary w-full">
                Filter
              </button>
            </div>
          </Form>
          <Form method="post" className="card mt-3 flex flex-wrap items-end gap-3 p-4">
            <input type="hidden" name="intent" value="practice" />
            <input type="hidden" name="topic" value={f.topic} />
            <div>
              <label htmlFor="p-source" className="label">
                Practise
              </label>
              <select id="p-source" name="source" defaultValue={f.show === "bookmarked" ? "bookmarks" : "mistakes"} className="input">
                <option value="mistakes">My mistakes</option>
                <option value="bookmarks">My bookmarks</option>
                <option value="both">Both</option>
              </select>
            </div>
            <div>
              <label htmlFor="p-count" className="label">
                Questions (up to {d.practiceMax})
              </label>
              <input id="p-count" name="count" type="number" min={1} max={d.practiceMax} defaultValue={Math.min(20, d.practiceMax)} className="input w-24" />
            </div>
            <button type="submit" className="btn-primary" disabled={starting}>
              {starting ? "Starting…" : f.topic ? `Practise “${f.topic}”` : "Practise them"}
            </button>
            <p className="basis-full text-xs text-slate-600">An untimed round: it is scored and reviewed, and never counts as an attempt.</p>
          </Form>
          <p className="mt-4 text-sm text-slate-600">
            {d.matching} question{d.matching === 1 ? "" : "s"}
            {d.matching !== d.total ? ` of ${d.total}` : ""}
          </p>
          {d.items.length === 0 ? (
            <p className="card mt-2 p-5 text-slate-600">No question matches these filters.</p>
          ) : (
            <>
              <StarForm id="mistake-stars" redirectTo={href({})} />
              <ol className="mt-2 space-y-3">
                {d.items.map((item) => (
                  <MistakeCard key={item.key} item={item} starForm="mistake-stars" back={href({})} />
                ))}
              </ol>
            </>
          )}
          {d.pages > 1 ? (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
              {f.page > 1 ? <Link to={href({ page: String(f.page - 1) })}>← Previous</Link> : <span />}
              <span>
                Page {f.page} of {d.pages}
              </span>
              {f.page < d.pages ? <Link to={href({ page: String(f.page + 1) })}>Next →</Link> : <span />}
            </nav>
          ) : null}
        </>
      )}
    </main>
  );
}

export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
