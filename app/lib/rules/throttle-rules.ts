/**
 * The sign-in and registration limits (pure; unit-tested), after OWASP's "device cookie" pattern:
 * - A browser that has signed in to an account before carries a signed device cookie for it
 *   (app/lib/server/device-cookie.server.ts) and has an allowance of its own (DEVICE_LIMIT): guesses from
 *   anywhere else never lock the owner's own browser out, and its correct sign-in clears the account's counts.
 * - Every other attempt at an account is counted per (e-mail, address) and per e-mail from anywhere. Long
 *   waits (up to a day) fall on the guessing address only; the account's own lock for unknown browsers is
 *   short (at most 10 minutes, then 30 while failures go on), so nobody can shut a student out of a new browser.
 * - A classroom or a mobile carrier puts hundreds of students behind one address: an address with many
 *   failures is refused only for accounts that already have failures of their own, so failures for
 *   other accounts never block a correct password for an account without failures.
 */
export type LimitRule = {
  name: string;
  points: number;
  seconds: number;
  key: (email: string, address: string) => string;
  /** a correct password clears this count (otherwise it gives back only its own attempt) */
  clearOnSuccess: boolean;
  /** a count of the account itself, from anywhere: a correct sign-in from a known browser clears it too */
  account?: boolean;
};

const MINUTE = 60;
const email = (e: string) => e.trim().toLowerCase();

/** Attempts at an account from browsers without its device cookie: per (e-mail, address) over 15 minutes and a day, per e-mail over 10 and 30 minutes, and per address. */
export const SIGN_IN_LIMITS: LimitRule[] = [
  { name: "pair", points: 5, seconds: 15 * MINUTE, key: (e, a) => `${email(e)}|${a}`, clearOnSuccess: true },
  { name: "pair-day", points: 20, seconds: 24 * 60 * MINUTE, key: (e, a) => `${email(e)}|${a}`, clearOnSuccess: true },
  { name: "email", points: 10, seconds: 10 * MINUTE, key: (e) => email(e), clearOnSuccess: true, account: true },
  { name: "email-long", points: 30, seconds: 30 * MINUTE, key: (e) => email(e), clearOnSuccess: true, account: true },
  { name: "ip", points: 300, seconds: 15 * MINUTE, key: (_e, a) => a, clearOnSuccess: false },
];

/** The longest an account can be locked for browsers that never signed in to it: its account rules' longest window. */
export const LONGEST_ACCOUNT_LOCK_SECONDS = Math.max(...SIGN_IN_LIMITS.filter((r) => r.account).map((r) => r.seconds));

/** The rule an address's failures are counted under: refused only for accounts with failures of their own. */
export const ADDRESS_RULE = "ip";
/** The rule whose count says whether the account has failures of its own (a correct password clears it). */
export const ACCOUNT_RULE = "email";

/** A browser with the account's device cookie: its own allowance, untouched by failures elsewhere. */
export const DEVICE_LIMIT: LimitRule = { name: "device", points: 10, seconds: 15 * MINUTE, key: (_e, device) => device, clearOnSuccess: true };

/** Whether an address's used-up allowance refuses this attempt: only for an account that had failed before it. */
export function addressLimitApplies(accountAttemptsCounted: number): boolean {
  // the count includes this attempt; a correct password clears it, so more than one means failures
  return accountAttemptsCounted > 1;
}

/** Accounts registered from one address per hour: a class of 60 enrolling together from the centre's network fits. */
export const REGISTER_LIMIT: LimitRule = { name: "register", points: 100, seconds: 60 * MINUTE, key: (_e, a) => a, clearOnSuccess: false };

/** "Forgot password?" e-mails: 3 an hour to one address (no inbox is flooded), 20 an hour from one network. */
export const RESET_EMAIL_LIMIT: LimitRule = { name: "reset-email", points: 3, seconds: 60 * MINUTE, key: (e) => e, clearOnSuccess: false };
export const RESET_ADDRESS_LIMIT: LimitRule = { name: "reset-address", points: 20, seconds: 60 * MINUTE, key: (_e, a) => a, clearOnSuccess: false };

/** Join codes typed by a signed-in student: 10 an hour per student (the first argument is their id). */
export const JOIN_CODE_LIMIT: LimitRule = { name: "join-code", points: 10, seconds: 60 * MINUTE, key: (userId) => userId, clearOnSuccess: false };

/** "Too many failed sign-in attempts. Please wait 15 minutes and try again." with the real wait. */
export function throttledMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  if (minutes > 90) {
    const hours = Math.ceil(minutes / 60);
    return `Too many failed sign-in attempts. Please wait ${hours} hours and try again.`;
  }
  return `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}
