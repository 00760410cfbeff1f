import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { checkpointWal, closeDatabase, db } from "~/db/db.server";
export { CHECKPOINTS_BY_PRIMARY } from "~/db/db.server";
import { compressPage, compressResponse } from "~/lib/server/compress.server";
import { seedIfEmpty, wipe } from "~/models/seed.server";
import { NonceContext } from "~/lib/browser/nonce";
import { noteDatabaseTrouble, type RequestState } from "~/lib/server/db-errors.server";
import { sweepEndedSessions } from "~/models/session.server";
import { sweepExpiredAttempts } from "~/models/attempt.server";

export { checkOrigin, schemeMismatchHint, securityHeaders } from "~/lib/server/http-guards.server";
// the site's own address (PUBLIC_URL, a trusted proxy's headers, or the Host): links and the Origin check
export { parsePublicUrl, siteOriginOf } from "~/lib/server/site-origin";
export { env, secureCookies } from "~/lib/server/env.server";
// for server/start.js: body limits, TRUST_PROXY, and the 503 answer when the database cannot answer
export {
  bodyLimitFor,
  fieldCounter,
  fieldNamesProblem,
  fieldsVerdict,
  FORM_LIMIT,
  formKindOf,
  inspectBody,
  isLargeBodyRoute,
  manifestQueryProblem,
  originRelativeTarget,
  TOO_LARGE_MESSAGE,
} from "~/lib/server/request-limits";
// who may send a large body (uploads are for admins): asked before more than an ordinary form is read
export { roleOfCookie } from "~/models/auth.server";
export { parseTrustProxy } from "~/lib/server/trust-proxy";
export {
  BUSY_MESSAGE,
  busyPage,
  databaseTrouble,
  databaseTroubleMessage,
  databaseTroublePage,
  RETRY_AFTER_SECONDS,
  writeFailedMessage,
  writeFailedPage,
} from "~/lib/server/db-errors.server";
// a page's data request turned away (busy, database trouble): the 503 in Remix's encoding, shown inside the page's frame
export { turnedAwayDataBody } from "~/lib/server/turned-away-data.server";
// the queue in front of Remix: a burst waits its turn, or is turned away (503) before the heap fills
export { WorkQueue } from "~/lib/server/work-queue";
// the exam's JSON answers and Finish, answered before a framework request is built
export { examApiFastPath, examFormFastPath, isExamApiPath, isExamFormPath } from "~/models/exam-api.server";
export { encodeBody } from "~/lib/server/compress.server";
// the exam and results pages of a browser that has never run the site's script, rendered without the framework's document
export { plainPage } from "~/models/plain-pages.server";
export { isPlainPagePath } from "~/lib/rules/plain-page";
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
 * Unexpected errors of loaders, actions and rendering. A database that cannot answer marks the request
 * (server/start.js answers 503) and logs one line; a client error (4xx) logs one line; a request the
 * client gave up on logs nothing.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    // the client's mistake (a POST to a page without an action, an unknown address): anyone can send
    // these, so one line and no stack
    console.warn(`refused ${request.method} ${new URL(request.url).pathname}: ${error.status} ${error.statusText}`);
    return;
  }
  if (noteDatabaseTrouble(error, (context as { requestState?: RequestState } | undefined)?.requestState)) {
    console.error(`database unavailable on ${request.method} ${new URL(request.url).pathname}: ${(error as Error).message}`);
    return;
  }
  console.error(error);
}

/** Loader data for client-side navigations: buffered and compressed like documents. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  return compressResponse(request, response);
}

/**
 * Renders the whole document before answering. No page streams (no deferred data), and a document in
 * one piece is compressed in one go: streamed, Remix flushes the compressor after every React chunk,
 * which made gzip/brotli cost more CPU than the rest of the request. The page is compressed here, in
 * one call (see compress.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext?.nonce === "string" ? loadContext.nonce : undefined;
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
      const body = compressPage(request, Buffer.concat(chunks), responseHeaders);
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
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
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
