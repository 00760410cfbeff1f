import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

/** Every path the route table does not name: a real 404 page, with the way back. */
export async function loader() {
  return data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
}

export async function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-slate-600">This address does not lead to any page of the academy's site. Check the link, or go on from here:</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-secondary">
          Home page
        </Link>
        <Link to="/dashboard" className="btn-primary">
          My dashboard
        </Link>
      </div>
    </main>
  );
}
