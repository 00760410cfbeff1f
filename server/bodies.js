// @ts-check
// Reading request bodies for server/start.js, before Remix sees them. An ordinary form (64 KB at most)
// is read into memory; a large body (an admin's upload, import, restore or question editor post) is
// streamed to a file under the data folder and handed to Remix from there, so no body larger than an
// ordinary form is ever held in memory. Both have a deadline; a large body also a minimum rate.
import fs from "node:fs";

/**
 * @typedef {{ push(chunk: Buffer): void, fields(): number }} FieldCounter
 * @typedef {{ aborted: true, tooLarge?: undefined, tooSlow?: undefined, size?: undefined }} Aborted
 * @typedef {{ tooLarge: true, aborted?: undefined, tooSlow?: undefined, size?: undefined }} TooLarge
 * @typedef {{ tooSlow: true, aborted?: undefined, tooLarge?: undefined, size?: undefined }} TooSlow
 * @typedef {{ writeFailed: string, aborted?: undefined, tooLarge?: undefined, tooSlow?: undefined, size?: undefined }} WriteFailed
 */

/**
 * Reads a small body into memory, counting bytes as they arrive (declared or chunked), up to
 * `limitBytes`. Past that it stops keeping anything. A body still arriving after `deadlineMs` is cut.
 * @param {import("node:http").IncomingMessage} req
 * @param {{ limitBytes: number, deadlineMs: number }} options
 * @returns {Promise<{ body: Buffer, aborted?: undefined, tooLarge?: undefined, tooSlow?: undefined } | TooLarge | Aborted | TooSlow>}
 */
export function readBodyToMemory(req, { limitBytes, deadlineMs }) {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limitBytes) return resolve({ tooLarge: true });
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let settled = false;
    /** @param {Parameters<typeof resolve>[0]} result */
    const settle = (result) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(result);
    };
    const deadline = setTimeout(() => {
      settle({ tooSlow: true });
      req.socket.destroy();
    }, deadlineMs);
    req.on("data", (/** @type {Buffer} */ chunk) => {
      if (settled) return;
      size += chunk.length;
      if (size > limitBytes) {
        chunks.length = 0;
        settle({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => settle({ body: Buffer.concat(chunks, size) }));
    req.on("error", () => settle({ aborted: true }));
    req.on("close", () => settle({ aborted: true }));
  });
}

/**
 * Streams a body to `file` (created new, owner-only), never holding more than the chunk in hand.
 * Cut when fewer than `minBytesPerWindow` arrive in any `windowMs`, or when it is still arriving after
 * `deadlineMs`. Past `limitBytes`, or when the file cannot be written (a full disk: `writeFailed` is the
 * error's code), it stops keeping anything and leaves the connection open so the caller can answer (413,
 * 507) while the rest is discarded. The file is removed whenever the body is not kept whole. `counter`
 * sees every chunk (the form's field count). Resolves once the file is complete on disk.
 * @param {import("node:http").IncomingMessage} req
 * @param {{ file: string, limitBytes: number, minBytesPerWindow: number, windowMs: number, deadlineMs: number, counter?: FieldCounter }} options
 * @returns {Promise<{ size: number, aborted?: undefined, tooLarge?: undefined, tooSlow?: undefined, writeFailed?: undefined } | TooLarge | Aborted | TooSlow | WriteFailed>}
 */
export function streamBodyToFile(req, { file, limitBytes, minBytesPerWindow, windowMs, deadlineMs, counter }) {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limitBytes) return resolve({ tooLarge: true });
    const out = fs.createWriteStream(file, { flags: "wx", mode: 0o600 });
    let size = 0;
    let sizeAtLastCheck = 0;
    let ended = false;
    let settled = false;
    /** @param {{ size: number } | TooLarge | Aborted | TooSlow | WriteFailed} result */
    const settle = (result) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(deadline);
      if (result.size === undefined) {
        // removed once the stream has let go of it (a file removed while still open was left behind, 0 bytes)
        const remove = () => fs.rm(file, { force: true }, () => {});
        if (out.closed) remove();
        else {
          out.once("close", remove);
          out.destroy();
        }
      }
      resolve(result);
    };
    /** @param {TooSlow} result */
    const cut = (result) => {
      settle(result);
      req.socket.destroy();
    };
    const watch = setInterval(() => {
      if (size - sizeAtLastCheck < minBytesPerWindow) cut({ tooSlow: true });
      sizeAtLastCheck = size;
    }, windowMs);
    const deadline = setTimeout(() => cut({ tooSlow: true }), deadlineMs);
    req.on("data", (/** @type {Buffer} */ chunk) => {
      if (settled) return;
      size += chunk.length;
      if (size > limitBytes) return settle({ tooLarge: true });
      counter?.push(chunk);
      if (!out.write(chunk)) {
        req.pause();
        out.once("drain", () => req.resume());
      }
    });
    req.on("end", () => {
      ended = true;
      out.end(() => settle({ size }));
    });
    out.on("error", (/** @type {NodeJS.ErrnoException} */ error) => settle({ writeFailed: error.code ?? "EIO" }));
    req.on("error", () => settle({ aborted: true }));
    req.on("close", () => {
      if (!ended) settle({ aborted: true });
    });
  });
}

/**
 * Answers without keeping the body the client is still sending: the rest of it is discarded as it
 * arrives (never held), so a browser that finishes sending sees the answer instead of a reset
 * connection; the socket is cut if that takes more than 10 s.
 * @param {import("node:http").IncomingMessage} req
 */
export function discardRestOfBody(req) {
  req.resume();
  const cutter = setTimeout(() => req.socket.destroy(), 10_000);
  cutter.unref();
  req.once("end", () => clearTimeout(cutter));
}
