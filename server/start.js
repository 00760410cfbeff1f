// @ts-check
// Production server: Express in front of the Remix build. It adds what Remix v2 has no place for
// (security headers on every response, the Origin check on every non-GET request, request body
// limits, compression, long-lived caching of fingerprinted assets, load shedding) and runs migrations
// and the first-start seed; every request that passes is answered by the framework's request handler.
// Nothing here knows a URL of the product: what a route needs of these guards it declares in its own
// module (`handle.guards`, read through the build's route manifest: app/lib/server/route-table.server.ts).
// WEB_CONCURRENCY (default: the number of CPUs, at most 4) starts that many worker processes on one
// port; they share the SQLite file (WAL) and the sign-in throttle table.
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import v8 from "node:v8";
import path from "node:path";
import { Readable } from "node:stream";
import { createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";

if (!process.env.NODE_ENV) {
  // `npm start` on a developer's or self-hoster's machine: production React, but a session secret
  // generated into the data folder and cookies usable over plain http. Containers set NODE_ENV
  // themselves and must then provide SESSION_SECRET.
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET_AUTOGEN ??= "true";
  process.env.SECURE_COOKIES ??= "false";
}
import { fileURLToPath } from "node:url";
import { loadBuild, root } from "./build.js";
import { discardRestOfBody, readBodyToMemory, streamBodyToFile } from "./bodies.js";
import { runUnderLitestream, UNDER_LITESTREAM } from "./replication.js";

// `server` is the build's entry module, typed by app/server-api.ts (checked by npm run typecheck)
const { build, entry: server } = await loadBuild();
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism?.() ?? os.cpus().length, 4)));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const LISTEN_BACKLOG = 4096;
/** an ordinary form still arriving after this is cut (408) */
const SMALL_BODY_DEADLINE_MS = 60_000;
/** a large body (an admin's upload) is cut when it arrives slower than 10 KB/s over 30 s, or takes over 15 minutes */
const LARGE_BODY_PACE = { minBytesPerWindow: 300 * 1024, windowMs: 30_000, deadlineMs: 15 * 60_000 };
/** past this share of the JavaScript heap, a worker turns new page requests away (503) instead of running out of memory */
const HEAP_SHED_FRACTION = 0.8;
/** a worker that cannot listen exits with this code; the primary then stops instead of re-forking */
const EXIT_CANNOT_LISTEN = 78;

/** @type {import("../app/lib/server/trust-proxy").TrustProxy} */
let trustProxy;
try {
  trustProxy = server.parseTrustProxy(process.env.TRUST_PROXY);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const parsedPublicUrl = server.parsePublicUrl(process.env.PUBLIC_URL);
if (!parsedPublicUrl.ok) {
  console.error(`Invalid environment:\n${parsedPublicUrl.error}`);
  process.exit(1);
}
/** PUBLIC_URL's origin, when set */
const publicOrigin = parsedPublicUrl.origin;

if (cluster.isPrimary && !process.env[UNDER_LITESTREAM]) {
  // LITESTREAM_REPLICA_URL set: restore if the disk is empty, then run this same script under
  // `litestream replicate -exec` (server/replication.js); a wrong variable stops here with its message
  const replication = server.litestreamConfig(process.env, server.databaseFile());
  if (!replication.ok) {
    console.error(replication.error);
    process.exit(1);
  }
  if (replication.settings)
    await runUnderLitestream({ settings: replication.settings, databaseFile: server.databaseFile(), entry: server, script: fileURLToPath(import.meta.url) });
}

if (cluster.isPrimary) {
  // migrations and the first-start seed run once, before any worker serves (on a LiteFS read replica
  // the primary does them, and the sweep: this copy is only read)
  if (server.litefsRole().role === "primary") {
    await server.bootstrap();
    // bodies of requests a previous run did not finish (a crash, a kill) are not kept
    fs.rmSync(path.join(path.dirname(path.resolve(server.databaseFile())), "uploads"), { recursive: true, force: true });
    startSweep();
    startMail();
  }
  // under Litestream: a warning in the log when the replica falls more than a few seconds behind
  if (process.env[UNDER_LITESTREAM]) server.watchReplication();
  if (workers === 1) {
    serve();
  } else {
    server.shutdown();
    // the workers leave WAL checkpoints to this process (one a second), off their requests' path; under
    // Litestream, to Litestream (as its tips advise: a checkpoint of the app's can race its lock switch);
    // a LiteFS replica writes nothing
    const writer = server.litefsRole().role === "primary";
    const workerEnv = writer ? { [server.CHECKPOINTS_BY_PRIMARY]: "1" } : {};
    if (writer && !process.env[UNDER_LITESTREAM]) startCheckpoints();
    for (let i = 0; i < workers; i++) cluster.fork(workerEnv);
    let stopping = false;
    let announced = false;
    cluster.on("listening", () => {
      if (announced) return;
      announced = true;
      console.log(`Academy test series listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port} (${workers} workers)`);
    });
    const stopAll = (code = 0) => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
      setTimeout(() => process.exit(code), 5000).unref();
      cluster.on("exit", () => {
        if (!Object.keys(cluster.workers ?? {}).length) process.exit(code);
      });
    };
    cluster.on("exit", (worker, code, signal) => {
      if (stopping) return;
      if (code === EXIT_CANNOT_LISTEN) {
        console.error(`Stopping: port ${port} on ${host} cannot be used (see the worker's message above).`);
        stopAll(1);
        return;
      }
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      cluster.fork(workerEnv);
    });
    process.on("SIGTERM", () => stopAll(0));
    process.on("SIGINT", () => stopAll(0));
  }
} else {
  // a worker whose primary is gone stops too
  process.on("disconnect", () => process.exit(0));
  serve();
}

