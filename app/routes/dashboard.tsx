import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireStudent } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStudent(request);
  return { name: user.name };
}

export default function Dashboard() {
  const { name } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold">Welcome back, {name}</h1>
    </main>
  );
}
