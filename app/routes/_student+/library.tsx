import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { FilterSelect } from "~/components/FilterSelect";
import { MaterialLinks } from "~/components/MaterialLinks";
import { bookOrderLink } from "~/lib/rules/links";
import { formatDate } from "~/lib/rules/time";
import { requireStudent } from "~/models/auth.server";
import { libraryPage, parseLibraryQuery } from "~/models/library.server";

/** The library after sign-in: the student's study materials and the academy's books (no JavaScript needed). */
export const meta: MetaFunction = () => [{ title: "Library" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  return libraryPage(user, parseLibraryQuery(new URL(request.url)));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function Library() {
  const d = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/library";
  const filtered = Boolean(d.query.q || d.query.exam);
  return (
    <main className="mx-auto max-w-7xl px-4 py-6" aria-busy={searching}>
      <Link to="/dashboard" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Dashboard
      </Link>
      <h1 className="mt-2 text-2xl font-bold">Library</h1>
      <p className="text-sm text-slate-600">Study materials for your exams and batches, and the books the academy recommends.</p>

      <Form method="get" role="search" className="card mt-4 flex flex-wrap items-end gap-3 p-4">
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="library-q" className="label">
            Search
          </label>
          <input id="library-q" name="q" type="search" defaultValue={d.query.q} maxLength={100} placeholder="Title or description" className="input" />
        </div>
        <FilterSelect id="library-exam" name="exam" label="Exam" defaultValue={d.query.exam} allLabel="All my exams" options={d.examOptions} />
        <FilterSelect
          id="library-show"
          name="show"
          label="Show"
          defaultValue={d.query.show === "all" ? "" : d.query.show}
          allLabel="Materials and books"
          options={[
            { value: "materials", label: "Study materials" },
            { value: "books", label: "Books" },
          ]}
        />
        <button type="submit" className="btn-primary" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
        {filtered || d.query.show !== "all" ? (
          <Link to="/library" className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </Form>

      {d.materials ? <MaterialsSection materials={d.materials} filtered={filtered} /> : null}
      {d.books ? <BooksSection books={d.books} filtered={Boolean(d.query.q)} whatsappNumber={d.whatsappNumber} /> : null}
    </main>
  );
}

function MaterialsSection({ materials, filtered }: { materials: NonNullable<Data["materials"]>; filtered: boolean }) {
  return (
    <section aria-labelledby="materials-heading" className="mt-6">
      <h2 id="materials-heading" className="text-xl font-semibold">
        Study materials <span className="text-base font-normal text-slate-500">({materials.total})</span>
      </h2>
      {materials.items.length === 0 ? (
        <p className="card mt-3 p-6 text-center text-slate-600">
          {filtered ? "No study material matches your search." : "No study materials yet. Your teachers add notes and papers here."}
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {materials.items.map((m) => (
            <li key={m.id} className="card flex flex-col p-4" data-testid="library-material">
              <div className="flex items-center justify-between gap-2">
                <span className="badge bg-brand-100 text-brand-800">{m.examType}</span>
                <span className="text-xs text-slate-500">{formatDate(m.uploadDate)}</span>
              </div>
              <h3 className="mt-2 font-semibold">{m.title}</h3>
              {m.description ? <p className="mt-1 line-clamp-3 text-sm text-slate-600">{m.description}</p> : null}
              <div className="mt-auto flex gap-2 pt-3">
                <MaterialLinks previewUrl={m.previewUrl} downloadUrl={m.downloadUrl} size="flex-1 px-3 py-1.5" />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pages name="mpage" page={materials.page} pages={materials.pages} label="Study material pages" />
    </section>
  );
}

function BooksSection({ books, filtered, whatsappNumber }: { books: NonNullable<Data["books"]>; filtered: boolean; whatsappNumber: string }) {
  return (
    <section aria-labelledby="books-heading" className="mt-8">
      <h2 id="books-heading" className="text-xl font-semibold">
        Books <span className="text-base font-normal text-slate-500">({books.total})</span>
      </h2>
      {books.items.length === 0 ? (
        <p className="card mt-3 p-6 text-center text-slate-600">{filtered ? "No book matches your search." : "No books yet."}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {books.items.map((b) => (
            <li key={b.id} className="card flex flex-col overflow-hidden" data-testid="library-book">
              {/* a cover that cannot be loaded shows the placeholder (app/tailwind.css) */}
              <img
                src={b.coverUrl}
                alt={`Cover of ${b.title}`}
                width={300}
                height={400}
                loading="lazy"
                className="img-fallback-book aspect-[3/4] w-full bg-slate-200 object-cover"
              />
              <div className="flex flex-1 flex-col p-3">
                <h3 className="text-sm font-semibold">
                  <span className="line-clamp-2">{b.title}</span>
                </h3>
                {b.description ? <p className="mt-1 line-clamp-3 text-xs text-slate-600">{b.description}</p> : null}
                <a
                  href={bookOrderLink(whatsappNumber, b.title)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn mt-auto bg-green-600 px-2 py-1.5 text-xs text-white hover:bg-green-700"
                >
                  Order via WhatsApp
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pages name="bpage" page={books.page} pages={books.pages} label="Book pages" />
    </section>
  );
}

/** Previous and next for one of the page's two lists (the other list keeps its page). */
function Pages({ name, page, pages, label }: { name: "mpage" | "bpage"; page: number; pages: number; label: string }) {
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(params);
    next.set(name, String(n));
    return `/library?${next}`;
  };
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-2 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn-secondary px-3 py-1" preventScrollReset>
          ← Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="btn-secondary px-3 py-1" preventScrollReset>
          Next →
        </Link>
      ) : null}
    </nav>
  );
}

/** An error on this page keeps the navigation bar and leads back to the dashboard. */
export { StudentErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