/**
 * One process (the primary) closes attempts past their deadline and deletes ended sessions every
 * SWEEP_SECONDS (default 60, 0 = never): pages only read, so this and the next write are what close them.
 */
function startSweep() {
  const seconds = Number(process.env.SWEEP_SECONDS ?? 60);
  if (!(seconds > 0)) return;
  const timer = setInterval(() => {
    const { attemptsClosed } = server.sweep();
    if (attemptsClosed) console.log(`sweep: closed ${attemptsClosed} attempt(s) past their deadline`);
  }, seconds * 1000);
  timer.unref();
}

/**
 * One process (the primary) hands the outbox's due e-mails to the academy's mail server every MAIL_SECONDS
 * (default 5; nothing happens without SMTP_URL); a round still sending when the next is due is not doubled.
 */
function startMail() {
  const seconds = Number(process.env.MAIL_SECONDS ?? 5);
  if (!(seconds > 0) || !process.env.SMTP_URL) return;
  let sending = false;
  const timer = setInterval(async () => {
    if (sending) return;
    sending = true;
    try {
      await server.deliverMail();
    } finally {
      sending = false;
    }
  }, seconds * 1000);
  timer.unref();
}

/**
 * The cluster's WAL checkpoints, one a second: PASSIVE, so no reader or writer waits for one, and a RESTART
 * when the WAL has grown past its threshold anyway (checkpointWal in app/db/db.server.ts). A web worker that
 * ran them itself did so inside the request whose write filled the WAL.
 */
function startCheckpoints() {
  setInterval(() => server.checkpoint(), 1000).unref();
}

/**
 * One line per refused request, never a stack: anyone can send these.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {number} status
 * @param {string} message
 */
function refuse(req, res, status, message) {
  console.warn(`refused ${req.method} ${req.path}: ${status} ${message}`);
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}

/**
 * The field names of a small form, or null when it cannot be read as a form (a malformed multipart body is
 * answered 400 here, before a route's formData() would fail with a stack).
 * @param {string} contentType
 * @param {Buffer} body
 * @returns {Promise<string[] | null>}
 */
async function formFieldNames(contentType, body) {
  try {
    if (!contentType.toLowerCase().startsWith("multipart/")) return [...new URLSearchParams(body.toString("utf8")).keys()];
    const form = await new Response(/** @type {BodyInit} */ (/** @type {unknown} */ (body)), { headers: { "Content-Type": contentType } }).formData();
    return [...form.keys()];
  } catch {
    return null;
  }
}

