import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/models/auth.server";
import { searchUsers } from "~/models/admin-users.server";

/** Student search for pickers (at most 20 matches by name or e-mail). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return Response.json({ users: q.length >= 2 ? searchUsers(q) : [] }, { headers: { "Cache-Control": "no-store" } });
}
