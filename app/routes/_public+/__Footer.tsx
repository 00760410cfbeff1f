import type { AcademyContactShown } from "~/routes/_public+/__landing-types";
// The landing page's footer.
import { SECTIONS } from "~/routes/_public+/__SiteHeader";
import { academy } from "~/lib/rules/academy";
import { LOGO_URL } from "~/lib/rules/brand";

export function Footer({ contact }: { contact: AcademyContactShown }) {
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
          <p>{contact.phone}</p>
          <p>{contact.email}</p>
          <p>{contact.address}</p>
        </div>
      </div>
      <p className="mt-8 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {academy.name}. All rights reserved.
      </p>
    </footer>
  );
}
