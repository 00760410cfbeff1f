/**
 * The plain exam and results pages (app/models/plain-pages.server.tsx): for a browser that has never run
 * the site's script (JavaScript off, a browser too old for it, a script that never loaded), the exam page
 * and the results page are the same React components rendered without the framework's document: no
 * scripts, no hydration data. Every control of those pages is a form or a link, so they work as they
 * did; on exam day they cost a fraction of a framework document.
 *
 * Which browsers have run the script: the hydrated app sets this cookie (app/entry.client.tsx). It is a
 * hint and nothing more: either page is the same student's own, and a forged one only chooses which.
 */
export const SCRIPTED_COOKIE = "scripted";

/** The cookie as the browser's script sets it (a year; sent with every same-site request). */
export const SCRIPTED_COOKIE_VALUE = `${SCRIPTED_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;

/** Whether a Cookie header says this browser has run the site's script. */
export function hasRunScript(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => pair.trim() === `${SCRIPTED_COOKIE}=1`);
}

/**
 * A plain page for a browser that can run the site's script after all (its first visit, or the script
 * failed to load once): it notes that it can and loads the page again, now as the framework's page with
 * the exam's autosave, offline queue and live clock. Only browsers that run module scripts (the ones the
 * app's own script needs) run it; without the cookie stored (cookies refused) it does nothing, so it
 * can never loop. Written without & < > " ' (React escapes them in a script's text; unit-tested).
 */
export const UPGRADE_SCRIPT = `document.cookie = \`${SCRIPTED_COOKIE_VALUE}\`;
if (document.cookie.includes(\`${SCRIPTED_COOKIE}=1\`)) location.replace(location.href);`;

export type PlainTarget = { page: "exam" | "results"; rawTestId: string };

const PLAIN_PATH = /^\/test\/([^/]+?)(\/results)?$/;

/** Which plain page an address is (its still-escaped test id), or null: `/test/:id` and `/test/:id/results`, never a `.data` request. */
export function plainTargetOf(pathname: string): PlainTarget | null {
  const match = PLAIN_PATH.exec(pathname);
  if (!match || match[1].endsWith(".data") || pathname.endsWith(".data")) return null;
  return { page: match[2] ? "results" : "exam", rawTestId: match[1] };
}

/** Whether the server should offer a GET to plainPage. */
export function isPlainPagePath(pathname: string): boolean {
  return plainTargetOf(pathname) !== null;
}
