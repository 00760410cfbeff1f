import { Link } from "@remix-run/react";

/** "← Back to …" above a page: to the list or area the page belongs to. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      ← Back to {children}
    </Link>
  );
}
