import { z } from "zod";
import { isDriveLink, isHttpUrl } from "./links";
import { maxAttemptsSchema } from "./test-record";

export const FILL_ALL_FIELDS = "Please fill in all fields";

/** Add User (spec 001 §5): name, email and password required; role user or admin; the exam types ticked. */
export const addUserSchema = z.object({
  name: z.string({ message: FILL_ALL_FIELDS }).trim().min(1, FILL_ALL_FIELDS).max(100, "Name is too long (at most 100 characters)"),
  email: z.string({ message: FILL_ALL_FIELDS }).trim().toLowerCase().min(1, FILL_ALL_FIELDS).max(200).pipe(z.email("Please enter a valid email address")),
  password: z.string({ message: FILL_ALL_FIELDS }).min(1, FILL_ALL_FIELDS).min(6, "Password must be at least 6 characters").max(200),
  role: z.enum(["user", "admin"]).default("user"),
  examTypes: z.array(z.string().max(60)).max(100).default([]),
});

/** The exam types a user is assigned (Add User's ticks, the Exam types dialog, imports). */
export const assignExamTypesSchema = z.object({ examTypes: addUserSchema.shape.examTypes });

export const GLOBAL_LIMIT_MESSAGE = "Enter a whole number from 0 to 1000, or leave it empty for no limit";

/** A student's attempts per test: empty (or 0) for no limit. */
export const globalLimitSchema = z.object({
  globalTestLimit: z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
      z.number({ message: GLOBAL_LIMIT_MESSAGE }).int(GLOBAL_LIMIT_MESSAGE).min(0, GLOBAL_LIMIT_MESSAGE).max(1000, GLOBAL_LIMIT_MESSAGE).optional(),
    )
    .transform((v) => v ?? null),
});

export const CHOOSE_TEST = "Choose a test";

/** One per-test limit: the test and its attempts (empty removes the limit). */
export const perTestLimitSchema = z.object({
  testId: z.string({ message: CHOOSE_TEST }).trim().min(1, CHOOSE_TEST).max(100),
  maxAttempts: maxAttemptsSchema,
});

export const passwordSchema = z.object({
  password: z.string().min(6, "Password must be at least 6 characters").max(200),
});

export const INVALID_DRIVE_LINK = "Please provide a valid Google Drive link";
export const INVALID_IMAGE_URL = "Invalid image URL";

/** Add Material: every field required; a Google Drive or Docs link; an http(s) thumbnail. */
export const materialSchema = z.object({
  title: z.string().trim().min(1, FILL_ALL_FIELDS).max(200),
  description: z.string().trim().min(1, FILL_ALL_FIELDS).max(2000),
  examType: z.string().trim().min(1, FILL_ALL_FIELDS),
  googleDriveLink: z
    .string()
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .refine((v) => isDriveLink(v) && isHttpUrl(v), INVALID_DRIVE_LINK),
  thumbnailUrl: z
    .string()
    .trim()
    .min(1, FILL_ALL_FIELDS)
    .refine((v) => isHttpUrl(v), INVALID_IMAGE_URL),
});

export const BOOK_TITLE_REQUIRED = "Title is required";
export const BOOK_COVER_REQUIRED = "Cover image URL is required";

export const bookSchema = z.object({
  title: z.string().trim().min(1, BOOK_TITLE_REQUIRED).max(200),
  coverUrl: z
    .string()
    .trim()
    .min(1, BOOK_COVER_REQUIRED)
    .refine((v) => isHttpUrl(v) || /^\/images\/[\w.-]+$/.test(v), "Please enter a valid http(s) image URL"),
  description: z.string().trim().max(2000).optional().default(""),
});

export const TITLE_CONTENT_REQUIRED = "Title and content are required";

export const announcementSchema = z.object({
  title: z.string().trim().min(1, TITLE_CONTENT_REQUIRED).max(200),
  content: z.string().trim().min(1, TITLE_CONTENT_REQUIRED).max(5000),
  type: z.enum(["general", "course", "test", "admission", "other"]).default("general"),
  imageUrl: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .default("")
    .refine((v) => !v || isHttpUrl(v), INVALID_IMAGE_URL),
  targetType: z.enum(["all", "examType", "specific"]).default("all"),
  scheduledFor: z.string().trim().optional().default(""),
  isActive: z.string().optional(),
});
