// The landing page's header: the logo, the section links and Sign In.
import { Link } from "@remix-run/react";
import { academy } from "~/lib/rules/academy";
import { LOGO_URL } from "~/lib/rules/brand";

/** The page's sections, in order: the header's and the footer's links. */
export const SECTIONS = [
  ["home", "Home"],
  ["about", "About"],
  ["features", "Features"],
  ["announcements", "Announcements"],
  ["materials", "Materials"],
  ["books", "Books"],
  ["contact", "Contact"],
] as const;

export function SiteHeader() {
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