/** @param {string | string[] | undefined} value */
function header(value) {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The headers Remix gets. Origin is left out: the server has checked it against this site's address
 * (checkOrigin), and Remix's own check compares it with the Host header only, which a proxy may have
 * rewritten (it answered 500 with a stack where ours had said yes).
 * @param {import("node:http").IncomingHttpHeaders} incoming
 */
function requestHeaders(incoming) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (name === "origin") continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The framework's finished answers: documents, a page's data (turbo-stream), JSON. */
const WHOLE_ANSWER = /^(text\/html|text\/x-script|application\/json)/;

/**
 * @param {import("express").Response} res
 * @param {Response} response
 */
async function sendResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body && WHOLE_ANSWER.test(response.headers.get("content-type") ?? "")) {
    // a page, its data, a JSON answer: finished before it is sent, so it is compressed in one call
    // (compress.server.ts) and goes out in one write with its length; a download streams as it is made,
    // through the compression middleware
    /** @type {Buffer} */
    let body = Buffer.from(await response.arrayBuffer());
    if (!response.headers.has("content-encoding")) {
      const sent = server.encodeBody(header(res.req.headers["accept-encoding"]) ?? null, body);
      res.append("Vary", "Accept-Encoding");
      if (sent.encoding) res.setHeader("Content-Encoding", sent.encoding);
      body = sent.body;
    }
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

function serve() {
  const app = express();
  app.disable("x-powered-by");
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);
  // every loader and action with the one way to fail for reasons not its own (app/lib/server/guarded-build.server.ts)
  const guardedBuild = server.guardedBuild(build);
  const handleRemixRequest = createRequestHandler(guardedBuild, "production");
  // what each route declares for the guards below (its body limit, whether it may be turned away), read from
  // the route's own `handle.guards` through the build's route manifest (app/lib/server/route-table.server.ts)
  const routes = server.routeTable(guardedBuild.routes);
  // large bodies (an admin's uploads, imports, restores) go to files under the data folder; a worker
  // takes at most this many at once, and at most this many of their bytes
  const MAX_LARGE_BODIES = 4;
  const MAX_LARGE_BYTES = 512 * 1024 * 1024;
  let largeBodies = 0;
  let largeBytes = 0;
  const uploadsDirectory = path.join(path.dirname(path.resolve(server.databaseFile())), "uploads");
  // what Remix answers (pages, their data, form posts) waits in one queue per worker: a burst of
  // renders cannot all run at once (each holds its page in memory, and renders still waiting when a
  // timer fires were aborted with a 500); one that would wait too long is turned away with 503
  const settings = server.env();
  const remixQueue = new server.WorkQueue({ concurrency: settings.RENDER_CONCURRENCY, maxWaitMs: settings.RENDER_QUEUE_MAX_WAIT_MS, initialEstimateMs: 10 });
  const heapLimit = v8.getHeapStatistics().heap_size_limit;
  let turnedAway = 0;
  setInterval(() => {
    if (!turnedAway) return;
    console.warn(`busy: ${turnedAway} request(s) turned away with 503 in the last 10 s`);
    turnedAway = 0;
  }, 10_000).unref();

  /**
   * The answer to a request turned away before any work was done: 503 + Retry-After. A page gets a readable
   * page with a way to send it again; a page's data request and a JSON route go to the framework marked
   * `turnedAway`, where the route they lead to throws the 503 without doing its work, so the answer is in the
   * framework's own encoding (the page's error boundary says it inside its frame; a page's script retries JSON).
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {number} retryAfterSeconds
   * @param {import("../app/lib/server/route-table.server").RequestGuards} guards
   * @param {BodyInit | undefined} body
   */
  async function sendBusy(req, res, retryAfterSeconds, guards, body) {
    turnedAway++;
    res.set("Retry-After", String(retryAfterSeconds)).set("Cache-Control", "no-store");
    if (guards.turnedAwayByFramework) return askFramework(req, res, body, guards, server.BUSY_MESSAGE);
    res.status(503);
    let again = req.originalUrl;
    if (req.method !== "GET" && req.method !== "HEAD") {
      // a posted form goes back to the page it was posted from (on this site), to be pressed again
      try {
        const from = new URL(header(req.headers.referer) ?? "", res.locals.siteOrigin ?? undefined);
        if (from.origin === res.locals.siteOrigin) again = from.pathname + from.search;
      } catch {}
    }
    return res.type("text/html").send(server.busyPage(req.method, again));
  }

  /**
   * Hands one request to the framework and sends its answer.
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {BodyInit | undefined} body
   * @param {import("../app/lib/server/route-table.server").RequestGuards} guards what the request's route declares
   * @param {string} [turnedAwayWith] the message of a request turned away (see sendBusy)
   */
  async function askFramework(req, res, body, guards, turnedAwayWith) {
    if (req.socket.destroyed) return;
    let requestUrl;
    try {
      requestUrl = new URL(req.originalUrl, res.locals.siteOrigin ?? "http://localhost");
    } catch {
      return refuse(req, res, 400, "Bad request");
    }
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const request = new Request(requestUrl.href, {
      method: req.method,
      headers: requestHeaders(req.headers),
      signal: controller.signal,
      ...(body !== undefined ? { body, duplex: "half" } : {}),
    });
    const context = { nonce: res.locals.nonce, turnedAway: turnedAwayWith };
    const direct = server.directHandler(guards, req.method);
    const response = direct ? await callResourceRoute(direct, request, guards.params, context) : await handleRemixRequest(request, context);
    await sendResponse(res, response);
  }

  /**
   * A resource route (one that renders no page: JSON endpoints, downloads, the health check) is
   * answered by calling its module's own exported loader or action with the standard Request, matched through
   * the build's route manifest with the framework's public matching (route-table.server.ts): what the
   * framework's handler does for such a route, without the document machinery around it, which was most of
   * the cost of the smallest requests (docs/decisions/0016-one-door.md has the figures). Nothing is implemented twice.
   * @param {(args: { request: Request, params: Record<string, string | undefined>, context: Record<string, unknown> }) => unknown} handler
   * @param {Request} request
   * @param {Record<string, string | undefined>} params
   * @param {Record<string, unknown>} context
   * @returns {Promise<Response>}
   */
  async function callResourceRoute(handler, request, params, context) {
    try {
      const result = await handler({ request, params, context });
      if (result instanceof Response) return result;
      return Response.json(result ?? null);
    } catch (thrown) {
      // a thrown Response (a redirect to sign in, the guarded build's 503) is the answer, as the framework sends it
      if (thrown instanceof Response) return thrown;
      build.entry.module.handleError?.(thrown, { request, params, context });
      return new Response("Unexpected Server Error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  }
  fs.mkdirSync(uploadsDirectory, { recursive: true });

  const https = server.secureCookies();
  /** @type {(address: string | undefined, hop: number) => boolean} Express's verdict on a peer under TRUST_PROXY */
  const trustsPeer = app.get("trust proxy fn");

  app.use((req, _res, next) => {
    // an absolute-form target (`POST http://other.example/…`) or one beginning `//` is read as this site's path:
    // every URL the app builds (sign-in links, redirects) is the site's origin plus this
    const target = server.originRelativeTarget(req.url);
    if (target !== req.url) req.url = req.originalUrl = target;
    next();
  });

  app.use((req, res, next) => {
    // the client address for sign-in throttling; any value a client sent is replaced
    req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    for (const [name, value] of Object.entries(server.securityHeaders(res.locals.nonce, { https }))) res.setHeader(name, value);
    // this site's address: links are built from it and POSTs must come from it
    res.locals.siteOrigin = server.siteOriginOf({
      publicUrl: publicOrigin,
      trustProxy: trustProxy !== undefined && trustsPeer(req.socket.remoteAddress, 0),
      secureCookies: https,
      host: req.headers.host,
      forwardedProto: header(req.headers["x-forwarded-proto"]),
      forwardedHost: header(req.headers["x-forwarded-host"]),
    });
    next();
  });

  app.use((req, res, next) => {
    // a LiteFS read replica answers reads; any other request is replayed on the primary by Fly's proxy
    const role = server.litefsRole();
    if (role.role === "replica" && !server.servedByReplica(req.method)) {
      res.status(409).set("fly-replay", `instance=${role.primary}`).set("Cache-Control", "no-store").type("text/plain").send("Replaying on the primary");
      return;
    }
    next();
  });

  app.use((req, res, next) => {
    // the old data protocol: this app uses single fetch only, and Remix logs a stack for each
    if (req.query._data !== undefined) return refuse(req, res, 400, "Bad request");
    const verdict = server.checkOrigin(req.method, req.headers.origin, req.headers.referer, res.locals.siteOrigin);
    if (verdict.ok) return next();
    const hint = server.schemeMismatchHint(req.headers.origin, req.headers.referer, res.locals.siteOrigin);
    if (hint) console.warn(`refused ${req.method} ${req.path}: ${hint}`);
    refuse(req, res, 403, "Forbidden: cross-site request refused");
  });

  app.use(compression());
  // the browser build (file names carry a content hash), written by `npm run build`: served where the build's own
  // manifest says its entry script is, from the build's assets folder
  const browserBuild = path.posix.dirname(build.assets.entry.module);
  app.use(browserBuild, express.static(path.join(root, build.assetsBuildDirectory, browserBuild), { immutable: true, maxAge: "1y" }));
  // public files all have an extension; pages and their data requests skip the file-system lookup
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (server.mayBeFile(req.path) ? publicFiles(req, res, next) : next()));

  /**
   * Reads a request's body as far as its sender may send one: an ordinary form (64 KB) into memory for
   * anyone; more only on the routes that take files, and only from a signed-in admin, whose body goes
   * to a file. Anyone else is answered 401/403 at once, without reading the rest. Returns null when the
   * request was answered (or the client went away).
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {import("../app/lib/server/route-table.server").RequestGuards} guards what the request's route declares
   * @returns {Promise<{ body: BodyInit, file?: string } | null>}
   */
  async function readRequestBody(req, res, guards) {
    let limit = guards.bodyLimit;
    /** @type {401 | 403 | undefined} */
    let refusal;
    if (guards.largeBody) {
      const role = await server.roleOfCookie(req.headers.cookie);
      // (a post without a body type is an empty form: read as any other)
      if (role === "admin" && req.headers["content-type"]) return readLargeBody(req, res, limit);
      // others may post an ordinary form there (the route then answers as for any page: sign in first)
      limit = server.FORM_LIMIT;
      refusal = role ? 403 : 401;
    }
    const read = await readBodyToMemory(req, { limitBytes: limit.bytes, deadlineMs: SMALL_BODY_DEADLINE_MS });
    if (read.aborted) return null;
    if (read.tooSlow) {
      refuse(req, res, 408, "Request timeout: the form took too long to arrive.");
      return null;
    }
    if (read.tooLarge) {
      discardRestOfBody(req);
      if (refusal === 401) refuse(req, res, 401, "Sign in as an administrator to send files.");
      else if (refusal === 403) refuse(req, res, 403, "Only administrators can send files.");
      else refuse(req, res, 413, server.TOO_LARGE_MESSAGE);
      return null;
    }
    const verdict = server.inspectBody(req.headers["content-type"], read.body, limit);
    if (!verdict.ok) {
      refuse(req, res, verdict.status, verdict.message);
      return null;
    }
    // every field name within bounds before any route reads the form (request-limits.ts: fieldNameProblem)
    const names = await formFieldNames(verdict.contentType, read.body);
    if (!names) {
      refuse(req, res, 400, "Malformed request: the form could not be read.");
      return null;
    }
    const nameProblem = server.fieldNamesProblem(names);
    if (nameProblem) {
      refuse(req, res, 400, nameProblem);
      return null;
    }
    req.headers["content-type"] = verdict.contentType;
    return { body: /** @type {BodyInit} */ (/** @type {unknown} */ (read.body)) };
  }

  /**
   * An admin's large body, streamed to a file under the data folder (never held in memory).
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {import("../app/lib/server/request-limits").BodyLimit} limit
   * @returns {Promise<{ body: BodyInit, file: string } | null>}
   */
  async function readLargeBody(req, res, limit) {
    const kind = server.formKindOf(req.headers["content-type"]);
    if (!kind.ok) {
      refuse(req, res, kind.status, kind.message);
      return null;
    }
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit.bytes) {
      discardRestOfBody(req);
      refuse(req, res, 413, server.TOO_LARGE_MESSAGE);
      return null;
    }
    const reserved = Number.isFinite(declared) ? declared : limit.bytes;
    if (largeBodies >= MAX_LARGE_BODIES || largeBytes + reserved > MAX_LARGE_BYTES) {
      discardRestOfBody(req);
      res.set("Retry-After", "10");
      refuse(req, res, 503, "The server is receiving other uploads. Please try again in a few seconds.");
      return null;
    }
    largeBodies++;
    largeBytes += reserved;
    const file = path.join(uploadsDirectory, `body-${process.pid}-${crypto.randomBytes(8).toString("hex")}`);
    const counter = server.fieldCounter(kind);
    let read;
    try {
      read = await streamBodyToFile(req, { file, limitBytes: limit.bytes, counter, ...LARGE_BODY_PACE });
    } finally {
      largeBodies--;
      largeBytes -= reserved;
    }
    if (read.aborted || read.tooSlow) return null;
    if (read.tooLarge) {
      discardRestOfBody(req);
      refuse(req, res, 413, server.TOO_LARGE_MESSAGE);
      return null;
    }
    if (read.writeFailed) {
      // the body could not be kept (a full disk): said plainly, the partial file already removed
      discardRestOfBody(req);
      console.error(`refused ${req.method} ${req.path}: 507 the upload could not be written (${read.writeFailed})`);
      const message = server.writeFailedMessage(read.writeFailed);
      res.status(507).set("Cache-Control", "no-store");
      if (req.accepts(["html", "json"]) === "json") res.json({ ok: false, error: message });
      else res.type("text/html").send(server.writeFailedPage(message));
      return null;
    }
    const verdict = server.fieldsVerdict(kind, counter.fields(), limit);
    if (!verdict.ok) {
      fs.rm(file, { force: true }, () => {});
      refuse(req, res, verdict.status, verdict.message);
      return null;
    }
    req.headers["content-type"] = verdict.contentType;
    req.headers["content-length"] = String(read.size);
    return { body: /** @type {BodyInit} */ (Readable.toWeb(fs.createReadStream(file))), file };
  }

  app.all("*", async (req, res, next) => {
    /** @type {BodyInit | undefined} a Buffer (Node's fetch takes it; the DOM types want ArrayBuffer-backed views), or a file's stream */
    let body;
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    // the one rule for private answers: whatever answers a signed-in browser below is not kept by any cache
    if (server.isPrivateRequest(req.headers.cookie)) onHeaders(res, () => res.setHeader("Cache-Control", "no-store"));
    try {
      // route discovery asking for more, longer or deeper paths than this site's routes can need: refused
      // before the framework's matching, whose cost grows with the square of a path (request-limits.ts)
      const discovery = server.discoveryProblem(req.path, req.originalUrl);
      if (discovery) return refuse(req, res, 400, discovery);
      const guards = routes.guardsFor(req.path);
      if (hasBody) {
        const read = await readRequestBody(req, res, guards);
        if (!read) return;
        body = read.body;
        if (read.file) {
          const file = read.file;
          res.on("close", () => fs.rm(file, { force: true }, () => {}));
        }
      }
      // a route that says it may not be turned away (the health check: a busy worker is not a broken one) skips the queue
      if (!guards.shed) return await askFramework(req, res, body, guards);
      if (v8.getHeapStatistics().used_heap_size > HEAP_SHED_FRACTION * heapLimit) return await sendBusy(req, res, server.RETRY_AFTER_SECONDS, guards, body);
      // the queue bounds the renders running at once (each holds its page in memory); a resource route renders
      // nothing (a JSON answer, a download), so it does not wait behind them
      if (!guards.queued) return await askFramework(req, res, body, guards);
      const admission = remixQueue.admission();
      if (!admission.ok) return await sendBusy(req, res, admission.retryAfterSeconds, guards, body);
      await remixQueue.run(() => askFramework(req, res, body, guards));
    } catch (error) {
      next(error);
    }
  });

  // anything that still escapes: one line, a plain 500; Express's own 400 (an address whose %-escapes do not
  // decode: anyone can send one) is the client's mistake, said as such
  app.use(
    (
      /** @type {Error & { status?: number }} */ error,
      /** @type {import("express").Request} */ req,
      /** @type {import("express").Response} */ res,
      /** @type {import("express").NextFunction} */ _next,
    ) => {
      const clientMistake = error?.status === 400;
      if (clientMistake) console.warn(`refused ${req.method} ${req.path}: 400 ${error.message}`);
      else console.error(`error on ${req.method} ${req.path}: ${error?.message ?? error}`);
      if (res.headersSent) return res.end();
      if (clientMistake) return res.status(400).type("text/plain").send("Bad request: this address is not valid.");
      res.status(500).type("text/plain").send("Something went wrong. Please try again.");
    },
  );

  // a queue for 4,096 connections not yet accepted (the kernel caps it at net.core.somaxconn): with
  // Node's 511, 3,000 phones pressing Start together overflowed it, and each dropped connection
  // attempt waited 1 s, then 3 s, for its retry
  const listener = app.listen(port, host, LISTEN_BACKLOG, () => {
    if (cluster.isPrimary) console.log(`Academy test series listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  });
  // Idle keep-alive connections stay open longer than any browser or proxy keeps them (Node's 5 s
  // default let a worker busy for a moment close a socket a client was just reusing: a POST lost
  // with ECONNRESET, which browsers do not retry).
  listener.keepAliveTimeout = 65_000;
  listener.headersTimeout = 66_000;
  listener.on("error", (/** @type {NodeJS.ErrnoException} */ error) => {
    console.error(`Cannot listen on ${host}:${port}: ${error.code === "EADDRINUSE" ? "the port is already in use by another program" : error.message}`);
    server.shutdown();
    process.exit(cluster.isPrimary ? 1 : EXIT_CANNOT_LISTEN);
  });

  const shutdown = () => {
    listener.close(() => {
      server.shutdown();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}
