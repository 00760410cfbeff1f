import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  return { name: user.name };
}

export default function AdminOverview() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1 className="text-2xl font-bold">Overview & Analytics</h1>
      <p className="mt-1 text-slate-600">Signed in as {name}.</p>
    </main>
  );
}
