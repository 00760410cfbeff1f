/**
 * The one way a route fails for reasons that are not its own, composed around every route's loader and action
 * once, when the server starts (server/start.js hands the framework this build instead of the raw one):
 * - a database that cannot answer (locked past the busy timeout, a full disk, read-only) is thrown on as a 503
 *   with Retry-After and words a person can act on, so the page's nearest error boundary says it inside its
 *   frame (a page's data request included) and the exam page's save queue retries (a JSON route's answer);
 * - a request the server turned away before any work (too many waiting, the heap near its limit) carries
 *   `context.turnedAway`: the route the address leads to throws that 503 at once, without doing its work.
 * Both are thrown through the framework's public `data()` / `Response`, which encodes them as it does any
 * route error: nothing of its wire format is written here.
 */
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { data } from "@remix-run/node";
import { databaseTrouble, databaseTroubleMessage, RETRY_AFTER_SECONDS } from "~/lib/server/db-errors.server";
import { type RouteTable, routeTable } from "~/lib/server/route-table.server";

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** The 503 a route throws: a page's route error (its boundary shows the words), or a JSON route's answer. */
export function unavailable(message: string, page: boolean): unknown {
  const headers = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };
  return page ? data(message, { status: 503, headers }) : Response.json({ ok: false, retry: true, error: message }, { status: 503, headers });
}

function turnedAwayMessage(context: AppLoadContext | undefined): string | undefined {
  return (context as { turnedAway?: string } | undefined)?.turnedAway;
}

function guarded(routeId: string, handler: Handler, page: boolean, table: RouteTable): Handler {
  return async (args) => {
    const turnedAway = turnedAwayMessage(args.context);
    if (turnedAway && table.guardsFor(new URL(args.request.url).pathname).leafId === routeId) throw unavailable(turnedAway, page);
    try {
      return await handler(args);
    } catch (error) {
      const trouble = databaseTrouble(error);
      if (!trouble) throw error;
      if (!args.request.signal.aborted) {
        console.error(`database unavailable on ${args.request.method} ${new URL(args.request.url).pathname}: ${(error as Error).message}`);
      }
      throw unavailable(databaseTroubleMessage(trouble), page);
    }
  };
}

/** The build with every loader and action guarded (see above); everything else is the build's own. */
export function guardedBuild(build: ServerBuild): ServerBuild {
  const table = routeTable(build.routes);
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = route.module;
    const page = typeof module.default === "function";
    const wrapped = { ...module };
    if (module.loader) wrapped.loader = guarded(id, module.loader as Handler, page, table) as typeof module.loader;
    if (module.action) wrapped.action = guarded(id, module.action as Handler, page, table) as typeof module.action;
    routes[id] = { ...route, module: wrapped };
  }
  return { ...build, routes };
}
