import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { requireSignedOut } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSignedOut(request);
  return null;
}

export default function Landing() {
  return (
    <main id="home" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Landing</h1>
      <Link to="/login" className="btn-primary mt-6">
        Login
      </Link>
    </main>
  );
}
