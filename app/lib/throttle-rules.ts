/**
 * The sign-in and registration limits (pure; unit-tested). A classroom or a mobile carrier puts
 * hundreds of students behind one address, so the address limit is generous; an account is protected
 * by a tight limit per (e-mail, address) and a looser one per e-mail from anywhere, which grows from a
 * 15-minute wait to a day.
 */
export type LimitRule = {
  name: string;
  points: number;
  seconds: number;
  key: (email: string, address: string) => string;
  /** a correct password clears this count (otherwise it gives back only its own attempt) */
  clearOnSuccess: boolean;
};

const MINUTE = 60;
const email = (e: string) => e.trim().toLowerCase();

export const SIGN_IN_LIMITS: LimitRule[] = [
  { name: "pair", points: 5, seconds: 15 * MINUTE, key: (e, a) => `${email(e)}|${a}`, clearOnSuccess: true },
  { name: "email", points: 10, seconds: 15 * MINUTE, key: (e) => email(e), clearOnSuccess: true },
  { name: "email-day", points: 30, seconds: 24 * 60 * MINUTE, key: (e) => email(e), clearOnSuccess: true },
  { name: "ip", points: 300, seconds: 15 * MINUTE, key: (_e, a) => a, clearOnSuccess: false },
];

export const REGISTER_LIMIT: LimitRule = { name: "register", points: 30, seconds: 60 * MINUTE, key: (_e, a) => a, clearOnSuccess: false };

/** "Too many failed sign-in attempts. Please wait 15 minutes and try again." with the real wait. */
export function throttledMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  if (minutes > 90) {
    const hours = Math.ceil(minutes / 60);
    return `Too many failed sign-in attempts. Please wait ${hours} hours and try again.`;
  }
  return `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}
