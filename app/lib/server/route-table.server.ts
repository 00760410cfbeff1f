/**
 * What the server's generic guards (server/start.js) need to know about a request's route, read from the
 * route itself: each route module may declare `handle.guards` (its body limit, whether it may be turned
 * away when the server is busy), and this looks it up through the build's own route manifest with the
 * framework's public route matching. No path pattern of any route is written here or in server/.
 */
import { matchRoutes } from "@remix-run/react";
import { Kept } from "~/lib/server/kept.server";
import { type BodyLimit, EDITOR_LIMIT, FORM_LIMIT, RESTORE_LIMIT, routePath, UPLOAD_LIMIT } from "~/lib/server/request-limits";

/** What a route declares for the guards in front of the framework (`export const handle = { guards: { … } }`). */
export type RouteGuards = {
  /** how large a body the route takes: an ordinary form unless it says otherwise (larger ones: admins only, to a file) */
  body?: "form" | "upload" | "editor" | "restore";
  /** false: never queued or turned away when the server is busy (the health check) */
  shed?: boolean;
};

const LIMITS: Record<NonNullable<RouteGuards["body"]>, BodyLimit> = { form: FORM_LIMIT, upload: UPLOAD_LIMIT, editor: EDITOR_LIMIT, restore: RESTORE_LIMIT };

/** A route as the server build lists it (`build.routes`): its module is read for `handle.guards`. */
export type BuiltRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module?: { handle?: unknown; default?: unknown; loader?: unknown; action?: unknown };
};

/** A route module's own loader or action, as the framework calls it. */
type RouteHandler = (args: { request: Request; params: Record<string, string | undefined>; context: Record<string, unknown> }) => unknown;

type RouteNode = { id: string; path?: string; index?: boolean; children?: RouteNode[] };

/** What the guards apply to one request. */
export type RequestGuards = {
  /** the deepest route that answers the address (its error boundary, or its nearest parent's, shows an error) */
  leafId: string | null;
  bodyLimit: BodyLimit;
  /** true when the route takes more than an ordinary form (admins only; the body goes to a file) */
  largeBody: boolean;
  shed: boolean;
  /** the route renders no page (a JSON or file answer): its refusals are JSON too */
  resource: boolean;
  /** the address's parameters, as the framework gives them to the route */
  params: Record<string, string | undefined>;
  /** a resource route's own loader and action (undefined for a page, or one the route does not export) */
  loader?: RouteHandler;
  action?: RouteHandler;
  /** a hydrated page's data request (`/x.data`): only the framework writes its answer's encoding */
  dataRequest: boolean;
  /** the framework answers a turned-away request (in its encoding, or as JSON), not the server's busy page */
  turnedAwayByFramework: boolean;
  /** waits in the render queue: everything but a resource route's own answer (it renders nothing) */
  queued: boolean;
};

/** The resource route's own loader (GET, HEAD) or action for a method, when the server may call it directly. */
export function directHandler(guards: RequestGuards, method: string): RouteHandler | undefined {
  if (!guards.resource || guards.dataRequest) return undefined;
  return method === "GET" || method === "HEAD" ? guards.loader : guards.action;
}

const NO_ROUTE = { leafId: null, bodyLimit: FORM_LIMIT, largeBody: false, shed: true, resource: false, params: {} };

/** The build's flat route list as the nested tree the framework's matching takes. */
export function routeTree(routes: Record<string, BuiltRoute | undefined>): RouteNode[] {
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
  return top;
}

function guardsOf(route: BuiltRoute | undefined): RouteGuards {
  const handle = route?.module?.handle as { guards?: RouteGuards } | undefined;
  return handle?.guards ?? {};
}

/**
 * The guards for each address of this build: `guardsFor(pathname)` (a page's `.data` address counts as the
 * page). Answers are kept per address (at most 2,000), as matching ranks every route each time.
 */
export function routeTable(routes: Record<string, BuiltRoute | undefined>) {
  const tree = routeTree(routes);
  const known = new Kept<RequestGuards>({
    name: "route guards",
    keeps: "what the guards in front of the framework apply to an address (its route, body limit, parameters)",
    key: "the request's path",
    invalidated: "never: it follows from this build's routes alone",
    maxEntries: 2000,
  });
  return {
    guardsFor(pathname: string): RequestGuards {
      const kept = known.get(pathname);
      if (kept) return kept;
      // a page's data request (`/x.data`) is the page's; anything else is matched as it is
      const dataRequest = pathname.endsWith(".data");
      const address = dataRequest ? routePath(pathname) : pathname;
      const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], address);
      const leaf = matches?.length ? (matches[matches.length - 1].route as RouteNode) : null;
      let found: RequestGuards = { ...NO_ROUTE, dataRequest, turnedAwayByFramework: dataRequest, queued: true };
      if (leaf) {
        const route = routes[leaf.id];
        const guards = guardsOf(route);
        const bodyLimit = LIMITS[guards.body ?? "form"];
        const module = route?.module;
        const resource = typeof module?.default !== "function";
        const params = matches?.[matches.length - 1]?.params ?? {};
        found = {
          leafId: leaf.id,
          bodyLimit,
          largeBody: bodyLimit !== FORM_LIMIT,
          shed: guards.shed !== false,
          resource,
          params,
          dataRequest,
          turnedAwayByFramework: dataRequest || resource,
          queued: !resource || dataRequest,
        };
        if (resource && typeof module?.loader === "function") found.loader = module.loader as RouteHandler;
        if (resource && typeof module?.action === "function") found.action = module.action as RouteHandler;
      }
      known.set(pathname, found);
      return found;
    },
  };
}

export type RouteTable = ReturnType<typeof routeTable>;
