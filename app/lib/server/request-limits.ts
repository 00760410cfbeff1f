/**
 * Limits on request bodies, checked by server/start.js before Remix reads a byte of them (pure;
 * unit-tested). Ordinary forms are small; only the routes that take files or a whole test get more, and
 * they say so themselves (`handle.guards.body`, read by app/lib/server/route-table.server.ts).
 */
export type BodyLimit = { bytes: number; fields: number };

const KB = 1024;
const MB = 1024 * KB;

export const FORM_LIMIT: BodyLimit = { bytes: 64 * KB, fields: 1000 };
/** CSV uploads (single and bulk, 50 files with their per-file fields) and the JSON backup import */
export const UPLOAD_LIMIT: BodyLimit = { bytes: 26 * MB, fields: 1000 };
/** a whole-site database snapshot (the bench's 3,000-student database is about 260 MB) */
export const RESTORE_LIMIT: BodyLimit = { bytes: 400 * MB, fields: 10 };
/** the question editor posts the whole test: up to 500 questions × (text, 6 options, answer, explanation) */
export const EDITOR_LIMIT: BodyLimit = { bytes: 4 * MB, fields: 6000 };

/** The route a path belongs to: Remix's client-side submissions go to `/path.data` (`/_root.data` for `/`). */
export function routePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
}

export type BodyVerdict = { ok: true; contentType: string } | { ok: false; status: 400 | 413 | 415; message: string };

export const TOO_LARGE_MESSAGE = "Request too large: the form sent more data than this page accepts.";

/**
 * What a body must be before its bytes are looked at: a form (url-encoded, or multipart with a
 * boundary). `separator` is what separates its fields: `&`, or the multipart `--boundary` line.
 */
export type FormKind = { ok: true; contentType: string; separator: Buffer; multipart: boolean } | { ok: false; status: 400 | 415; message: string };

const NOT_A_FORM = "Unsupported request: send the form as a web form.";

export function formKindOf(contentTypeHeader: string | undefined): FormKind {
  const contentType = (contentTypeHeader ?? "").trim();
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded") return { ok: true, contentType, separator: Buffer.from("&"), multipart: false };
  if (mediaType === "multipart/form-data") {
    const boundary = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
    const value = boundary?.[1] ?? boundary?.[2];
    if (!value) return { ok: false, status: 400, message: "Malformed request: the form has no boundary." };
    return { ok: true, contentType, separator: Buffer.from(`--${value}`), multipart: true };
  }
  return { ok: false, status: 415, message: NOT_A_FORM };
}

/**
 * Counts a form's fields as its body arrives in chunks (a separator split across two chunks is still
 * counted once), so a body streamed to disk is checked without holding it. A url-encoded body of n
 * separators has n + 1 fields (none when empty); a multipart body of n boundary lines has n - 1 parts.
 */
export function fieldCounter(kind: Extract<FormKind, { ok: true }>) {
  const needle = kind.separator;
  let separators = 0;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  return {
    push(chunk: Buffer) {
      bytes += chunk.length;
      const window = tail.length ? Buffer.concat([tail, chunk]) : chunk;
      let at = window.indexOf(needle);
      while (at !== -1) {
        separators++;
        at = window.indexOf(needle, at + needle.length);
      }
      // keep the last bytes that could start a separator completed by the next chunk
      const keep = Math.min(needle.length - 1, window.length);
      const lastMatchEnd = window.lastIndexOf(needle) === -1 ? 0 : window.lastIndexOf(needle) + needle.length;
      tail = Buffer.from(window.subarray(Math.max(window.length - keep, lastMatchEnd)));
    },
    fields(): number {
      if (kind.multipart) return Math.max(0, separators - 1);
      return bytes === 0 ? 0 : separators + 1;
    },
  };
}

/**
 * Decides whether a complete body may reach the app: it must be a form (url-encoded, or multipart with
 * a boundary), within the route's field count. An empty body without a type is read as an empty form.
 */
export function inspectBody(contentTypeHeader: string | undefined, body: Buffer, limit: BodyLimit): BodyVerdict {
  if (!(contentTypeHeader ?? "").trim()) {
    if (body.length === 0) return { ok: true, contentType: "application/x-www-form-urlencoded" };
    return { ok: false, status: 415, message: NOT_A_FORM };
  }
  const kind = formKindOf(contentTypeHeader);
  if (!kind.ok) return kind;
  const counter = fieldCounter(kind);
  counter.push(body);
  return fieldsVerdict(kind, counter.fields(), limit);
}

