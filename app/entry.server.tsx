import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { sendsPlainPage } from "~/lib/rules/plain-page";
import { checkpointWal, closeDatabase, db } from "~/db/db.server";
export { CHECKPOINTS_BY_PRIMARY } from "~/db/db.server";
import { seedIfEmpty, wipe } from "~/models/seed.server";
import { NonceContext } from "~/lib/browser/nonce";
import { sweepEndedSessions } from "~/models/session.server";
import { deliverDueMail } from "~/models/outbox.server";
import { normalizeStoredSignInNames } from "~/models/user.server";
import { sweepExpiredAttempts } from "~/models/attempt.server";

export { checkOrigin, schemeMismatchHint, securityHeaders } from "~/lib/server/http-guards.server";
// the site's own address (PUBLIC_URL, a trusted proxy's headers, or the Host): links and the Origin check
export { parsePublicUrl, siteOriginOf } from "~/lib/server/site-origin";
export { env, secureCookies } from "~/lib/server/env.server";
// for server/start.js: body limits and the request checks before any route reads a byte
export {
  discoveryProblem,
  mayBeFile,
  fieldCounter,
  fieldNamesProblem,
  fieldsVerdict,
  FORM_LIMIT,
  formKindOf,
  inspectBody,
  originRelativeTarget,
  TOO_LARGE_MESSAGE,
} from "~/lib/server/request-limits";
// what each route declares for those guards (handle.guards), and the one way every route fails for reasons not its own
export { directHandler, routeTable } from "~/lib/server/route-table.server";
export { guardedBuild } from "~/lib/server/guarded-build.server";
// who may send a large body (uploads are for admins): asked before more than an ordinary form is read
export { roleOfCookie } from "~/models/auth.server";
export { parseTrustProxy } from "~/lib/server/trust-proxy";
export { BUSY_MESSAGE, busyPage, RETRY_AFTER_SECONDS, writeFailedMessage, writeFailedPage } from "~/lib/server/db-errors.server";
// every finished answer of the framework is compressed in one call (server/start.js sendResponse)
export { encodeBody } from "~/lib/server/compress.server";
// the queue in front of the framework: a burst waits its turn, or is turned away (503) before the heap fills
export { WorkQueue } from "~/lib/server/work-queue";
// every answer to a signed-in browser is no-store (server/start.js)
export { isPrivateRequest } from "~/lib/rules/routing";
// replication (server/replication.js): the config from LITESTREAM_* and the database file it replicates
export { litestreamConfig } from "~/lib/server/litestream-config";
export { databaseFile } from "~/db/db.server";
export { watchReplication } from "~/models/replication.server";
// LiteFS: a replica replays writes on the primary (fly-replay) and skips migrations, seed and sweep
export { litefsRole, servedByReplica } from "~/lib/server/litefs";
/** for tools that build data sets (bench/): the same hash the app stores */
export { hashPassword } from "~/lib/server/password.server";

const ABORT_DELAY = 5_000;

/** Called once by server/start.js: opens the database (applying migrations) and seeds a first start. */
export async function bootstrap() {
  db();
  // roll numbers and phones stored under an older rule: brought to today's, so one student is one account
  const names = normalizeStoredSignInNames();
  if (names.changed) console.log(`sign-in names: ${names.changed} roll number(s) or phone(s) written as today's rule stores them`);
  for (const clash of names.clashes) console.warn(`sign-in names: two accounts are one student's (${clash}): merge them in User Management`);
  await seedIfEmpty();
}

/** `npm run db:migrate`: opens the database, which applies pending migrations. */
export function migrateDatabase() {
  db();
}

/** `npm run db:seed` */
export async function reseed() {
  db();
  wipe();
  await seedIfEmpty();
}

/**
 * The periodic sweep, run by one process (server/start.js, every SWEEP_SECONDS): closes attempts past
 * their deadline (GET pages show them closed without writing) and deletes ended sessions.
 */
