// The landing page's announcements: the section, the one opened as a dialog (?announcement=ID) and the popup.
import { Link, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { Dialog, DialogCloseLink } from "~/components/Dialog";
import { formatDate } from "~/lib/rules/time";
import type { LandingData } from "~/routes/_public+/__landing-types";

function TypeBadge({ type }: { type: string }) {
  return <span className="badge bg-brand-100 capitalize text-brand-800">{type}</span>;
}

export function Announcements({ items }: { items: LandingData["announcements"] }) {
  return (
    <section id="announcements" className="scroll-mt-16 mx-auto max-w-7xl px-4 py-14">
      <h2 className="text-3xl font-bold">Latest Announcements</h2>
      {items.length === 0 ? (
        <div className="card mt-6 p-10 text-center">
          <p className="text-lg font-semibold">No Announcements Yet</p>
          <p className="mt-1 text-slate-600">Check back soon for updates on courses, tests, and admissions!</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((a) => (
            <li key={a.id}>
              <Link
                to={`/?announcement=${a.id}`}
                preventScrollReset
                className="card block h-full overflow-hidden transition hover:shadow-md"
                data-testid="announcement-card"
              >
                {a.imageUrl ? <img src={a.imageUrl} alt="" width={640} height={320} loading="lazy" className="aspect-[2/1] w-full object-cover" /> : null}
                <div className="p-4">
                  <div className="flex items-center justify-between gap-2">
                    <TypeBadge type={a.type} />
                    <span className="text-xs text-slate-500">{formatDate(a.date)}</span>
                  </div>
                  <h3 className="mt-2 font-semibold">{a.title}</h3>
                  <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-slate-600">{a.content}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AnnouncementBody({ a, headingId }: { a: NonNullable<LandingData["popup"]>; headingId: string }) {
  return (
    <>
      {a.imageUrl ? (
        <a href={a.imageUrl} target="_blank" rel="noopener noreferrer" title="View full image">
          <img src={a.imageUrl} alt="" width={640} height={320} className="aspect-[2/1] w-full object-cover" />
          <span className="sr-only">View full image (opens in a new tab)</span>
        </a>
      ) : null}
      <div className="p-5">
        <div className="flex items-center gap-2">
          <TypeBadge type={a.type} />
          <span className="text-xs text-slate-500">{formatDate(a.date)}</span>
        </div>
        <h2 id={headingId} className="mt-2 text-xl font-bold">
          {a.title}
        </h2>
        <p className="mt-3 whitespace-pre-line text-slate-700">{a.content}</p>
      </div>
    </>
  );
}

/**
 * An announcement in a dialog: a × at the top and Close / Get Started at the bottom stay in view however
 * long the announcement is (only its text scrolls).
 */
function AnnouncementFrame({
  a,
  headingId,
  closeHref,
  onClose,
}: {
  a: NonNullable<LandingData["popup"]>;
  headingId: string;
  closeHref: string;
  onClose?: () => void;
}) {
  return (
    <div className="flex max-h-[90vh] flex-col">
      <div className="flex justify-end border-b border-slate-100 px-2 py-1">
        <DialogCloseLink href={closeHref} onClose={onClose} className="rounded-lg px-3 py-1 text-xl leading-none text-slate-600 hover:bg-slate-100">
          <span aria-hidden="true">×</span>
          <span className="sr-only">Dismiss</span>
        </DialogCloseLink>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="announcement-scroll">
        <AnnouncementBody a={a} headingId={headingId} />
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 p-4">
        <DialogCloseLink href={closeHref} onClose={onClose} />
        <Link to="/login" className="btn-primary">
          Get Started
        </Link>
      </div>
    </div>
  );
}

export function AnnouncementDialog({ a, closeHref }: { a: NonNullable<LandingData["popup"]>; closeHref: string }) {
  return (
    <Dialog labelledBy="announcement-title" closeHref={closeHref}>
      <AnnouncementFrame a={a} headingId="announcement-title" closeHref={closeHref} />
    </Dialog>
  );
}

export function Popup({ a }: { a: NonNullable<LandingData["popup"]> }) {
  const fetcher = useFetcher();
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const close = () => {
    setClosed(true);
    fetcher.submit({ intent: "close-popup", id: a.id }, { method: "post" });
  };
  const closeHref = `/?popup=closed&id=${encodeURIComponent(a.id)}`;
  return (
    <Dialog labelledBy="popup-title" closeHref={closeHref} onClose={close}>
      <AnnouncementFrame a={a} headingId="popup-title" closeHref={closeHref} onClose={close} />
    </Dialog>
  );
}
