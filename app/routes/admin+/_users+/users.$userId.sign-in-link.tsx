import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { signInNameOf } from "~/lib/rules/sign-in-name";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SubmitButton, useUserListHref } from "~/components/admin/ui";
import { Dialog } from "~/components/Dialog";
import { requireAdmin } from "~/models/auth.server";
import { env } from "~/lib/server/env.server";
import { SIGN_IN_LINK_DAYS } from "~/lib/rules/sign-in-link-rules";
import { formatDateTime } from "~/lib/rules/time";
import { createSignInLinks } from "~/models/sign-in-links.server";
import { logActivity } from "~/models/activity.server";
import { findUserById } from "~/models/user.server";
import { useState } from "react";
import { useHydrated } from "~/lib/browser/hooks";
import { signInLinkMessage, whatsappShareHref } from "~/lib/rules/links";

/**
 * A one-time sign-in link for a user (/admin/users/:userId/sign-in-link): the academy's answer to
 * "forgot password" without e-mail. The link is shown once, to be sent by WhatsApp or printed.
 */
export const meta: MetaFunction = () => [{ title: "Sign-in Link" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  return { user: { id: user.id, name: user.name, email: signInNameOf(user), phone: user.email ? null : user.rollNumber } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const user = findUserById(params.userId ?? "");
  if (!user) throw new Response("User not found", { status: 404 });
  const [link] = createSignInLinks([user.id], new URL(request.url).origin);
  logActivity(admin, "sign-in-link", { target: user.name, detail: "a one-time sign-in link" });
  return { url: link.url, expiresAt: link.expiresAt, timeZone: env().ACADEMY_TIME_ZONE };
}

export default function SignInLink() {
  const { user } = useLoaderData<typeof loader>();
  const created = useActionData<typeof action>();
  const closeHref = useUserListHref();
  return (
    <Dialog labelledBy="link-title" closeHref={closeHref}>
      <div className="space-y-4 p-5">
        <h2 id="link-title" className="text-xl font-bold">
          Sign-in link for {user.name}
        </h2>
        {created ? (
          <>
            <p className="text-sm text-slate-700">
              Send this link to {user.email} (WhatsApp, SMS or on paper). It lets them set a password once, until{" "}
              {formatDateTime(created.expiresAt, created.timeZone)}. It is shown only now.
            </p>
            <label htmlFor="link-url" className="label">
              Link
            </label>
            <input
              id="link-url"
              readOnly
              value={created.url}
              className="input font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="sign-in-link"
            />
            <div className="flex flex-wrap justify-end gap-2">
              <CopyButton text={created.url} />
              <a
                href={whatsappShareHref(user.phone, signInLinkMessage(user.name, created.url))}
                target="_blank"
                rel="noopener noreferrer"
                className="btn bg-green-600 text-white hover:bg-green-700"
                data-testid="whatsapp-share"
              >
                Send on WhatsApp
              </a>
              <Link to={closeHref} className="btn-primary" preventScrollReset>
                Done
              </Link>
            </div>
          </>
        ) : (
          <Form method="post" className="space-y-4">
            <p className="text-sm text-slate-700">
              A one-time link lets {user.name} choose a new password without knowing the old one; it works for {SIGN_IN_LINK_DAYS} days. Creating a new link
              cancels their earlier unused links.
            </p>
            <div className="flex justify-end gap-2">
              <Link to={closeHref} className="btn-secondary" preventScrollReset>
                Cancel
              </Link>
              <SubmitButton pending="Creating...">Create Link</SubmitButton>
            </div>
          </Form>
        )}
      </div>
    </Dialog>
  );
}

/** Copy the link (with JavaScript; without it the field is selected on focus, for the phone's own copy). */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className="btn-secondary"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
        } catch {
          (document.getElementById("link-url") as HTMLInputElement | null)?.select();
        }
      }}
    >
      {copied ? "Copied" : "Copy Link"}
    </button>
  );
}
