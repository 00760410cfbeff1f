// Production server: Express in front of the Remix build. It adds what Remix v2 has no place for
// (security headers on every response, the Origin check on every non-GET request, compression,
// long-lived caching of fingerprinted assets) and runs migrations and the first-start seed.
import path from "node:path";
import url from "node:url";
import crypto from "node:crypto";
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
const buildPath = path.join(root, "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
const server = build.entry.module;

await server.bootstrap();

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
app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: "production",
    getLoadContext: (_req, res) => ({ nonce: res.locals.nonce }),
  }),
);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
const listener = app.listen(port, host, () => {
  console.log(`Academy test series listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
});

function shutdown() {
  listener.close(() => {
    server.shutdown();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
