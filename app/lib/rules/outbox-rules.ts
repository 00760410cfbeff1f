/**
 * When a message the mail server did not take is tried again (pure; unit-tested): 1 minute after the first try,
 * then doubling (2, 4, 8 … minutes) up to 6 hours; after MAX_MAIL_ATTEMPTS tries it is given up and the admin sees it.
 */
export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/** The wait before the next try, after `attempts` tries have failed (null: give up). */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_MAIL_ATTEMPTS) return null;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.max(0, attempts - 1));
}

/** A mail server's refusal as the admin reads it: one line, no password from the address. */
export function mailErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .replace(/(smtps?:\/\/[^:\s/]+:)[^@\s]+@/gi, "$1***@")
    .replace(/\s+/g, " ")
    .slice(0, 300);
}
