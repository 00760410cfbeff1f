// @ts-check
// Production server: Express in front of the Remix build. It adds what Remix v2 has no place for
// (security headers on every response, the Origin check on every non-GET request, request body
// limits, compression, long-lived caching of fingerprinted assets, 503 when the database cannot
// answer) and runs migrations and the first-start seed.
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

/**
 * @param {import("express").Response} res
 * @param {Response} response
 */
async function sendResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body && !response.headers.has("content-length") && response.headers.get("content-type")?.startsWith("application/json")) {
    // a JSON answer (an answer save, Finish) is small: sent whole with its length, so the compression
    // middleware sees it is under its threshold instead of opening a zlib stream for 80 bytes
    const body = Buffer.from(await response.arrayBuffer());
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * A finished answer of the server's own paths (the exam's JSON endpoints, the plain pages), compressed in one call,
 * not through the compression middleware's zlib stream, and sent with its length.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {number} status
 * @param {string} contentType
 * @param {Buffer} body
 * @param {boolean} noStore
 */
function sendEncoded(req, res, status, contentType, body, noStore) {
  const sent = server.encodeBody(req.headers["accept-encoding"] ?? null, body);
  if (noStore) res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Type", contentType);
  res.setHeader("Vary", "Accept-Encoding");
  if (sent.encoding) res.setHeader("Content-Encoding", sent.encoding);
  res.setHeader("Content-Length", sent.body.length);
  res.status(status).end(sent.body);
}

/**
 * The database could not answer: a passing condition, said plainly, to be retried.
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {import("../app/lib/server/db-errors.server").DatabaseTrouble} trouble
 */
function sendDatabaseTrouble(req, res, trouble) {
  const message = server.databaseTroubleMessage(trouble);
  res.status(503).set("Retry-After", String(server.RETRY_AFTER_SECONDS)).set("Cache-Control", "no-store");
  if (req.path.endsWith(".data")) return sendTurnedAwayData(req, res, message);
  if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") return res.json({ ok: false, retry: true, error: message });
  return res.type("text/html").send(server.databaseTroublePage(message));
}

/**
 * Runs one of the server's fast paths (the exam's JSON endpoints, the exam form): `{ value }`, or null once a
 * database that cannot answer has been answered 503, with the one line handleError writes for the routes.
 * @template T
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {() => Promise<T>} run
 * @returns {Promise<{ value: T } | null>}
 */
async function unlessDatabaseTrouble(req, res, run) {
  try {
    return { value: await run() };
  } catch (error) {
    const trouble = server.databaseTrouble(error);
    if (!trouble) throw error;
    console.error(`database unavailable on ${req.method} ${req.path}: ${error instanceof Error ? error.message : String(error)}`);
    sendDatabaseTrouble(req, res, trouble);
    return null;
  }
}

/**
 * A page's data request (`….data`, a hydrated page's navigation or form post) turned away with 503: the message
 * in Remix's own encoding, so the page's nearest error boundary says it inside its frame (app/lib/server/turned-away-data.server.ts).
 * @param {import("express").Request} req
 * @param {import("express").Response} res
 * @param {string} message
 */
function sendTurnedAwayData(req, res, message) {
  const url = new URL(req.originalUrl, "http://localhost");
  server.turnedAwayDataBody(build.routes, req.method, url, message).then(
    (body) => res.type("text/x-script").set("X-Remix-Response", "yes").send(body),
    () => res.json({ ok: false, retry: true, error: message }),
  );
}

