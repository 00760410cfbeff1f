// Reads an upload (multipart/form-data) as it streams in, with @fastify/busboy (the parser under Node's own
// fetch): text fields and small files into a FormData, one large file (the restore's snapshot) straight to disk,
// each part refused as soon as it passes its limit. It needs only the web Request, so it works the same under
// Remix v2 and React Router v7 (docs/decisions/0001-remix-v2-end-of-life.md).
import fs from "node:fs";
import { Readable } from "node:stream";
import Busboy from "@fastify/busboy";

/** A part passed its limit (a file over its size, a text field over its size). */
export class UploadTooLarge extends Error {}
/** A file came in a field that takes none (or a second file where one is taken). */
export class UnexpectedFileField extends Error {
  constructor(readonly field: string) {
    super(`unexpected file field: ${field}`);
  }
}
/** Not a multipart body that can be read (no boundary, cut short, broken). */
export class UnreadableUpload extends Error {}

export type DiskFile = { path: string; size: number; name: string };

export type UploadLimits = {
  /** each file kept in memory (a File in the form) at most this many bytes */
  fileBytes: number;
  /** each text field at most this many bytes (default 64 KB) */
  fieldBytes?: number;
  /** at most this many files (default 50) */
  files?: number;
  /** only these fields may hold files; a file in any other is refused */
  fileFields?: readonly string[];
  /** the one field whose file is written to disk, not memory: at most `maxBytes`, at the path `pathFor` gives */
  toDisk?: { field: string; maxBytes: number; pathFor: () => string };
};

/**
 * The form's text fields and in-memory files, and the file written to disk (if any). Throws UploadTooLarge,
 * UnexpectedFileField or UnreadableUpload; a file written to disk before a failure is the caller's to remove
 * (its path came from `pathFor`).
 */
export async function readMultipartForm(request: Request, limits: UploadLimits): Promise<{ form: FormData; diskFiles: Map<string, DiskFile> }> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!request.body) throw new UnreadableUpload("no body");
  const fieldBytes = limits.fieldBytes ?? 64 * 1024;
  const maxFiles = limits.files ?? 50;
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: fieldBytes, files: maxFiles + 1, fileSize: Math.max(limits.fileBytes, limits.toDisk?.maxBytes ?? 0) + 1, parts: 1000 },
    });
  } catch {
    throw new UnreadableUpload("not a multipart body");
  }
  const form = new FormData();
  const diskFiles = new Map<string, DiskFile>();
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  /** files still being written: the form is complete when they are */
  const writing: Promise<void>[] = [];

  return new Promise((resolve, reject) => {
    let failed: Error | null = null;
    const fail = (error: Error) => {
      if (failed) return;
      failed = error;
      source.unpipe(parser);
      source.destroy();
      // a disk file being written is closed before the caller removes it
      Promise.allSettled(writing).then(() => reject(error));
    };
    let fileCount = 0;
    let diskFileSeen = false;

    parser.on("file", (field, stream, filename, _encoding, mimeType) => {
      fileCount += 1;
      // a part cut short (the body ended mid-file) is an unreadable upload
      stream.on("error", (error: Error) => fail(new UnreadableUpload(error.message)));
      if (failed) return stream.resume();
      if (fileCount > maxFiles) {
        stream.resume();
        return fail(new UploadTooLarge(`more than ${maxFiles} files`));
      }
      const toDisk = limits.toDisk && field === limits.toDisk.field ? limits.toDisk : null;
      if ((limits.fileFields && !limits.fileFields.includes(field)) || (toDisk && diskFileSeen)) {
        stream.resume();
        return fail(new UnexpectedFileField(field));
      }
      if (toDisk) {
        diskFileSeen = true;
        const path = toDisk.pathFor();
        const out = fs.createWriteStream(path);
        let size = 0;
        writing.push(
          new Promise<void>((done) => {
            out.on("close", done);
            out.on("error", (error) => {
              fail(error);
              done();
            });
          }),
        );
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > toDisk.maxBytes) {
            out.destroy();
            stream.resume();
            fail(new UploadTooLarge(`${field} over ${toDisk.maxBytes} bytes`));
          }
        });
        stream.on("end", () => {
          if (!failed) diskFiles.set(field, { path, size, name: filename });
        });
        stream.pipe(out);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.fileBytes) {
          chunks.length = 0;
          return fail(new UploadTooLarge(`${field} over ${limits.fileBytes} bytes`));
        }
        if (!failed) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (!failed) form.append(field, new File(chunks as Uint8Array<ArrayBuffer>[], filename ?? "", { type: mimeType }));
      });
    });

    parser.on("field", (field, value, _fieldTruncated, valueTruncated) => {
      if (failed) return;
      if (valueTruncated) return fail(new UploadTooLarge(`${field} over ${fieldBytes} bytes`));
      form.append(field, value);
    });
    parser.on("partsLimit", () => fail(new UploadTooLarge("too many parts")));
    parser.on("error", (error: unknown) => fail(new UnreadableUpload(error instanceof Error ? error.message : String(error))));
    source.on("error", (error) => fail(new UnreadableUpload(error.message)));
    parser.on("finish", () => {
      if (failed) return;
      Promise.all(writing).then(() => (failed ? undefined : resolve({ form, diskFiles })));
    });
    source.pipe(parser);
  });
}
