import zlib from "node:zlib";
import Negotiator from "negotiator";

/**
 * The compression of every answer the framework finishes (a page, its data, a JSON answer): server/start.js
 * sends each in one write, compressed here in one synchronous call. Measured on a 12 KB dashboard: ~0.15 ms
 * here against ~1 ms through the streaming `compression` middleware (a zlib stream per response; its brotli
 * window, 4 MB, made a results page cost three times as much), which is left the static files and streamed
 * downloads only.
 */

/** Smaller bodies gain nothing from compression (the same threshold as the `compression` middleware). */
export const COMPRESS_THRESHOLD = 1024;

const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };

/** The encoding to send for a request's Accept-Encoding: the client's first choice of gzip and brotli, else none. */
export function chooseEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "identity" } }).encoding(["gzip", "br", "identity"]);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/** A finished body compressed in one call for this Accept-Encoding (unchanged when small or not accepted). */
export function encodeBody(acceptEncoding: string | null, body: Buffer): { body: Buffer; encoding: "br" | "gzip" | null } {
  if (body.length < COMPRESS_THRESHOLD) return { body, encoding: null };
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return { body, encoding: null };
  return { body: encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body), encoding };
}
