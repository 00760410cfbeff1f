/**
 * A database that cannot answer (locked past the busy timeout, disk full, read-only, I/O error) is a
 * passing condition, not a bug: every loader and action throws it on as a 503 with Retry-After
 * (app/lib/server/guarded-build.server.ts), and the exam page's save queue retries.
 */
export type DatabaseTrouble = "busy" | "full" | "unavailable";

export function databaseTrouble(error: unknown): DatabaseTrouble | null {
  const code = typeof error === "object" && error && "code" in error ? String((error as { code: unknown }).code) : "";
  if (!code.startsWith("SQLITE_")) return null;
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "busy";
  if (code === "SQLITE_FULL") return "full";
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_IOERR") || code.startsWith("SQLITE_CANTOPEN")) return "unavailable";
  return null;
}

/** For a route's catch block: a database that cannot answer is not the route's error to word. */
export function rethrowIfDatabaseTrouble(error: unknown) {
  if (databaseTrouble(error)) throw error;
}

export const RETRY_AFTER_SECONDS = 5;

export function databaseTroubleMessage(trouble: DatabaseTrouble): string {
  return trouble === "busy"
    ? "The site is very busy right now. Nothing was lost: please try again in a few seconds."
    : "The site cannot save anything right now. Nothing was lost: please try again in a minute.";
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A whole page sent with a 503 by the server's guards, before the framework (no layout: nothing was rendered). */
function tryAgainPage(page: { title: string; heading: string; message: string; href: string; link: string }): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(page.title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a"><h1 style="font-size:1.25rem">${escapeHtml(page.heading)}</h1><p>${escapeHtml(page.message)}</p><p><a href="${escapeHtml(page.href)}" style="color:#1d4ed8">${escapeHtml(page.link)}</a></p></body></html>`;
}

/** Said when the server turns a request away because too many are waiting (server/start.js). */
export const BUSY_MESSAGE = "The site is very busy right now. Nothing was lost: press the button again in a few seconds.";

/**
 * The page for a request turned away before any work was done: a readable page, not an error, with a
 * way to send it again (a posted form: back to the page it came from; a page: the same address).
 */
export function busyPage(method: string, againHref: string): string {
  const link = method === "GET" || method === "HEAD" ? "Try again" : "Back to the page";
  return tryAgainPage({ title: "Very busy: please try again", heading: "Please try again in a few seconds", message: BUSY_MESSAGE, href: againHref, link });
}

/** What an admin is told when an upload could not be written (`code`, the file system's error: ENOSPC is a full disk). */
export function writeFailedMessage(code: string): string {
  return code === "ENOSPC" || code === "EDQUOT"
    ? "The server's disk is full, so the file could not be kept. Nothing was changed. Free some space on the server (or ask whoever runs it), then send the file again."
    : "The server could not write the file, so it was not kept. Nothing was changed. Please try again; if it happens again, tell whoever runs the server.";
}

/** Whether an error is the file system refusing a write for lack of space. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** The page sent with 507 when an upload could not be written (server/start.js). */
export function writeFailedPage(message: string): string {
  return tryAgainPage({ title: "The file was not kept", heading: "The file could not be kept", message, href: "/admin", link: "Back to the admin area" });
}
