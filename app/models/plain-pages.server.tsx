import type { MetaDescriptor } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { matchRoutes, Outlet, type RouteObject, useLoaderData } from "react-router-dom";
import { createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { DocumentShell, siteLinks } from "~/components/DocumentShell";
import { NavBar } from "~/components/NavBar";
import { NonceContext } from "~/lib/browser/nonce";
import { hasRunScript, plainTargetOf, UPGRADE_SCRIPT } from "~/lib/rules/plain-page";
import { rethrowIfDatabaseTrouble } from "~/lib/server/db-errors.server";
import { studentOfPageCookie } from "~/models/auth.server";
import type { SessionUser } from "~/models/user.server";
import { loadExamPage } from "~/models/exam-page.server";
import { resultsPageAt } from "~/models/results.server";
import ExamRoute, { handle as examHandle, meta as examMeta } from "~/routes/_exam+/test.$testId";
import ResultsRoute, { meta as resultsMeta } from "~/routes/_exam+/test.$testId_.results";

/**
 * The exam page and the results page for a browser that has never run the site's script
 * (app/lib/rules/plain-page.ts): their routes' own components, given the data their loaders give and
 * rendered in one call inside a static router of these two routes, in a document without scripts or
 * hydration data. What the framework adds to each document (all routes matched and ranked again, each
 * loader on a Request of its own, the data streamed a second time for hydration) is most of a
 * document's cost, and a page that is never hydrated needs none of it. On exam day a student without
 * JavaScript comes here after Start, each Save & Next and Finish (their posts: examFormFastPath).
 *
 * Anything else gives null and the framework renders the page as for everyone: another address, a
 * browser that has run the script, signed out or an admin, a message waiting (flash), the start card, a
 * page that is not found or redirects.
 */
export type PlainPage = { status: number; html: string };

/** What root.tsx's layout adds above these pages: the navigation bar (not above a running exam). */
type Frame = { user: SessionUser; focused: boolean };

function PlainFrame() {
  const { user, focused } = useLoaderData() as Frame;
  return (
    <>
      {focused ? null : <NavBar user={user} />}
      <Outlet />
    </>
  );
}

const PLAIN_ROUTES: RouteObject[] = [
  {
    id: "frame",
    Component: PlainFrame,
    children: [
      { id: "exam", path: "/test/:testId", Component: ExamRoute },
      { id: "results", path: "/test/:testId/results", Component: ResultsRoute },
    ],
  },
];

export async function plainPage(pathname: string, search: string, cookieHeader: string | undefined, nonce: string | undefined): Promise<PlainPage | null> {
  const target = plainTargetOf(pathname);
  if (!target || hasRunScript(cookieHeader) || cookieHeader?.includes("flash=")) return null;
  let testId: string;
  try {
    testId = decodeURIComponent(target.rawTestId);
  } catch {
    return null;
  }
  const user = await studentOfPageCookie(cookieHeader ?? null);
  if (!user) return null;
  const url = new URL(`${pathname}${search}`, "http://plain.local");
  try {
    return pageFor(target.page, user, testId, url, nonce);
  } catch (error) {
    // a fault in the render: the framework's page, with its error boundary if it fails there too
    // (a database that cannot answer is said as on any page: server/start.js)
    rethrowIfDatabaseTrouble(error);
    console.error(error);
    return null;
  }
}

function pageFor(kind: "exam" | "results", user: SessionUser, testId: string, url: URL, nonce: string | undefined): PlainPage | null {
  if (kind === "exam") {
    const page = loadExamPage(user, testId, url);
    if (page.state !== "in-progress") return null;
    const title = titleOf(examMeta({ data: page } as Parameters<typeof examMeta>[0]));
    // a running exam has the screen to itself, as in root.tsx
    return { status: 200, html: render("exam", url, page, title, { user, focused: examHandle.focused(page) }, nonce) };
  }
  const { page, status } = resultsPageAt(user, testId, url);
  if (page.state !== "found") return null;
  const title = titleOf(resultsMeta({ data: page } as Parameters<typeof resultsMeta>[0]));
  return { status, html: render("results", url, page, title, { user, focused: false }, nonce) };
}

function titleOf(meta: MetaDescriptor[] | undefined): string {
  const entry = meta?.find((m) => "title" in m) as { title?: unknown } | undefined;
  return String(entry?.title ?? "");
}

function render(routeId: string, url: URL, data: unknown, title: string, frame: Frame, nonce: string | undefined): string {
  const location = { pathname: url.pathname, search: url.search, hash: "", state: null, key: "default" };
  const matches = matchRoutes(PLAIN_ROUTES, location) ?? [];
  const context = {
    basename: "/",
    location,
    matches: matches as never,
    loaderData: { frame, [routeId]: data },
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
    _deepestRenderedBoundaryId: null,
  };
  const router = createStaticRouter(PLAIN_ROUTES, context);
  const html = renderToStaticMarkup(
    <NonceContext.Provider value={nonce}>
      <DocumentShell
        head={
          <>
            <title>{title}</title>
            {siteLinks.map((link) => (
              <link key={link.rel} {...link} />
            ))}
          </>
        }
        top={null}
        end={
          <script type="module" nonce={nonce}>
            {UPGRADE_SCRIPT}
          </script>
        }
      >
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
      </DocumentShell>
    </NonceContext.Provider>,
  );
  return `<!DOCTYPE html>${html}`;
}
