/**
 * The plain pages: for a browser that has never run the site's script (JavaScript off, a browser too old for
 * it, a script that never loaded), a page whose route says `handle.plain` (the exam, the results) is the same
 * route tree rendered by the framework without its scripts and hydration data (root.tsx leaves out
 * <Scripts />). Every control of those pages is a form or a link, so they work as they did; on exam day the
 * page weighs less and the browser has nothing to run.
 *
 * Which browsers have run the script: the hydrated app sets this cookie (app/entry.client.tsx). It is a
 * hint and nothing more: either page is the same student's own, and a forged one only chooses which.
 */
export type PageHandle = {
  /** the page may be sent without scripts to a browser that has never run them */
  plain?: boolean;
  /** while this is true of the page's data, the page has the screen to itself (no navigation bar) */
  focused?: (data: unknown) => boolean;
};

/**
 * Whether a page is sent plain: one of its matched routes says `plain`, the browser has never run the script
 * (the root's data says), and no message waits (the upgrade script's reload would lose it). Asked by root.tsx
 * (which leaves the scripts out) and entry.server.tsx (which then renders the page in one synchronous call).
 */
export function sendsPlainPage(handles: ReadonlyArray<unknown>, root: { scripted?: boolean; flash?: unknown } | undefined): boolean {
  if (root?.scripted !== false || root.flash) return false;
  return handles.some((handle) => (handle as PageHandle | undefined)?.plain === true);
}

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
