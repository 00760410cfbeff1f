import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { ADMIN_TABS, currentTab } from "~/lib/rules/admin-sections";
import { requireAdmin } from "~/models/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

/** An error in any admin page or dialog shows inside the admin frame: the tabs stay. */
export function ErrorBoundary() {
  return (
    <AdminFrame>
      <GeneralErrorBoundary backHref="/admin" backLabel="Back to Admin Panel" />
    </AdminFrame>
  );
}

/** The admin area's frame: the section tabs above the page (on a phone, a menu of them). */
function AdminFrame({ children }: { children: ReactNode }) {
  const current = currentTab(useLocation().pathname);
  return (
    <div className="mx-auto max-w-7xl px-4 py-4">
      <div className="relative -mx-4 mb-6 print:hidden">
        <PhoneSections />
        <nav aria-label="Admin sections" className="hidden overflow-x-auto border-b border-slate-200 px-4 sm:block">
          <ul className="flex min-w-max gap-1">
            {ADMIN_TABS.map((tab) => (
              <li key={tab.to}>
                <Link
                  to={tab.to}
                  prefetch="intent"
                  aria-current={tab === current ? "page" : undefined}
                  className={`block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                    tab === current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-0 hidden w-10 bg-gradient-to-l from-slate-50 sm:block lg:hidden" />
      </div>
      {children}
    </div>
  );
}

/**
 * On a phone the nine tabs do not fit one line: the current section and "All sections", which opens every one of
 * them (a `<details>`: it works without JavaScript, and closes again on the next page).
 */
function PhoneSections() {
  const { pathname } = useLocation();
  const current = currentTab(pathname);
  return (
    <nav aria-label="Admin sections" className="border-b border-slate-200 sm:hidden">
      <details key={pathname} className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-2 text-sm" data-testid="sections-menu">
          <span className="font-semibold text-brand-700">{current.label}</span>
          <span className="font-medium text-slate-600">
            All sections <span aria-hidden="true">▾</span>
          </span>
        </summary>
        <ul className="grid grid-cols-2 gap-1 px-4 pb-3">
          {ADMIN_TABS.map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={tab === current ? "page" : undefined}
                className={`block rounded-md px-2 py-2 text-sm font-medium ${tab === current ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
