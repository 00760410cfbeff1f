import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { siteImageUrl } from "~/lib/rules/site-images";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { DeleteLink, EmptyState, PageHeader } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { BOOK_PLACEHOLDER, safeImageSrc } from "~/lib/rules/links";
import { formatDate } from "~/lib/rules/time";
import { listBooks } from "~/models/content.server";

/** Books: the list; adding, editing and deleting are dialog routes (new, :bookId/edit, :bookId/delete). */
export const meta: MetaFunction = () => [{ title: "Books" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { books: listBooks().map((b) => ({ ...b, coverUrl: safeImageSrc(b.coverUrl, BOOK_PLACEHOLDER) })) };
}

function Cover({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? siteImageUrl(BOOK_PLACEHOLDER) : src}
      alt={`Cover of ${title}`}
      width={300}
      height={400}
      loading="lazy"
      onError={() => setFailed(true)}
      className="img-fallback-book aspect-[3/4] w-full bg-slate-200 object-cover"
    />
  );
}

export default function AdminBooks() {
  const d = useLoaderData<typeof loader>();
  return (
    <main>
      <PageHeader title="Books" description="Recommended books shown on the landing page, ordered through the chat app.">
        <Link to="/admin/books/new" preventScrollReset className="btn-primary">
          Add Book
        </Link>
      </PageHeader>
      {d.books.length === 0 ? (
        <EmptyState title="No books yet" text="Add the books you recommend; the first 8 appear on the landing page." />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {d.books.map((b) => (
            <li key={b.id} className="card flex flex-col overflow-hidden" data-testid="book-item">
              <Cover src={b.coverUrl} title={b.title} />
              <div className="flex flex-1 flex-col p-3">
                <p className="font-semibold">{b.title}</p>
                {b.description ? <p className="mt-1 line-clamp-3 text-sm text-slate-600">{b.description}</p> : null}
                <p className="mt-1 text-xs text-slate-500">Added {formatDate(b.createdAt)}</p>
                <div className="mt-auto flex gap-2 pt-3">
                  <Link to={`/admin/books/${b.id}/edit`} preventScrollReset className="btn-secondary flex-1 px-2 py-1 text-xs">
                    Edit
                  </Link>
                  <DeleteLink to={`/admin/books/${b.id}/delete`} className="flex-1" />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </main>
  );
}
