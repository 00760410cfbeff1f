// The landing page's free study materials and books (a book opened as a dialog: ?book=ID).
import { Link } from "@remix-run/react";
import { Dialog, DialogCloseLink } from "~/components/Dialog";
import { BOOK_PLACEHOLDER, bookOrderLink } from "~/lib/rules/links";
import { siteImageUrl } from "~/lib/rules/site-images";
import { useEffect, useRef, useState } from "react";
import { formatDate } from "~/lib/rules/time";
import type { LandingData } from "~/routes/_public+/__landing-types";
import { MaterialLinks } from "~/components/MaterialLinks";

export function Materials({ items }: { items: LandingData["materials"] }) {
  return (
    <section id="materials" className="scroll-mt-16 bg-white py-14">
      <div className="mx-auto max-w-7xl px-4">
        <h2 className="text-3xl font-bold">Free Study Materials</h2>
        {items.length === 0 ? (
          <div className="card mt-6 p-10 text-center">
            <p className="text-lg font-semibold">Study Materials Coming Soon</p>
            <p className="mt-1 text-slate-600">Our faculty are preparing notes and papers for you. Check back soon.</p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((m) => (
              <li key={m.id} className="card flex flex-col overflow-hidden">
                <img
                  src={m.thumbnailUrl}
                  alt=""
                  width={320}
                  height={180}
                  loading="lazy"
                  className="img-fallback-material aspect-video w-full bg-brand-50 object-cover"
                />
                <div className="flex flex-1 flex-col p-4">
                  <div className="flex items-center justify-between gap-2">
                    <span className="badge bg-brand-100 text-brand-800">{m.examType}</span>
                    <span className="text-xs text-slate-500">{formatDate(m.uploadDate)}</span>
                  </div>
                  <h3 className="mt-2 font-semibold">{m.title}</h3>
                  <p className="mt-1 line-clamp-3 text-sm text-slate-600">{m.description}</p>
                  <div className="mt-auto flex gap-2 pt-4">
                    <MaterialLinks previewUrl={m.previewUrl} downloadUrl={m.downloadUrl} size="flex-1" />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-8 text-center">
          <Link to="/library" className="btn-secondary">
            Access More Materials
          </Link>
        </div>
      </div>
    </section>
  );
}

function Cover({ src, title, className }: { src: string; title: string; className: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // an image that failed before hydration has already fired its error event
    if (ref.current?.complete && ref.current.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <img
      ref={ref}
      src={failed ? siteImageUrl(BOOK_PLACEHOLDER) : src}
      alt={`Cover of ${title}`}
      width={300}
      height={400}
      loading="lazy"
      onError={() => setFailed(true)}
      className={`img-fallback-book ${className}`}
    />
  );
}

export function Books({ items }: { items: LandingData["books"] }) {
  return (
    <section id="books" className="scroll-mt-16 mx-auto max-w-7xl px-4 py-14">
      <h2 className="text-3xl font-bold">Recommended Books</h2>
      {items.length === 0 ? (
        <div className="card mt-6 p-10 text-center">
          <p className="text-lg font-semibold">Books Coming Soon</p>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {items.map((b) => (
            <li key={b.id}>
              <Link to={`/?book=${b.id}`} preventScrollReset className="card block overflow-hidden transition hover:shadow-md" data-testid="book-card">
                <Cover src={b.coverUrl} title={b.title} className="aspect-[3/4] w-full bg-slate-200 object-cover" />
                {/* the clamp on an unpadded box: with the padding on it, half a third line showed under the ellipsis */}
                <p className="p-3 text-sm font-semibold">
                  <span className="line-clamp-2" data-testid="book-title">
                    {b.title}
                  </span>
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 text-center">
        <Link to="/library?show=books" className="btn-secondary">
          View All Books
        </Link>
      </div>
    </section>
  );
}

export function BookDialog({ b, whatsappNumber }: { b: NonNullable<LandingData["openBook"]>; whatsappNumber: string }) {
  return (
    <Dialog labelledBy="book-title" closeHref="/#books">
      <div className="p-5">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Book Details</p>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row">
          <Cover src={b.coverUrl} title={b.title} className="mx-auto aspect-[3/4] w-40 shrink-0 rounded-lg bg-slate-200 object-cover" />
          <div className="min-w-0">
            <h2 id="book-title" className="text-xl font-bold">
              {b.title}
            </h2>
            <p className="mt-1 text-sm text-slate-500">Added on {formatDate(b.createdAt)}</p>
            {b.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{b.description}</p> : null}
          </div>
        </div>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 p-4">
        <DialogCloseLink href="/#books" />
        <a href={bookOrderLink(whatsappNumber, b.title)} target="_blank" rel="noopener noreferrer" className="btn bg-green-600 text-white hover:bg-green-700">
          Order via WhatsApp
        </a>
      </div>
    </Dialog>
  );
}
