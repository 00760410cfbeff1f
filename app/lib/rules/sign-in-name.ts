/**
 * A student signs in with an e-mail or, when the academy gave them none, a roll number or phone number
 * (the "sign-in name"). These rules are shared by the sign-in form, Add User and the student import.
 */

export const INVALID_SIGN_IN_NAME = "Please enter a valid email address, roll number or phone number";
export const INVALID_ROLL_NUMBER = "A roll number or phone may use letters, digits and + - . / _ (at most 40)";
export const ROLL_NUMBER_TAKEN = "User with this roll number or phone already exists";
export const NEEDS_SIGN_IN_NAME = "Give an email or a roll number / phone";

const ROLL_NUMBER = /^[A-Z0-9+\-./_]{1,40}$/;

/** Whether what was typed into the sign-in box is meant as an e-mail (it holds an at sign). */
export function looksLikeEmail(signInName: string): boolean {
  return signInName.includes("@");
}

/**
 * Phone numbers of the academy's country (ACADEMY_COUNTRY, default India) and how one is written at home: India's
 * are 10 digits, written with +91, 91 or a trunk 0 in front as often as without.
 */
const COUNTRIES: Record<string, { code: string; national: number }> = {
  IN: { code: "91", national: 10 },
  LK: { code: "94", national: 9 },
  NP: { code: "977", national: 10 },
  BD: { code: "880", national: 10 },
  AE: { code: "971", national: 9 },
  GB: { code: "44", national: 10 },
  US: { code: "1", national: 10 },
};

/** The phone as stored: the national number when it is one of the academy's country ("9840012345"), else its digits with a leading + kept. */
function phoneOf(digits: string, international: boolean, country: string): string {
  const rule = COUNTRIES[country.toUpperCase()];
  if (rule) {
    if (digits.length === rule.code.length + rule.national && digits.startsWith(rule.code)) return digits.slice(rule.code.length);
    if (!international && digits.length === rule.national + 1 && digits.startsWith("0")) return digits.slice(1);
    if (!international && digits.length === rule.national) return digits;
  }
  return (international ? "+" : "") + digits;
}

/**
 * The stored form of a roll number or phone, the same however it is typed: spaces and dashes removed and letters in
 * capitals, so "trb2026 016", "TRB2026-016" and "trb2026016" are one student; a value of digits alone (a phone, or a
 * numeric roll number) keeps only its digits, and a phone of the academy's country its national number, so
 * "+91 98400 12345", "+91-98400-12345", "098400 12345", "919840012345" and "9840012345" are one student too.
 */
export function normalizeRollNumber(raw: string, country = "IN"): string {
  const compact = raw.replace(/[\s\u2010-\u2015-]+/g, "").toUpperCase();
  if (/^[+\d().]+$/.test(compact) && /\d/.test(compact))
    return phoneOf(compact.replace(/\D/g, ""), compact.startsWith("+") || compact.startsWith("(+"), country);
  return compact;
}

/** A sign-in name as stored: an e-mail lower-cased, a roll number or phone by `normalizeRollNumber`. */
export function normalizeSignInName(typed: string, country = "IN"): string {
  const trimmed = typed.trim();
  return looksLikeEmail(trimmed) ? trimmed.toLowerCase() : normalizeRollNumber(trimmed, country);
}

/** Null when the (normalised) roll number is acceptable, else the message to show. */
export function rollNumberProblem(normalized: string): string | null {
  return ROLL_NUMBER.test(normalized) ? null : INVALID_ROLL_NUMBER;
}

/** The name a user signs in with, for lists, exports and the marks register. */
export function signInNameOf(user: { email: string | null; rollNumber: string | null }): string {
  return user.email ?? user.rollNumber ?? "";
}
