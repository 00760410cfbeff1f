import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { requireAdmin } from "~/models/auth.server";

export const ADMIN_TABS = [
  { to: "/admin", label: "Overview & Analytics", end: true },
  { to: "/admin/tests", label: "Test Management" },
  { to: "/admin/users", label: "User Management" },
  { to: "/admin/materials", label: "Study Materials" },
  { to: "/admin/books", label: "Books" },
  { to: "/admin/announcements", label: "Announcements" },
  { to: "/admin/csv", label: "CSV Management" },
  { to: "/admin/exam-types", label: "Exam Types" },
  { to: "/admin/backup", label: "Backup & Import" },
] as const;

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

/** The admin area's frame: the section tabs above the page. */
function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-4">
      {/* on a phone the tabs scroll sideways: a fade at the right edge says there are more */}
      <div className="relative -mx-4 mb-6 print:hidden">
        <nav aria-label="Admin sections" className="overflow-x-auto border-b border-slate-200 px-4">
          <ul className="flex min-w-max gap-1">
            {ADMIN_TABS.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={"end" in tab}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
                      isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
                    }`
                  }
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div
          aria-hidden="true"
          data-testid="tabs-more"
          className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-gradient-to-l from-slate-50 lg:hidden"
        />
      </div>
      {children}
    </div>
  );
}
