import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { About, ExamStrip, Features, Hero } from "~/routes/_public+/__Intro";
import { AnnouncementDialog, Announcements, Popup } from "~/routes/_public+/__Announcements";
import { Contact } from "~/routes/_public+/__Contact";
import { Footer } from "~/routes/_public+/__Footer";
import { BookDialog, Books, Materials } from "~/routes/_public+/__Library";
import { SiteHeader } from "~/routes/_public+/__SiteHeader";
import { academy } from "~/lib/rules/academy";
import { requireSignedOut } from "~/models/auth.server";
import { contactSchema } from "~/lib/schemas/contact";
import { contactMailto } from "~/lib/rules/contact-rules";
import { closedPopupCookie } from "~/lib/server/cookies.server";
import { formToObject } from "~/lib/schemas/forms";
import { loadLanding } from "~/models/landing.server";
import { academyContact } from "~/models/academy-settings.server";

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
  return redirect(contactMailto(academyContact().email, parsed.data));
}

/** Opening and closing the dialogs only changes the URL: no reload of the page's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (!formMethod && currentUrl.pathname === "/" && nextUrl.pathname === "/" && nextUrl.searchParams.get("popup") !== "closed") return false;
  return defaultShouldRevalidate;
};

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
        <Contact contact={d.contact} />
      </main>
      <Footer contact={d.contact} />
      {openAnnouncement ? <AnnouncementDialog a={openAnnouncement} closeHref="/#announcements" /> : null}
      {openBook ? <BookDialog b={openBook} whatsappNumber={d.contact.whatsappNumber} /> : null}
      {!openAnnouncement && !openBook && d.popup ? <Popup a={d.popup} /> : null}
    </>
  );
}
