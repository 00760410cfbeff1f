import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { siteImageUrl } from "~/lib/site-images";
import { data, redirect } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Form, Link, useActionData, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Dialog, DialogCloseLink } from "~/components/Dialog";
import { academy } from "~/lib/academy";
import { requireSignedOut } from "~/lib/auth.server";
import { contactSchema } from "~/lib/contact";
import { checkContact, contactMailto } from "~/lib/contact-rules";
import { closedPopupCookie } from "~/lib/cookies.server";
import { formToObject } from "~/lib/forms";
import { BOOK_PLACEHOLDER, bookOrderLink } from "~/lib/links";
import { formatDate } from "~/lib/time";
import { loadLanding } from "~/models/landing.server";
import { LOGO_URL } from "~/lib/brand";

export const meta: MetaFunction = () => [
  { title: `${academy.name} · TET, SET, NET and TRB English Literature test series` },
  { name: "description", content: "Timed MCQ mock tests with explanations for TET, SET, NET and UG/PG/College TRB English Literature aspirants." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  const url = new URL(request.url);
  if (url.searchParams.get("popup") === "closed") {
    // without an id (an old link), the announcement popping up now is the one closed
    const id = popupId(url.searchParams.get("id")) || (loadLanding(new URL("/", url), null).popup?.id ?? "");
    return redirect("/", { headers: { "Set-Cookie": await closedPopupCookie.serialize(id) } });
  }
  const closed = await closedPopupCookie.parse(request.headers.get("Cookie"));
  return loadLanding(url, typeof closed === "string" ? closed : null);
}

/** The closed announcement's id as the cookie keeps it (an id of the app's shape, else nothing). */
function popupId(id: string | null | undefined): string {
  return id && /^[\w-]{1,64}$/.test(id) ? id : "";
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSignedOut(request);
  const form = formToObject(await request.formData());
  if (form.intent === "close-popup") {
    return data({ ok: true }, { headers: { "Set-Cookie": await closedPopupCookie.serialize(popupId(form.id)) } });
  }
  // the contact form without JavaScript: validated here, then the visitor's mail client opens
  const parsed = contactSchema.safeParse(form);
  if (!parsed.success) return data({ contactError: parsed.error.issues[0]?.message ?? "Error sending message", values: form }, { status: 400 });
  return redirect(contactMailto(academy.email, parsed.data));
}

/** Opening and closing the dialogs only changes the URL: no reload of the page's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === "/" && nextUrl.pathname === "/" && nextUrl.searchParams.get("popup") !== "closed") return false;
  return defaultShouldRevalidate;
};

type LandingData = ReturnType<typeof useLoaderData<typeof loader>>;

const SECTIONS = [
  ["home", "Home"],
  ["about", "About"],
  ["features", "Features"],
  ["announcements", "Announcements"],
  ["materials", "Materials"],
  ["books", "Books"],
  ["contact", "Contact"],
] as const;

const EXAMS = ["TET", "SET", "NET", "UG TRB", "PG TRB", "COLLEGE TRB", "TN TET", "KERALA SET", "UGC NET", "POLYTECHNIC TRB"];

export default function Landing() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const announcementId = params.get("announcement");
  const bookId = params.get("book");
  const openAnnouncement = announcementId ? (d.announcements.find((a) => a.id === announcementId) ?? d.openAnnouncement) : null;
  const openBook = bookId ? (d.books.find((b) => b.id === bookId) ?? d.openBook) : null;
  return (
    <>
      <SiteHeader />
      <main>
        <Hero />
        <About />
        <Features />
        <ExamStrip />
        <Announcements items={d.announcements} />
        <Materials items={d.materials} />
        <Books items={d.books} />
        <Contact />
      </main>
      <Footer />
      {openAnnouncement ? <AnnouncementDialog a={openAnnouncement} closeHref="/#announcements" /> : null}
      {openBook ? <BookDialog b={openBook} /> : null}
      {!openAnnouncement && !openBook && d.popup ? <Popup a={d.popup} /> : null}
    </>
  );
}

function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Site" className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2">
        <a href="#home" className="flex min-w-0 items-center gap-2">
          <img src={LOGO_URL} alt="" width={36} height={36} className="h-9 w-9" />
          <span className="truncate font-bold">{academy.name}</span>
        </a>
        <ul className="hidden items-center gap-4 text-sm font-medium text-slate-700 lg:flex">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="hover:text-brand-700">
                {label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-2">
          <details className="relative lg:hidden">
            <summary className="btn-secondary cursor-pointer list-none px-3 py-1.5" aria-label="Sections">
              Menu
            </summary>
            <ul className="absolute right-0 mt-2 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
              {SECTIONS.map(([id, label]) => (
                <li key={id}>
                  <a
                    // without JavaScript the page loads again at the section, with the menu closed;
                    // with it, the menu closes and the page scrolls there
                    href={`/?section=${id}#${id}`}
                    className="block px-4 py-2 text-sm hover:bg-slate-50"
                    onClick={(e) => {
                      e.preventDefault();
                      e.currentTarget.closest("details")?.removeAttribute("open");
                      window.location.hash = id;
                    }}
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
          <Link to="/login" className="btn-primary px-3 py-1.5">
            Login
          </Link>
        </div>
      </nav>
    </header>
  );
}

const STATS = [
  ["20,000+", "MCQs"],
  ["500+", "MCQ Practice Tests"],
  ["95%", "Success Rate"],
  ["24/7", "Expert Support"],
] as const;

function Hero() {
  return (
    <section id="home" className="scroll-mt-16 bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">TET · SET · NET · UG/PG/College TRB</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-extrabold leading-tight sm:text-5xl">
          Crack your English Literature exam with India's sharpest test series
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          Timed mock tests in the real exam pattern, detailed explanations for every question and results that show you exactly where to improve.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/login" className="btn bg-white px-6 py-3 text-base text-brand-800 hover:bg-brand-50">
            Start Your Journey
          </Link>
          <a href="#features" className="btn border border-white/40 px-6 py-3 text-base text-white hover:bg-white/10">
            Explore Features
          </a>
        </div>
        <dl className="mt-12 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {STATS.map(([value, label]) => (
            <div key={label} className="rounded-xl bg-white/10 p-4 text-center">
              <dd className="text-2xl font-extrabold sm:text-3xl">{value}</dd>
              <dt className="mt-1 text-sm text-brand-100">{label}</dt>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function About() {
  return (
    <section id="about" className="scroll-mt-16 mx-auto max-w-7xl px-4 py-14">
      <div className="grid items-center gap-8 md:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold">About {academy.name}</h2>
          <p className="mt-4 text-slate-700">
            We are a team of English Literature teachers who have coached aspirants for the Teacher Eligibility Test, the State and National Eligibility Tests
            and the Teachers Recruitment Board examinations for over a decade.
          </p>
          <p className="mt-3 text-slate-700">
            Every test is written by subject experts, from Chaucer to postcolonial theory, and follows the pattern of the examination it prepares you for. You
            practise on a screen that works like the real computer-based test, on any phone.
          </p>
        </div>
        <ul className="grid grid-cols-2 gap-3 text-center">
          {[
            ["Period-wise", "units from Old English to the present"],
            ["Exam pattern", "timed, with a real question palette"],
            ["Explained", "every answer, with the reason"],
            ["Tracked", "scores, ranks and progress"],
          ].map(([title, text]) => (
            <li key={title} className="card p-4">
              <p className="font-bold text-brand-700">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const FEATURES = [
  ["Timed Mock Tests", "Full-length and unit-wise tests with a server-held timer, exactly like exam day."],
  ["Detailed Explanations", "Every question comes with the correct answer and a short explanation after you finish."],
  ["Performance Analytics", "Your score, accuracy, rank and time per question, test after test."],
  ["Free Study Materials", "Notes and previous papers curated by our faculty, free to preview and download."],
] as const;

function Features() {
  return (
    <section id="features" className="scroll-mt-16 bg-white py-14">
      <div className="mx-auto max-w-7xl px-4">
        <h2 className="text-center text-3xl font-bold">Why students choose us</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(([title, text], i) => (
            <li key={title} className="card p-5">
              <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-brand-100 text-lg font-bold text-brand-700" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ExamStrip() {
  return (
    <section aria-label="Exams we prepare you for" className="overflow-hidden border-y border-slate-200 bg-brand-50 py-3">
      <div className="marquee flex w-max gap-10 whitespace-nowrap text-lg font-bold text-brand-800">
        {[...EXAMS, ...EXAMS].map((name, i) => (
          <span key={i} aria-hidden={i >= EXAMS.length ? "true" : undefined}>
            {name}
          </span>
        ))}
      </div>
    </section>
  );
}

function TypeBadge({ type }: { type: string }) {
  return <span className="badge bg-brand-100 capitalize text-brand-800">{type}</span>;
}

function Announcements({ items }: { items: LandingData["announcements"] }) {
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

function AnnouncementDialog({ a, closeHref }: { a: NonNullable<LandingData["popup"]>; closeHref: string }) {
  return (
    <Dialog labelledBy="announcement-title" closeHref={closeHref}>
      <AnnouncementFrame a={a} headingId="announcement-title" closeHref={closeHref} />
    </Dialog>
  );
}

function Popup({ a }: { a: NonNullable<LandingData["popup"]> }) {
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

function Materials({ items }: { items: LandingData["materials"] }) {
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
                    <a href={m.previewUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary flex-1">
                      Preview
                    </a>
                    <a href={m.downloadUrl} target="_blank" rel="noopener noreferrer" className="btn-primary flex-1">
                      Download
                    </a>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-8 text-center">
          <Link to="/login" className="btn-secondary">
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

function Books({ items }: { items: LandingData["books"] }) {
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
        <Link to="/login" className="btn-secondary">
          View All Books
        </Link>
      </div>
    </section>
  );
}

function BookDialog({ b }: { b: NonNullable<LandingData["openBook"]> }) {
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
        <a
          href={bookOrderLink(academy.whatsappNumber, b.title)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn bg-green-600 text-white hover:bg-green-700"
        >
          Order via WhatsApp
        </a>
      </div>
    </Dialog>
  );
}

type ContactState = "idle" | "sending" | "success" | "error";

function Contact() {
  const actionData = useActionData<typeof action>();
  const serverError = actionData && "contactError" in actionData ? actionData.contactError : null;
  const values = (actionData && "values" in actionData ? actionData.values : {}) as Record<string, string>;
  const [state, setState] = useState<ContactState>("idle");
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (state !== "success") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = checkContact(Object.fromEntries(new FormData(e.currentTarget)));
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setState("sending");
    try {
      window.location.href = contactMailto(academy.email, checked.value);
      setState("success");
      formRef.current?.reset();
    } catch {
      setState("error");
    }
  }

  const shownError = error ?? serverError;
  return (
    <section id="contact" className="scroll-mt-16 bg-white py-14">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 md:grid-cols-[1fr_1.4fr]">
        <div>
          <h2 className="text-3xl font-bold">Contact Us</h2>
          <p className="mt-3 text-slate-700">Questions about batches, fees or tests? Write to us and we will get back within a day.</p>
          <dl className="mt-6 space-y-3 text-slate-700">
            <div>
              <dt className="text-sm font-semibold text-slate-500">Phone</dt>
              <dd>
                <a href={`tel:${academy.phone.replace(/\s/g, "")}`} className="hover:underline">
                  {academy.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">Email</dt>
              <dd>
                <a href={`mailto:${academy.email}`} className="hover:underline">
                  {academy.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-slate-500">Address</dt>
              <dd>{academy.address}</dd>
            </div>
          </dl>
          <ul className="mt-6 flex gap-3">
            {academy.social.map((s) => (
              <li key={s.label}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="btn-secondary px-3 py-1.5">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <Form
          method="post"
          action="/?index#contact-form"
          id="contact-form"
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="card scroll-mt-20 space-y-4 p-5"
          aria-label="Contact form"
        >
          {state === "success" ? (
            <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-800">
              <p className="font-semibold">Message sent successfully!</p>
              <p>Your email client should open with the message ready to send.</p>
            </div>
          ) : null}
          {state === "error" ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              <p className="font-semibold">Error sending message</p>
              <p>Please try again or contact us directly.</p>
            </div>
          ) : null}
          {shownError ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {shownError}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field name="firstName" label="First Name" defaultValue={values.firstName} autoComplete="given-name" />
            <Field name="lastName" label="Last Name" defaultValue={values.lastName} autoComplete="family-name" />
          </div>
          <Field name="email" label="Email" type="email" defaultValue={values.email} autoComplete="email" />
          <Field name="subject" label="Subject" defaultValue={values.subject} />
          <div>
            <label htmlFor="message" className="label">
              Message
            </label>
            <textarea id="message" name="message" rows={5} className="input" defaultValue={values.message} maxLength={5000} />
          </div>
          <button type="submit" className="btn-primary w-full" disabled={state === "sending"}>
            {state === "sending" ? "Sending..." : "Send Message"}
          </button>
        </Form>
      </div>
    </section>
  );
}

function Field({
  name,
  label,
  type = "text",
  defaultValue,
  autoComplete,
}: {
  name: string;
  label: string;
  type?: string;
  defaultValue?: string;
  autoComplete?: string;
}) {
  return (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      <input id={name} name={name} type={type} className="input" defaultValue={defaultValue} autoComplete={autoComplete} maxLength={200} />
    </div>
  );
}

function Footer() {
  return (
    <footer className="bg-slate-900 py-10 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 font-bold text-white">
            <img src={LOGO_URL} alt="" width={28} height={28} className="h-7 w-7" />
            {academy.name}
          </p>
          <p className="mt-2 text-sm">{academy.tagline}.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-1 text-sm">
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="hover:text-white">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <p>{academy.phone}</p>
          <p>{academy.email}</p>
          <p>{academy.address}</p>
        </div>
      </div>
      <p className="mt-8 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {academy.name}. All rights reserved.
      </p>
    </footer>
  );
}
