import { z } from "zod";
import { isDriveLink, isHttpUrl } from "../rules/links";
import { INVALID_ROLL_NUMBER, NEEDS_SIGN_IN_NAME, normalizeRollNumber, rollNumberProblem } from "../rules/sign-in-name";
import { maxAttemptsSchema } from "./test-record";

export const FILL_ALL_FIELDS = "Please fill in all fields";

const blankIsMissing = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A user's e-mail: optional (a student may have a roll number or phone instead), lower-cased, valid when given. */
export const userEmailSchema = z.preprocess(
  blankIsMissing,
  z.string().trim().toLowerCase().max(200).pipe(z.email("Please enter a valid email address")).optional(),
);

/** A roll number or phone used as the sign-in name: optional, stored normalised (`normalizeRollNumber`). */
export const rollNumberSchema = z.preprocess(
  (value) => {
    const given = blankIsMissing(value);
    return typeof given === "string" ? normalizeRollNumber(given) : given;
  },
  z
    .string()
    .refine((normalized) => rollNumberProblem(normalized) === null, INVALID_ROLL_NUMBER)
    .optional(),
);

/** Every user has an e-mail or a roll number / phone to sign in with (or both). */
export const hasSignInName = (user: { email?: string; rollNumber?: string }) => Boolean(user.email || user.rollNumber);

/**
 * Add User (spec 001 §5): name and password required; an e-mail, or for a student without one a roll number or
 * phone (docs/decisions/0005-sign-in-names.md); role user or admin; the exam types ticked.
 */
export const addUserSchema = z
  .object({
    name: z.string({ message: FILL_ALL_FIELDS }).trim().min(1, FILL_ALL_FIELDS).max(100, "Name is too long (at most 100 characters)"),
    email: userEmailSchema,
    rollNumber: rollNumberSchema,
    password: z.string({ message: FILL_ALL_FIELDS }).min(1, FILL_ALL_FIELDS).min(6, "Password must be at least 6 characters").max(200),
    role: z.enum(["user", "admin"]).default("user"),
    examTypes: z.array(z.string().max(60)).max(100).default([]),
  })
  .refine(hasSignInName, { message: NEEDS_SIGN_IN_NAME, path: ["email"] });

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

/**
 * Limits of the content records (materials, books, announcements), defined once: the admin forms and
 * the JSON import check the same fields with the same messages.
 */
export const CONTENT_LIMITS = { title: 200, description: 2000, content: 5000, url: 2000, examType: 60 } as const;

const tooLong = (what: string, max: number) => `${what} is too long (at most ${max} characters)`;

/** Required text: missing, empty or blank is `message`. */
const requiredText = (message: string, max: number, what: string) => z.string({ message }).trim().min(1, message).max(max, tooLong(what, max));

/** Optional text: missing, empty or null is "" (Conform turns empty fields into undefined). */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong(what, max))
    .nullish()
    .transform((v) => v ?? "");

/** An image: http(s), or one of the site's own files under /images/. */
const isImageUrl = (v: string) => isHttpUrl(v) || /^\/images\/[\w.-]+$/.test(v);

/** The study material record: every field required (spec 001 "Please fill in all fields"); a Google Drive or Docs link; an http(s) thumbnail. */
export const materialFields = {
  title: requiredText(FILL_ALL_FIELDS, CONTENT_LIMITS.title, "The title"),
  description: requiredText(FILL_ALL_FIELDS, CONTENT_LIMITS.description, "The description"),
  examType: requiredText(FILL_ALL_FIELDS, CONTENT_LIMITS.examType, "The exam type"),
  googleDriveLink: requiredText(FILL_ALL_FIELDS, CONTENT_LIMITS.url, "The link").refine((v) => isDriveLink(v) && isHttpUrl(v), INVALID_DRIVE_LINK),
  thumbnailUrl: requiredText(FILL_ALL_FIELDS, CONTENT_LIMITS.url, "The image URL").refine(isImageUrl, INVALID_IMAGE_URL),
};
/** The material form: the record, and the batches it is given to (none: public, on the landing page). */
export const materialSchema = z.object({ ...materialFields, batches: z.array(z.string().max(100)).max(200).default([]) });

export const BOOK_TITLE_REQUIRED = "Title is required";
export const BOOK_COVER_REQUIRED = "Cover image URL is required";

/** The book record. */
export const bookFields = {
  title: requiredText(BOOK_TITLE_REQUIRED, CONTENT_LIMITS.title, "The title"),
  coverUrl: requiredText(BOOK_COVER_REQUIRED, CONTENT_LIMITS.url, "The image URL").refine(isImageUrl, "Please enter a valid http(s) image URL"),
  description: optionalText(CONTENT_LIMITS.description, "The description"),
};
export const bookSchema = z.object(bookFields);

