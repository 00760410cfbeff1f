/**
 * Downloads from the Backup page are plain form posts, so the page cannot see their response. With
 * JavaScript the page sends a random token with the form; the download response sets a cookie holding
 * it (for 5 minutes; each download has its own token), and the page, watching its cookies, then shows
 * the success message. Without JavaScript the browser's own download bar is the confirmation.
 */

/** The message shown on the Backup page once a download has started, by export format. */
export const EXPORTED_MESSAGES = {
  json: "Data exported successfully as JSON",
  csv: "Data exported successfully as CSV files",
  sqlite: "Data exported successfully as a database snapshot",
} as const;

export type ExportFormat = keyof typeof EXPORTED_MESSAGES;

const COOKIE = "export-done";
const TOKEN = /^[A-Za-z0-9]{8,64}$/;

/** The Set-Cookie header for a download answered for `token`, or null for a missing or malformed token. */
export function exportDoneCookie(token: unknown): string | null {
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  return `${COOKIE}=${token}; Path=/admin; Max-Age=300; SameSite=Lax`;
}

/** Whether a Cookie header (document.cookie) says the download with `token` has been answered. */
export function exportDone(cookies: string, token: string): boolean {
  return cookies.split(/;\s*/).includes(`${COOKIE}=${token}`);
}
