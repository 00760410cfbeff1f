import { z } from "zod";
import { INVALID_SIGN_IN_NAME, looksLikeEmail, normalizeSignInName, rollNumberProblem } from "../rules/sign-in-name";

export const FILL_REQUIRED = "Please fill in all required fields";

const email = z.string().trim().toLowerCase().min(1, FILL_REQUIRED).pipe(z.email("Please enter a valid email address"));

/**
 * What a student types to sign in (the form's `email` field): an e-mail, lower-cased, or a roll number or
 * phone, normalised as the admin's Add User and import store it.
 */
const signInName = z
  .string()
  .trim()
  .min(1, FILL_REQUIRED)
  .transform((typed) => normalizeSignInName(typed))
  .refine((name) => (looksLikeEmail(name) ? z.email().safeParse(name).success : rollNumberProblem(name) === null), INVALID_SIGN_IN_NAME);

export const signInSchema = z.object({
  email: signInName,
  password: z.string().min(1, FILL_REQUIRED),
});

export const registerSchema = z.object({
  name: z.string().trim().min(1, FILL_REQUIRED).max(100, "Name is too long"),
  email,
  password: z.string().min(1, FILL_REQUIRED).min(6, "Password must be at least 6 characters").max(200, "Password is too long"),
  /** the exams the student prepares for, among those the academy opens to self sign-up */
  examTypes: z.array(z.string().max(100)).max(50).optional().default([]),
  /** a batch's join code (optional): the student joins that batch */
  joinCode: z
    .string()
    .max(40)
    .optional()
    .transform((v) => (v ?? "").replace(/[\s-]/g, "").toUpperCase()),
});

/** The sign-in name as the throttle and the device cookie key it (normalised), or null when it is not one. */
export function typedSignInName(typed: string): string | null {
  const parsed = signInName.safeParse(typed);
  return parsed.success ? parsed.data : null;
}

/** "Forgot password?": the account's e-mail address. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ message: "Enter your e-mail address" })
    .trim()
    .toLowerCase()
    .min(1, "Enter your e-mail address")
    .pipe(z.email("Please enter a valid email address")),
});