export function sweep(now = new Date()) {
  try {
    return { attemptsClosed: sweepExpiredAttempts(now), sessionsEnded: sweepEndedSessions(+now) };
  } catch (error) {
    // a busy or read-only database: the next sweep tries again, and any write closes an attempt too
    console.error(`sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    return { attemptsClosed: 0, sessionsEnded: 0 };
  }
}

/**
 * The outbox's sender, run by one process (server/start.js, every MAIL_SECONDS): hands the e-mails that are due
 * to the academy's mail server (nothing when SMTP_URL is not set).
 */
export async function deliverMail() {
  try {
    const { sent, failed } = await deliverDueMail();
    if (sent || failed) console.log(`mail: ${sent} sent${failed ? `, ${failed} not taken by the mail server (tried again later)` : ""}`);
  } catch (error) {
    // a busy or read-only database: the next round tries again; no message is lost (they stay in the outbox)
    console.error(`mail failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The cluster's WAL checkpoint (server/start.js, every second): its web workers run none themselves. */
export function checkpoint() {
  try {
    return checkpointWal();
  } catch (error) {
    // a busy or read-only database: the next second tries again
    console.error(`checkpoint failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export function shutdown() {
  closeDatabase();
}

/**
 * Unexpected errors of loaders, actions and rendering (a database that cannot answer never gets here: the
 * guarded build answers it 503, app/lib/server/guarded-build.server.ts); a client error (4xx) logs one
 * line; a request the client gave up on logs nothing.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    // the client's mistake (a POST to a page without an action, an unknown address): anyone can send
    // these, so one line and no stack
    console.warn(`refused ${request.method} ${new URL(request.url).pathname}: ${error.status} ${error.statusText}`);
    return;
  }
  console.error(error);
}

/**
 * Renders the whole document before answering. No page streams (no deferred data), and a document in one
 * piece is compressed in one go by the server's one compression path (server/start.js sendResponse): streamed,
 * Remix flushes the compressor after every React chunk, which made compression cost more CPU than the rest.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext?.nonce === "string" ? loadContext.nonce : undefined;
  const plain = isPlainPage(remixContext);
  const page = (
    <NonceContext.Provider value={nonce}>
      <RemixServer context={plain ? withItsRoutesOnly(remixContext) : remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
    </NonceContext.Provider>
  );
  if (plain) {
    // a page without scripts (root.tsx, plain-page.ts) has nothing to stream and nothing to wait for: one call
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // as bytes: a string body is checked character by character for lone surrogates (0.2 ms for an exam page)
    return new Response(utf8.encode(`<!DOCTYPE html>${renderToStaticMarkup(page)}`), { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on("finish", () => {
      clearTimeout(timer);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(new Uint8Array(Buffer.concat(chunks)), { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

const utf8 = new TextEncoder();

/**
 * A plain page's context with only its own routes (the ones the address matched): the page sends no scripts, so no
 * browser learns the site's routes from it, and the framework builds and matches a route tree of three or four
 * routes for it instead of every route of the site (half a millisecond per exam page, decision 0016).
 */
function withItsRoutesOnly(context: EntryContext): EntryContext {
  const own = new Set(context.staticHandlerContext.matches.map((m) => m.route.id));
  const routes = Object.fromEntries(Object.entries(context.manifest.routes).filter(([id]) => own.has(id)));
  return { ...context, manifest: { ...context.manifest, routes } };
}

/** Whether the page about to render is a plain one (the same rule root.tsx follows, read from the framework's context). */
function isPlainPage(context: EntryContext): boolean {
  const { matches, loaderData, errors } = context.staticHandlerContext;
  if (errors) return false;
  return sendsPlainPage(
    matches.map((m) => context.routeModules[m.route.id]?.handle),
    loaderData.root as { scripted?: boolean; flash?: unknown } | undefined,
  );
}
