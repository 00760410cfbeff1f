import zlib from "node:zlib";
import Negotiator from "negotiator";

/** Smaller bodies gain nothing from compression (the same threshold as the `compression` middleware). */
export const COMPRESS_THRESHOLD = 1024;

const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } };

/** The encoding to send for a request's Accept-Encoding: the client's first choice of gzip and brotli, else none. */
export function chooseEncoding(acceptEncoding: string | null): "br" | "gzip" | null {
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "identity" } }).encoding(["gzip", "br", "identity"]);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/**
 * Compresses a finished page in one synchronous call and sets Content-Encoding and Vary. Measured on
 * a 12 KB dashboard: ~0.15 ms here against ~1 ms through the streaming middleware (a zlib stream per
 * response, flushed after every chunk). The middleware still handles responses this did not encode.
 */
export function compressPage(request: Request, body: Buffer, headers: Headers): Uint8Array<ArrayBuffer> {
  const sent = encode(request, body, headers);
  headers.set("Content-Length", String(sent.length));
  return new Uint8Array(sent);
}

function encode(request: Request, body: Buffer, headers: Headers): Buffer {
  headers.append("Vary", "Accept-Encoding");
  if (headers.has("Content-Encoding")) return body;
  const sent = encodeBody(request.headers.get("accept-encoding"), body);
  if (sent.encoding) headers.set("Content-Encoding", sent.encoding);
  return sent.body;
}

/** A finished body compressed in one call for this Accept-Encoding (unchanged when small or not accepted). */
export function encodeBody(acceptEncoding: string | null, body: Buffer): { body: Buffer; encoding: "br" | "gzip" | null } {
  if (body.length < COMPRESS_THRESHOLD) return { body, encoding: null };
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding) return { body, encoding: null };
  return { body: encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body), encoding };
}

/** The same for a finished Response (the data of a client-side navigation); redirects pass through. */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  if (!response.body || (response.status >= 300 && response.status < 400)) return response;
  const headers = new Headers(response.headers);
  const body = compressPage(request, Buffer.from(await response.arrayBuffer()), headers);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