export const TITLE_CONTENT_REQUIRED = "Title and content are required";
export const ANNOUNCEMENT_TYPES = ["general", "course", "test", "admission", "other"] as const;
export const ANNOUNCEMENT_TARGETS = ["all", "examType", "specific", "batch"] as const;

/** The announcement record's own fields (its audience and schedule are checked by the announcement form's rules). */
export const announcementFields = {
  title: requiredText(TITLE_CONTENT_REQUIRED, CONTENT_LIMITS.title, "The title"),
  content: requiredText(TITLE_CONTENT_REQUIRED, CONTENT_LIMITS.content, "The content"),
  type: z.enum(ANNOUNCEMENT_TYPES).default("general"),
  imageUrl: optionalText(CONTENT_LIMITS.url, "The image URL").refine((v) => !v || isImageUrl(v), INVALID_IMAGE_URL),
  targetType: z.enum(ANNOUNCEMENT_TARGETS).default("all"),
};
export const CHOOSE_EXAM_TYPE = "Choose at least one exam type";
export const ADD_STUDENT = "Add at least one student";
export const CHOOSE_BATCH = "Choose at least one batch";

/** The announcement form: the record's fields, its schedule (a local date and time) and its audience. */
export const announcementSchema = z
  .object({
    ...announcementFields,
    scheduledFor: optionalText(40, "The date"),
    targetExamTypes: z.array(z.string().max(CONTENT_LIMITS.examType)).max(100).default([]),
    targetEmails: optionalText(100_000, "The list of e-mail addresses"),
    targetBatches: z.array(z.string().max(100)).max(200).default([]),
    isActive: z.string().optional(),
    /** New Announcement: also e-mail it to its audience (when the site sends mail, and it is published now) */
    emailIt: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.targetType === "examType" && !v.targetExamTypes.length) ctx.addIssue({ code: "custom", message: CHOOSE_EXAM_TYPE, path: ["targetExamTypes"] });
    if (v.targetType === "specific" && !v.targetEmails.trim()) ctx.addIssue({ code: "custom", message: ADD_STUDENT, path: ["targetEmails"] });
    if (v.targetType === "batch" && !v.targetBatches.length) ctx.addIssue({ code: "custom", message: CHOOSE_BATCH, path: ["targetBatches"] });
  });
export type AnnouncementForm = z.output<typeof announcementSchema>;

export const REGRADE_REASON_REQUIRED = "Say why you are regrading (students' scores change)";

/** Apply a regrade: the reason is recorded with who did it and when. */
export const regradeSchema = z.object({
  reason: z.string({ message: REGRADE_REASON_REQUIRED }).trim().min(1, REGRADE_REASON_REQUIRED).max(500, tooLong("The reason", 500)),
});

export const PASSWORDS_DIFFER = "The two passwords are different";

/** A student setting their own password with a one-time sign-in link: the password twice. */
export const newPasswordSchema = z
  .object({
    password: passwordSchema.shape.password,
    confirm: z.string({ message: "Type the password again" }),
  })
  .refine((v) => v.password === v.confirm, { message: PASSWORDS_DIFFER, path: ["confirm"] });

export const CHOOSE_ACTION = "Choose what to do";
export const CONFIRM_DELETE = "Tick the box to confirm: the users and all their attempts are deleted";

/** Bulk actions on users (User Management → Bulk actions): the action and what it needs. */
export const bulkUsersSchema = z
  .object({
    action: z.enum(["add-type", "remove-type", "add-batch", "remove-batch", "activate", "deactivate", "limit", "links", "delete"], { message: CHOOSE_ACTION }),
    examType: z.string().trim().max(CONTENT_LIMITS.examType).optional(),
    batchId: z.string().trim().max(100).optional(),
    globalTestLimit: globalLimitSchema.shape.globalTestLimit,
    confirmDelete: z.string().optional(),
    /** Create sign-in links: also replace links already sent and still valid (the old ones stop working) */
    replaceLinks: z.string().optional(),
    /** Create sign-in links: also e-mail each one to its student (those with an e-mail; when the site sends mail) */
    emailLinks: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.action === "add-type" || v.action === "remove-type") && !v.examType)
      ctx.addIssue({ code: "custom", message: "Choose an exam type", path: ["examType"] });
    if ((v.action === "add-batch" || v.action === "remove-batch") && !v.batchId) ctx.addIssue({ code: "custom", message: "Choose a batch", path: ["batchId"] });
    if (v.action === "delete" && v.confirmDelete !== "on") ctx.addIssue({ code: "custom", message: CONFIRM_DELETE, path: ["confirmDelete"] });
  });