function serve() {
  const app = express();
  app.disable("x-powered-by");
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);
  const handleRemixRequest = createRequestHandler(build, "production");
  /** @type {Map<string, { headers: Array<[string, string]>, body: Buffer }>} Remix's route-discovery answers, by address */
  const manifestAnswers = new Map();
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
  const immediate = { run: (/** @type {() => Promise<unknown>} */ job) => job() };
  let turnedAway = 0;
  setInterval(() => {
    if (!turnedAway) return;
    console.warn(`busy: ${turnedAway} request(s) turned away with 503 in the last 10 s`);
    turnedAway = 0;
  }, 10_000).unref();

  /**
   * The answer to a request turned away before any work was done: 503 + Retry-After, a readable page
   * with a way to send it again (JSON for data requests; the exam page's script retries those).
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {number} retryAfterSeconds
   */
  function sendBusy(req, res, retryAfterSeconds) {
    turnedAway++;
    res.status(503).set("Retry-After", String(retryAfterSeconds)).set("Cache-Control", "no-store");
    if (req.path.endsWith(".data")) return sendTurnedAwayData(req, res, server.BUSY_MESSAGE);
    if (req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json") return res.json({ ok: false, retry: true, error: server.BUSY_MESSAGE });
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
  // the browser build (file names carry a content hash): build/client/build/, written by `npm run build`
  app.use("/build", express.static(path.join(root, "build/client/build"), { immutable: true, maxAge: "1y" }));
  // public files all have an extension; pages do not, so they skip the file-system lookup (and so
  // do Remix's `.data` requests, the client-side navigations and form posts of a hydrated page)
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith(".data") ? publicFiles(req, res, next) : next()));

  /**
   * Reads a request's body as far as its sender may send one: an ordinary form (64 KB) into memory for
   * anyone; more only on the routes that take files, and only from a signed-in admin, whose body goes
   * to a file. Anyone else is answered 401/403 at once, without reading the rest. Returns null when the
   * request was answered (or the client went away).
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @returns {Promise<{ body: BodyInit, file?: string } | null>}
   */
  async function readRequestBody(req, res) {
    let limit = server.bodyLimitFor(req.path);
    /** @type {401 | 403 | undefined} */
    let refusal;
    if (server.isLargeBodyRoute(req.path)) {
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
    /** @type {string | undefined} a large body's file, removed once the answer is sent */
    let bodyFile;
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    // the one rule for private answers: whatever answers a signed-in browser below is not kept by any cache
    if (server.isPrivateRequest(req.headers.cookie)) onHeaders(res, () => res.setHeader("Cache-Control", "no-store"));
    try {
      if (hasBody) {
        const read = await readRequestBody(req, res);
        if (!read) return;
        body = read.body;
        bodyFile = read.file;
        if (bodyFile) {
          const file = bodyFile;
          res.on("close", () => fs.rm(file, { force: true }, () => {}));
        }
      }
      if (req.path === "/__manifest") {
        // route discovery asking for more, longer or deeper paths than this site's routes can need: refused
        // before the framework's matching, whose cost grows with the square of a path (request-limits.ts)
        const query = req.originalUrl.indexOf("?");
        const problem = server.manifestQueryProblem(query === -1 ? "" : req.originalUrl.slice(query));
        if (problem) return refuse(req, res, 400, problem);
      }
      if (req.method === "GET" && req.path === "/__manifest") {
        // route discovery (Remix's lazy route manifest): the answer depends only on this build and the
        // address, and Remix marks it immutable, so each address is built once per process (on exam day
        // every student's move to the results asks for the same one)
        const known = manifestAnswers.get(req.originalUrl);
        if (known) {
          for (const [name, value] of known.headers) res.setHeader(name, value);
          res.status(200).end(known.body);
          return;
        }
      }
      if (hasBody && server.isExamApiPath(req.path)) {
        // the exam's answer saves and Finish from a signed-in student: the same replies as their
        // routes, without building a framework request (most of a save's cost); anything else
        // (signed out, an admin, another encoding) goes on to the route below
        const answered = await unlessDatabaseTrouble(req, res, () =>
          server.examApiFastPath(req.path, req.headers.cookie, req.headers["content-type"], /** @type {Buffer} */ (body)),
        );
        if (!answered) return;
        const reply = answered.value;
        if (reply) {
          // Finish's answer carries the results (tens of KB)
          sendEncoded(req, res, reply.status, "application/json; charset=utf-8", Buffer.from(JSON.stringify(reply.json)), reply.noStore);
          return;
        }
      }
      /** @type {{ error: string; status: number } | undefined} the exam form's refusal, for its page to show */
      let examFormResult;
      if (hasBody && server.isExamFormPath(req.path)) {
        // the exam page's form posts without JavaScript (Start, Save & Next, Finish): acted on here as the
        // JSON endpoints are, and answered with their redirect; a refusal is shown by the route, which
        // does not act again
        const acted = await unlessDatabaseTrouble(req, res, () =>
          server.examFormFastPath(req.path, req.headers.cookie, req.headers["content-type"], /** @type {Buffer} */ (body)),
        );
        if (!acted) return;
        const result = acted.value;
        if (result && "redirect" in result) {
          res.setHeader("Location", result.redirect);
          res.status(302).end();
          return;
        }
        examFormResult = result ?? undefined;
      }
      if (req.method === "GET" && server.isPlainPagePath(req.path) && v8.getHeapStatistics().used_heap_size <= HEAP_SHED_FRACTION * heapLimit) {
        // the exam and results pages of a browser that has never run the site's script: its routes'
        // components rendered without the framework's document (app/models/plain-pages.server.tsx);
        // anyone else gets null and the framework's page below (so does a heap near its limit: the
        // queue below turns the request away with 503)
        const query = req.originalUrl.indexOf("?");
        const shown = await unlessDatabaseTrouble(req, res, () =>
          server.plainPage(req.path, query === -1 ? "" : req.originalUrl.slice(query), req.headers.cookie, res.locals.nonce),
        );
        if (!shown) return;
        const page = shown.value;
        if (page) {
          sendEncoded(req, res, page.status, "text/html; charset=utf-8", Buffer.from(page.html), true);
          return;
        }
      }
      // the health check is never queued: a busy worker is not a broken one
      const queue = req.path === "/healthz" ? immediate : remixQueue;
      if (queue !== immediate) {
        if (v8.getHeapStatistics().used_heap_size > HEAP_SHED_FRACTION * heapLimit) return sendBusy(req, res, server.RETRY_AFTER_SECONDS);
        const admission = remixQueue.admission();
        if (!admission.ok) return sendBusy(req, res, admission.retryAfterSeconds);
      }
      await queue.run(async () => {
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
          ...(hasBody ? { body, duplex: "half" } : {}),
        });
        /** @type {import("../app/lib/server/db-errors.server").RequestState} */
        const state = {};
        // handleError marks `requestState` when the database could not answer
        const response = await handleRemixRequest(request, { nonce: res.locals.nonce, requestState: state, examFormResult });
        if (state.databaseTrouble) return sendDatabaseTrouble(req, res, state.databaseTrouble);
        if (req.method === "GET" && req.path === "/__manifest" && response.status === 200) {
          const answer = { headers: [...response.headers.entries()], body: Buffer.from(await response.arrayBuffer()) };
          if (manifestAnswers.size >= 500) manifestAnswers.clear();
          manifestAnswers.set(req.originalUrl, answer);
          for (const [name, value] of answer.headers) res.setHeader(name, value);
          res.status(200).end(answer.body);
          return;
        }
        await sendResponse(res, response);
      });
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
