import { Link } from "@remix-run/react";
import { RichText } from "~/components/RichText";
import { paragraphsOf } from "~/lib/rules/site-texts";

/** A page of the academy's own words (Terms of Service, Privacy Policy), readable signed in or not. */
export function SiteTextPage({ title, body }: { title: string; body: string }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Home
      </Link>
      <h1 className="mt-3 text-2xl font-bold">{title}</h1>
      <div className="mt-4 space-y-3 text-slate-700" data-testid="site-text">
        {paragraphsOf(body).map((p, i) => (
          // (a paragraph's text may repeat; its position is its identity)
          <p key={i} className="whitespace-pre-line">
            <RichText text={p} />
          </p>
        ))}
      </div>
    </main>
  );
}
