import { z } from "zod";

export const FILL_REQUIRED = "Please fill in all required fields";

const email = z.string().trim().toLowerCase().min(1, FILL_REQUIRED).pipe(z.email("Please enter a valid email address"));

export const signInSchema = z.object({
  email,
  password: z.string().min(1, FILL_REQUIRED),
});

export const registerSchema = z.object({
  name: z.string().trim().min(1, FILL_REQUIRED).max(100, "Name is too long"),
  email,
  password: z.string().min(1, FILL_REQUIRED).min(6, "Password must be at least 6 characters").max(200, "Password is too long"),
});
