// Production server: Express in front of the Remix build. It adds what Remix v2 has no place for
// (security headers on every response, the Origin check on every non-GET request, compression,
// long-lived caching of fingerprinted assets) and runs migrations and the first-start seed.
// WEB_CONCURRENCY (default: the number of CPUs, at most 4) starts that many worker processes on one
// port; they share the SQLite file (WAL) and the sign-in throttle table.
import cluster from "node:cluster";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

if (!process.env.NODE_ENV) {
  // `npm start` on a developer's or self-hoster's machine: production React, but a session secret
  // generated into the data folder and cookies usable over plain http. Containers set NODE_ENV
  // themselves and must then provide SESSION_SECRET.
  process.env.NODE_ENV = "production";
  process.env.SESSION_SECRET_AUTOGEN ??= "true";
  process.env.SECURE_COOKIES ??= "false";
}
const root = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
const build = await import(url.pathToFileURL(path.join(root, "build/index.js")).href);
const server = build.entry.module;
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? Math.min(os.availableParallelism?.() ?? os.cpus().length, 4)));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

if (cluster.isPrimary) {
  // migrations and the first-start seed run once, before any worker serves
  await server.bootstrap();
  if (workers === 1) {
    serve();
  } else {
    server.shutdown();
    for (let i = 0; i < workers; i++) cluster.fork();
    let stopping = false;
    cluster.on("exit", (worker, code, signal) => {
      if (stopping) return;
      console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      cluster.fork();
    });
    const stopAll = () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
      setTimeout(() => process.exit(0), 5000).unref();
      cluster.on("exit", () => {
        if (!Object.keys(cluster.workers ?? {}).length) process.exit(0);
      });
    };
    process.on("SIGTERM", stopAll);
    process.on("SIGINT", stopAll);
    console.log(`Academy test series listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port} (${workers} workers)`);
  }
} else {
  // a worker whose primary is gone stops too
  process.on("disconnect", () => process.exit(0));
  serve();
}

function serve() {
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);

  app.use((req, res, next) => {
    // the client address for sign-in throttling; any value a client sent is replaced
    req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    for (const [name, value] of Object.entries(server.securityHeaders(res.locals.nonce))) res.setHeader(name, value);
    next();
  });

  app.use((req, res, next) => {
    const verdict = server.checkOrigin(req.method, req.headers.origin, req.headers.referer, req.headers.host);
    if (verdict.ok) return next();
    res.status(403).type("text/plain").send("Forbidden: cross-site request refused");
  });

  app.use(compression());
  app.use("/build", express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // public files all have an extension; pages do not, so they skip the file-system lookup
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (_req, res) => ({ nonce: res.locals.nonce }),
    }),
  );

  const listener = app.listen(port, host, () => {
    if (cluster.isPrimary) console.log(`Academy test series listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
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
