import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { logActivity } from "~/models/activity.server";
import { signInNameOf } from "~/lib/rules/sign-in-name";
import { useLoaderData } from "@remix-run/react";
import { ConfirmDialog, useUserListHref } from "~/components/admin/ui";
import { requireAdmin } from "~/models/auth.server";
import { flashFailed } from "~/lib/server/failures.server";
import { redirectWithFlash } from "~/lib/server/flash.server";
import { userListHref } from "~/lib/rules/list-href";
import { attemptCountOfUser, deleteUser } from "~/models/admin-users.server";
import { findUserById } from "~/models/user.server";

/** Delete User, a confirmation dialog route over User Management (/admin/users/:userId/delete): says what goes. */
export const meta: MetaFunction = () => [{ title: "Delete User" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  return { user: { id: user.id, name: user.name, email: signInNameOf(user) }, attempts: attemptCountOfUser(user.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const back = userListHref(request.url);
  try {
    const r = deleteUser(params.userId ?? "", admin.id);
    if (!r.ok) return redirectWithFlash(back, { type: "error", text: r.error });
    logActivity(admin, "user-delete", { target: r.user.name });
    return redirectWithFlash(back, { type: "success", text: `User ${r.user.name} deleted` });
  } catch (error) {
    return flashFailed(error, "delete user", back, "Error deleting user. Please try again.");
  }
}

export default function DeleteUser() {
  const { user, attempts } = useLoaderData<typeof loader>();
  const closeHref = useUserListHref();
  return (
    <ConfirmDialog id={user.id} title={`Delete ${user.name}?`} closeHref={closeHref} label="Delete User">
      <p className="text-sm text-slate-700">
        The account of {user.email} is deleted together with {attempts ? `all ${attempts} of their test attempts` : "their test attempts"} and results. This
        cannot be undone. To keep their history, deactivate the account instead.
      </p>
    </ConfirmDialog>
  );
}
