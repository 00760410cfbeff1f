/**
 * A page's data request turned away before any work was done (the render queue is full, the heap is near its
 * limit, the database cannot answer): a hydrated page's navigation or form post asks `/some/page.data`, and
 * Remix's browser code can only read an answer in its own encoding (turbo-stream). A plain JSON 503 made it
 * fail to read the answer and show the root's "Something went wrong" page, losing the admin tabs or the
 * student's navigation bar. This answer carries the 503 and its message as the page's route error, so the
 * nearest error boundary (the admin layout's, a student page's) says it inside its frame.
 *
 * It is written in the encoding Remix v2's single fetch reads (a route's `{ error }` holding an
 * "ErrorResponse"); `tests/e2e/error-pages.spec.ts` fails if an upgrade reads it otherwise.
 */
import { matchRoutes } from "@remix-run/react";
import { encode } from "turbo-stream";

/** A route as the server build lists it (`build.routes`). */
export type BuiltRoute = { id: string; parentId?: string; path?: string; index?: boolean };

type RouteNode = { id: string; path?: string; index?: boolean; children?: RouteNode[] };

/** The page address a data request is for: "/admin/users.data" → "/admin/users", "/_root.data" → "/". */
export function pageAddressOf(dataPath: string): string {
  if (dataPath === "/_root.data") return "/";
  return dataPath.replace(/\.data$/, "") || "/";
}

/** The deepest route that answers `pathname` (the one whose error boundary, or its nearest parent's, shows). */
export function leafRouteIdOf(routes: Record<string, BuiltRoute | undefined>, pathname: string): string | null {
  const list = Object.values(routes).filter((r): r is BuiltRoute => r !== undefined);
  const nodes = new Map<string, RouteNode>();
  for (const r of list) nodes.set(r.id, { id: r.id, path: r.path, index: r.index });
  const top: RouteNode[] = [];
  for (const r of list) {
    const node = nodes.get(r.id) as RouteNode;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (!parent) top.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  // matchRoutes wants index routes without children
  for (const node of nodes.values()) if (node.index) delete node.children;
  const matches = matchRoutes(top as Parameters<typeof matchRoutes>[0], pathname);
  return matches?.length ? (matches[matches.length - 1].route as RouteNode).id : null;
}

class TurnedAway {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

/**
 * The body of a 503 for a data request (`method` and `url` as the browser sent them), in Remix's encoding:
 * a form post's route error, or the page's deepest route's error (the route a `_routes` list names last, else
 * the deepest route matching the address).
 */
export async function turnedAwayDataBody(routes: Record<string, BuiltRoute | undefined>, method: string, url: URL, message: string): Promise<string> {
  const error = new TurnedAway(503, message);
  let value: unknown;
  if (method !== "GET" && method !== "HEAD") value = { error };
  else {
    const listed = url.searchParams.get("_routes")?.split(",").filter(Boolean);
    const routeId = listed?.length ? listed[listed.length - 1] : leafRouteIdOf(routes, pageAddressOf(url.pathname));
    value = routeId ? { [routeId]: { error } } : {};
  }
  const stream = encode(value, {
    plugins: [(v: unknown) => (v instanceof TurnedAway ? ["ErrorResponse", v.message, v.status, "Service Unavailable"] : undefined)],
  });
  return new Response(stream).text();
}