/** The verdict on a form once its fields are counted. */
export function fieldsVerdict(kind: Extract<FormKind, { ok: true }>, fields: number, limit: BodyLimit): BodyVerdict {
  if (fields > limit.fields) return { ok: false, status: 413, message: "Request too large: the form has too many fields." };
  return { ok: true, contentType: kind.contentType };
}

/**
 * Bounds on a form field's name. Conform reads `x[9999999]` as a list of ten million slots and `x.a.a…` as
 * nested objects, and a reply that echoes the payload then makes the framework encode them (a worker ran out
 * of heap on one 30-byte body). No form of this site needs a list past 1,000 items or more than 10 levels.
 */
export const MAX_FIELD_INDEX = 1000;
export const MAX_FIELD_DEPTH = 10;

/** What is wrong with a field name (an index past MAX_FIELD_INDEX, or more than MAX_FIELD_DEPTH levels), or null. */
export function fieldNameProblem(name: string): string | null {
  let depth = 1;
  for (const part of name.matchAll(/\[([^\]]*)\]|\./g)) {
    depth++;
    if (depth > MAX_FIELD_DEPTH) return "Malformed request: a field name is nested too deeply.";
    const index = part[1];
    if (index !== undefined && /^\d+$/.test(index) && (index.length > 6 || Number(index) > MAX_FIELD_INDEX))
      return "Malformed request: a field name asks for a list too long.";
  }
  return null;
}

/** The first problem among a form's field names, or null when every name is within bounds. */
export function fieldNamesProblem(names: Iterable<string>): string | null {
  for (const name of names) {
    const problem = fieldNameProblem(name);
    if (problem) return problem;
  }
  return null;
}

/**
 * Route discovery (`/__manifest?p=…`) asks for the routes of the paths a page links to. Remix v2's matching
 * costs the square of a path's length (CVE-2026-55685, fixed only in React Router 7.18), so paths longer,
 * deeper or more numerous than this site's routes can need are refused before the framework sees them.
 */
export const MANIFEST_MAX_PATHS = 200;
export const MANIFEST_MAX_SEGMENTS = 12;
export const MANIFEST_MAX_PATH_LENGTH = 512;

/** Route discovery's address (the framework's lazy route manifest). */
const DISCOVERY_PATH = "/__manifest";

/**
 * What is wrong with a request to route discovery (see manifestQueryProblem), or null; any other request is left alone.
 * `target` is the request's path and query as it came.
 */
export function discoveryProblem(pathname: string, target: string): string | null {
  if (pathname !== DISCOVERY_PATH) return null;
  const query = target.indexOf("?");
  return manifestQueryProblem(query === -1 ? "" : target.slice(query));
}

/**
 * Whether a request may be for a static file: it has an extension. Pages do not, so they skip the file-system
 * lookup, and so do the framework's `.data` requests (a hydrated page's navigations and form posts).
 */
export function mayBeFile(pathname: string): boolean {
  return /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith(".data");
}

/**
 * What is wrong with a route-discovery query (too many paths, a path too deep or too long), or null. Remix v2 asks
 * with one `p` per path, React Router 7 with one comma-separated `paths`: both are read, so the guard holds across
 * the upgrade (decision 0001).
 */
export function manifestQueryProblem(search: string): string | null {
  const query = new URLSearchParams(search);
  const paths = [...query.getAll("p"), ...query.getAll("paths").flatMap((list) => list.split(","))];
  if (paths.length > MANIFEST_MAX_PATHS) return "Bad request: too many paths.";
  for (const path of paths) {
    if (path.length > MANIFEST_MAX_PATH_LENGTH) return "Bad request: a path is too long.";
    if (path.split("/").filter(Boolean).length > MANIFEST_MAX_SEGMENTS) return "Bad request: a path is too deep.";
  }
  return null;
}

/**
 * The path and query of a request target, whatever form it came in: an absolute-form target
 * (`http://other.example/x`) keeps only its path and query, and a run of leading slashes (`//other.example/x`,
 * a path, not a host) is collapsed to one, so a URL built on the site's own origin never takes another host.
 */
export function originRelativeTarget(target: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    try {
      const url = new URL(target);
      return `/${url.pathname.replace(/^\/+/, "")}${url.search}`;
    } catch {
      return "/";
    }
  }
  return `/${target.replace(/^\/+/, "")}`;
}
