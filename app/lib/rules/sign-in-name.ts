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
 * The stored form of a roll number or phone: spaces removed and letters in capitals, so "pg-trb-007" and
 * "PG-TRB-007" are the same student; a value of digits alone (a phone, or a numeric roll number) keeps only
 * its digits and a leading +, so "+91 98765-43210", "(+91) 98765 43210" and "+919876543210" are too.
 */
export function normalizeRollNumber(raw: string): string {
  const compact = raw.replace(/\s+/g, "").toUpperCase();
  if (/^[+\d\-().]+$/.test(compact) && /\d/.test(compact)) return (compact.includes("+") ? "+" : "") + compact.replace(/\D/g, "");
  return compact;
}

/** A sign-in name as stored: an e-mail lower-cased, a roll number or phone by `normalizeRollNumber`. */
export function normalizeSignInName(typed: string): string {
  const trimmed = typed.trim();
  return looksLikeEmail(trimmed) ? trimmed.toLowerCase() : normalizeRollNumber(trimmed);
}

/** Null when the (normalised) roll number is acceptable, else the message to show. */
export function rollNumberProblem(normalized: string): string | null {
  return ROLL_NUMBER.test(normalized) ? null : INVALID_ROLL_NUMBER;
}

/** The name a user signs in with, for lists, exports and the marks register. */
export function signInNameOf(user: { email: string | null; rollNumber: string | null }): string {
  return user.email ?? user.rollNumber ?? "";
}
