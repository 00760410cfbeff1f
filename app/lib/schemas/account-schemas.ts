import { z } from "zod";
import { PASSWORDS_DIFFER } from "~/lib/schemas/admin-schemas";

/**
 * My account (/account): the student's own forms, one schema each, used by the action's check and by the
 * fields' errors (Conform). Which form was sent is its submit button's `intent`.
 */
export const ACCOUNT_INTENTS = ["name", "password", "join", "sign-out-others"] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const accountNameSchema = z.object({
  name: z.string({ message: "Enter your name" }).trim().min(1, "Enter your name").max(100, "Name is too long"),
});

export const CURRENT_PASSWORD_WRONG = "Your current password is not right";
export const SAME_PASSWORD = "Choose a password different from the current one";

export const changePasswordSchema = z
  .object({
    current: z.string({ message: "Enter your current password" }).min(1, "Enter your current password").max(200),
    password: z.string({ message: "Enter a new password" }).min(6, "Password must be at least 6 characters").max(200, "Password is too long"),
    confirm: z.string({ message: "Type the new password again" }),
  })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] })
  .refine((v) => v.password !== v.current, { message: SAME_PASSWORD, path: ["password"] });

export function accountIntentOf(value: FormDataEntryValue | null): AccountIntent | null {
  return (ACCOUNT_INTENTS as readonly string[]).includes(String(value)) ? (value as AccountIntent) : null;
}
