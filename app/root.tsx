import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { academy } from "~/lib/rules/academy";
import { getSessionUser } from "~/models/auth.server";
import { readFlash } from "~/lib/server/flash.server";
import { FlashMessage } from "~/components/FlashMessage";
import { useNonce } from "~/lib/browser/nonce";
import { hasKeptPageData } from "~/lib/rules/page-handoff";
import { DocumentShell, siteLinks } from "~/components/DocumentShell";
import { hasRunScript, type PageHandle, sendsPlainPage, UPGRADE_SCRIPT } from "~/lib/rules/plain-page";

export const links: LinksFunction = () => siteLinks;

export const meta: MetaFunction = () => [
  { title: `${academy.name} · ${academy.tagline}` },
  { name: "description", content: "Timed MCQ mock tests for TET, SET, NET and TRB English Literature aspirants." },
];

/**
 * The root's data (who is signed in, a flash message) changes with a form post (sign-in, logout, an
 * admin's save and its flash), not with a link that only changes the query of the same page (a dialog
 * such as ?start=confirm, a list's page), nor with a link to a test or its results, nor with a move to
 * a page whose data came with the last answer (Start, Finish: app/lib/rules/page-handoff.ts). Skipping it
 * matters because the exam and the results have a clientLoader: there the root's data would be a
 * request of its own.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (hasKeptPageData(nextUrl)) return false;
  if (!formMethod && (currentUrl.pathname === nextUrl.pathname || nextUrl.pathname.startsWith("/test/"))) return false;
  return defaultShouldRevalidate;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const { flash, clear } = await readFlash(request);
  // whether this browser has run the site's script (a page that may be plain is sent without it otherwise)
  const scripted = hasRunScript(request.headers.get("Cookie"));
  return data({ user: user ? { name: user.name, role: user.role } : null, flash, scripted }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  // a running exam has the screen to itself (its route's handle says when)
  const focused = matches.some((m) => (m.handle as PageHandle | undefined)?.focused?.(m.data) === true);
  // a page whose route allows it, for a browser that has never run the site's script: no scripts and no
  // hydration data, only a line that notes a browser can run them and loads the page again (plain-page.ts)
  const plain = sendsPlainPage(
    matches.map((m) => m.handle),
    data,
  );
  return (
    <DocumentShell
      head={
        <>
          <Meta />
          <Links />
        </>
      }
      top={
        <>
          <PendingBar />
          {data?.user && !focused ? <NavBar user={data.user} /> : null}
          {data?.flash ? <FlashMessage key={data.flash.text} flash={data.flash} /> : null}
        </>
      }
      end={
        plain ? (
          <script type="module" nonce={nonce}>
            {UPGRADE_SCRIPT}
          </script>
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )
      }
    >
      {children}
    </DocumentShell>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
