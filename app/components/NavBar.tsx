import { Form, Link, useNavigation } from "@remix-run/react";
import { academy } from "~/lib/rules/academy";
import { LOGO_URL } from "~/lib/rules/brand";

/** What the bar calls a role: a student is a Student, not a "user". */
export const roleLabel = (role: "user" | "admin") => (role === "admin" ? "Admin" : "Student");

export function NavBar({ user }: { user: { name: string; role: "user" | "admin" } }) {
  const navigation = useNavigation();
  const loggingOut = navigation.formAction === "/logout";
  const home = user.role === "admin" ? "/admin" : "/dashboard";
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <nav className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-2" aria-label="Main">
        <Link to={home} className="flex min-w-0 items-center gap-2">
          <img src={LOGO_URL} alt="" width={36} height={36} className="h-9 w-9 shrink-0" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-bold text-slate-900 sm:text-base">{academy.name}</span>
            <span className="block text-xs text-slate-500">{user.role === "admin" ? "Admin Panel" : "Student Portal"}</span>
          </span>
        </Link>
        <div className="flex items-center gap-3">
          <Link to="/account" className="hidden text-right hover:underline sm:block" title="My account">
            <span className="block max-w-[14rem] truncate text-sm font-medium" data-testid="nav-user-name">
              {user.name}
            </span>
            <span className="block text-xs text-slate-500">
              <span>{roleLabel(user.role)}</span> · <span className="text-brand-700">My account</span>
            </span>
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className="btn-secondary px-3 py-1.5" disabled={loggingOut}>
              {loggingOut ? "Logging out..." : "Logout"}
            </button>
          </Form>
        </div>
      </nav>
      <p className="px-4 pb-1 text-xs text-slate-600 sm:hidden">
        <span className="font-medium">{user.name}</span> · <span>{roleLabel(user.role)}</span> ·{" "}
        <Link to="/account" className="font-semibold text-brand-700 underline">
          My account
        </Link>
      </p>
    </header>
  );
}
