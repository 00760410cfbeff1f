// An HTTP/2 (TLS) front for the slow-link bench: what a student's phone talks to in production (Fly's
// edge, Caddy, Cloudflare all speak HTTP/2 to browsers and HTTP/1.1 to the app). Over HTTP/2 the page's
// files share one connection instead of waiting for one of six, which is what a high-latency link feels.
// A self-signed certificate is made with the openssl command (Chromium is started with
// --ignore-certificate-errors for this bench only).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import os from "node:os";
import path from "node:path";

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "http2-settings"]);

function selfSigned() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-h2-"));
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"], {
    stdio: "ignore",
  });
  const pair = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  fs.rmSync(dir, { recursive: true, force: true });
  return pair;
}

/** Starts an HTTP/2 front on loopback forwarding to `target` (an http:// base); returns its https:// base. */
export function startH2Front(target) {
  const { hostname, port } = new URL(target);
  const server = http2.createSecureServer({ ...selfSigned(), allowHTTP1: true });
  server.on("stream", (stream, headers) => {
    const out = {};
    for (const [name, value] of Object.entries(headers)) if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) out[name] = value;
    out.host = headers[":authority"];
    const request = http.request({ hostname, port, method: headers[":method"], path: headers[":path"], headers: out }, (response) => {
      const back = { ":status": response.statusCode };
      for (const [name, value] of Object.entries(response.headers)) if (!HOP_BY_HOP.has(name)) back[name] = value;
      if (stream.destroyed) return response.resume();
      stream.respond(back);
      response.pipe(stream);
    });
    request.on("error", () => {
      if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
    });
    stream.pipe(request);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ base: `https://127.0.0.1:${server.address().port}`, close: () => server.close() })),
  );
}
