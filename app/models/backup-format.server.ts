import { ACCOMMODATION_LIMITS } from "~/lib/rules/accommodation";
/**
 * The JSON backup's file format (spec 001 "Backup & Import"): the collections, the messages, and every item's
 * schema, checked with the same record schemas as the forms. Export writes it (backup-export.server.ts), import
 * reads it (backup-import.server.ts).
 */
import { z } from "zod";
import { ANSWER_RELEASES } from "~/lib/rules/answer-release";
import { MAX_BATCH_NAME } from "~/lib/rules/batches";

import { addUserSchema, announcementFields, bookFields, hasSignInName, materialFields, rollNumberSchema, userEmailSchema } from "~/lib/schemas/admin-schemas";
import { NEEDS_SIGN_IN_NAME } from "~/lib/rules/sign-in-name";
import { MATERIAL_PLACEHOLDER } from "~/lib/rules/links";
import { issuesOf, questionSchema, testDetailsSchema } from "~/lib/schemas/test-record";

export const BACKUP_VERSION = "1.0";
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
export const COLLECTIONS = ["users", "tests", "attempts", "materials", "customExamTypes", "announcements", "books"] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const MESSAGES = {
  notJson: "Please select a JSON file for import",
  parse: "Failed to parse JSON file",
  format: "Invalid backup file format",
  empty: "No valid data to import",
  exportFailed: "Failed to export data",
  importFailed: "Failed to import data",
  loaded: "File loaded successfully. Review the data before importing.",
} as const;

const dateLike = z
  .union([z.string(), z.number(), z.object({ seconds: z.number() }).passthrough(), z.null()])
  .optional()
  .transform((v) => {
    if (v === null || v === undefined || v === "") return null;
    if (typeof v === "number") return new Date(v);
    if (typeof v === "object") return new Date(v.seconds * 1000);
    const d = new Date(v);
    return Number.isNaN(+d) ? null : d;
  });
const id = z.union([z.string().min(1).max(200), z.number()]).transform(String);
const text = (max: number) => z.string().max(max);

/**
 * A user of the backup: e-mail and/or roll number, name and exam types by the user record's rules (Add User);
 * the name may be missing (the sign-in name is used).
 */
export const userItem = z
  .object({
    id,
    email: z.preprocess((v) => (v === null ? undefined : v), userEmailSchema),
    rollNumber: z.preprocess((v) => (v === null ? undefined : v), rollNumberSchema),
    name: z.preprocess((v) => (typeof v === "string" && v.trim() ? v : undefined), addUserSchema.shape.name.optional()).transform((v) => v ?? ""),
    role: z.enum(["user", "admin"]).optional().default("user"),
    status: z.enum(["active", "inactive"]).optional().default("active"),
    assignedExamTypes: addUserSchema.shape.examTypes.optional().default([]),
    joinDate: dateLike,
    lastLogin: dateLike,
    globalTestLimit: z.number().int().min(0).max(1000).nullable().optional().default(null),
    /** present only in an export made with "include password hashes" */
    passwordHash: z
      .string()
      // argon2id (today's) or scrypt (before; upgraded at the student's next sign-in)
      .regex(
        /^(\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+|scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+)$/,
        "not a password hash of this app",
      )
      .max(300)
      .optional(),
    testAttemptLimits: z.record(z.string(), z.number().int().min(1)).optional().default({}),
    /** more time and attempts, for one test or (testId null) every test (app/lib/rules/accommodation.ts) */
    accommodations: z
      .array(
        z.object({
          testId: z.string().max(100).nullable(),
          extraMinutes: z.number().int().min(0).max(ACCOMMODATION_LIMITS.extraMinutes),
          extraPercent: z.number().int().min(0).max(ACCOMMODATION_LIMITS.extraPercent),
          extraAttempts: z.number().int().min(0).max(ACCOMMODATION_LIMITS.extraAttempts),
          opensAt: dateLike,
          closesAt: dateLike,
          note: z.string().max(ACCOMMODATION_LIMITS.note).optional().default(""),
        }),
      )
      .max(1000)
      .optional()
      .default([]),
    createdAt: dateLike,
  })
  .refine(hasSignInName, NEEDS_SIGN_IN_NAME);
/** A question of the backup: the question record's schema (ids as the old app wrote them). */
const questionItem = questionSchema.and(z.object({ id: text(20).optional() }));
/** A test of the backup: its details through the test record's one schema (the same limits and messages as every form). */
/** An inactive upload's report (flagged rows), as tests.upload_report holds it. */
const uploadReportItem = z.object({
  skipped: z.array(z.object({ line: z.number().int(), reason: z.string().max(500) })).max(5000),
  fallbacks: z.array(z.object({ line: z.number().int(), question: z.number().int(), given: z.string().max(500) })).max(5000),
});

/** One regrade of a test: who, when, why, and what it changed. */
const regradeItem = z.object({
  version: z.number().int().min(1),
  regradedBy: z.string().trim().min(1).max(200),
  reason: z.string().trim().min(1).max(1000),
  attempts: z.number().int().min(0),
  changedScores: z.number().int().min(0),
  createdAt: dateLike,
});

/** An older version of a test's questions (past attempts were taken on it); `dropped` marks questions a regrade removed. */
const olderVersionItem = z.object({
  version: z.number().int().min(1),
  questions: z
    .array(questionItem.and(z.object({ dropped: z.boolean().optional().default(false) })))
    .min(1)
    .max(1000),
});
export const testItem = z
  .object({
    id,
    questions: z.array(questionItem).min(1).max(1000),
    /** the version number of `questions` (1 in the old app's backups) */
    currentVersion: z.number().int().min(1).optional().default(1),
    olderVersions: z.array(olderVersionItem).max(1000).optional().default([]),
    isActive: z.boolean().optional().default(true),
    archived: z.boolean().optional().default(false),
    archivedAt: dateLike,
    /** the availability window, if any */
    opensAt: dateLike,
    closesAt: dateLike,
    shuffleQuestions: z.boolean().optional().default(false),
    shuffleOptions: z.boolean().optional().default(false),
    uploadReport: uploadReportItem.nullish().default(null),
    regrades: z.array(regradeItem).max(1000).optional().default([]),
    /** decided key disputes: options accepted, marks for everyone, a question dropped (app/models/disputes.server.ts) */
    disputes: z
      .array(
        z.object({
          version: z.number().int().min(1),
          id: z.string().regex(/^q\d{1,4}$/),
          accepted: z.array(z.number().int().min(0).max(5)).max(6).nullable(),
          bonus: z.boolean(),
          dropped: z.boolean(),
        }),
      )
      .max(5000)
      .optional()
      .default([]),
    createdAt: dateLike,
  })
  .passthrough()
  .refine((t) => t.questions.every((q) => q.correctAnswer < q.options.length), "a correct answer is out of range")
  .refine(
    (t) => t.olderVersions.every((v) => v.version < t.currentVersion) && new Set(t.olderVersions.map((v) => v.version)).size === t.olderVersions.length,
    "an older version's number must be below the current version and appear once",
  )
  .transform((t, ctx) => {
    const details = testDetailsSchema.safeParse({ ...t, customExamType: "" });
    if (!details.success) {
      ctx.addIssue({ code: "custom", message: issuesOf(details.error).message });
      return z.NEVER;
    }
    return {
      id: t.id,
      questions: t.questions,
      currentVersion: t.currentVersion,
      olderVersions: t.olderVersions,
      isActive: t.isActive,
      archived: t.archived || t.archivedAt !== null,
      archivedAt: t.archivedAt,
      opensAt: t.opensAt,
      closesAt: t.closesAt,
      shuffleQuestions: t.shuffleQuestions,
      shuffleOptions: t.shuffleOptions,
      uploadReport: t.uploadReport,
      regrades: t.regrades,
      disputes: t.disputes,
      createdAt: t.createdAt,
      ...details.data,
    };
  });
export const attemptItem = z.object({
  id,
  testId: id,
  userId: id,
  /** the version of the test's questions it was taken on (1 in the old app's backups) */
  testVersion: z.number().int().min(1).optional().default(1),
  status: z.enum(["submitted", "expired"]).optional().default("submitted"),
  answers: z.record(z.string(), z.number().int().min(0).nullable()).optional().default({}),
  markedForReview: z.array(text(20)).max(1000).optional().default([]),
  score: z.number().int().min(0),
  totalQuestions: z.number().int().min(0),
  timeSpent: z.number().int().min(0).nullable().optional().default(0),
  startedAt: dateLike,
  deadlineAt: dateLike,
  completedAt: dateLike,
  regradedAt: dateLike,
  /** the attempt's shuffle (its review shows the student's order) */
  shuffleMode: z.number().int().min(0).max(3).optional().default(0),
  shuffleSeed: z.number().int().min(1).max(0x7fffffff).nullable().optional().default(null),
});
/** A material of the backup: the material record's fields (one schema with Add/Edit Material); a missing thumbnail becomes the placeholder. */
export const materialItem = z.object({
  id,
  ...materialFields,
  thumbnailUrl: z.preprocess((v) => v || MATERIAL_PLACEHOLDER, materialFields.thumbnailUrl),
  isActive: z.boolean().optional().default(true),
  uploadDate: dateLike,
  createdAt: dateLike,
});
export const customTypeItem = z.object({ id: id.optional(), value: text(60).min(1), label: text(100).min(1), createdAt: dateLike });
/** An announcement of the backup: the announcement record's fields (one schema with its dialogs), then its schedule and audience. */
export const announcementItem = z.object({
  id,
  ...announcementFields,
  imageUrl: announcementFields.imageUrl.transform((v) => v || null),
  isActive: z.boolean().optional().default(true),
  scheduledFor: dateLike,
  targetExamTypes: z.array(text(60)).optional().default([]),
  targetUsers: z.array(text(200)).optional().default([]),
  createdAt: dateLike,
});
/** A book of the backup: the book record's fields (one schema with Add/Edit Book). */
export const bookItem = z.object({
  id,
  ...bookFields,
  description: bookFields.description.transform((v) => v || null),
  createdAt: dateLike,
});

/**
 * A batch of the backup (beside the spec's collections): its name and, by id, its students, the tests given to it
 * (with its own window and answer release) and the announcements and study materials given to it.
 */
export const batchItem = z.object({
  id,
  name: z.string().trim().min(1).max(MAX_BATCH_NAME),
  archivedAt: dateLike,
  createdAt: dateLike,
  members: z.array(id).max(100_000).optional().default([]),
  tests: z
    .array(z.object({ testId: id, opensAt: dateLike, closesAt: dateLike, answerRelease: z.enum(ANSWER_RELEASES).nullable().optional().default(null) }))
    .max(10_000)
    .optional()
    .default([]),
  announcements: z.array(id).max(10_000).optional().default([]),
  materials: z.array(id).max(10_000).optional().default([]),
});

/** A row of the admin activity log of the backup: who did what, when (the actor by name; by id when they are there). */
export const activityItem = z.object({
  id,
  actorId: id.nullable().optional().default(null),
  actorName: text(200),
  action: text(60).min(1),
  testId: id.nullable().optional().default(null),
  target: text(500).optional().default(""),
  detail: text(2000).optional().default(""),
  createdAt: dateLike,
});

/**
 * A question of the question bank (app/models/bank.server.ts), which outlives the tests it came from: its current
 * words (the question record's rules) and, oldest first, every version's words (a test students sat keeps them).
 */
export const bankQuestionItem = z.object({
  key: z.string().regex(/^[0-9a-f]{26}$/),
  version: z.number().int().min(1).max(100_000),
  question: questionSchema.shape.question,
  options: questionSchema.shape.options,
  correctAnswer: z.number().int().min(0).max(5),
  explanation: text(5000).nullable().optional().default(null),
  marks: z.number().positive().max(100).nullable().optional().default(null),
  section: text(100).nullable().optional().default(null),
  topic: text(100).nullable().optional().default(null),
  examType: text(60).min(1),
  deletedAt: dateLike,
  createdAt: dateLike,
  versions: z
    .array(
      z.object({
        version: z.number().int().min(1),
        question: z.string().max(5000),
        options: z.array(z.string().max(1000)).max(6),
        correctAnswer: z.number().int().min(0).max(5),
      }),
    )
    .max(1000)
    .optional()
    .default([]),
});

/** The outer shape: the five spec collections must be arrays; the items are checked one by one later. */
const backupShape = z.object({
  users: z.array(z.unknown()),
  tests: z.array(z.unknown()),
  attempts: z.array(z.unknown()),
  materials: z.array(z.unknown()),
  customExamTypes: z.array(z.unknown()),
  announcements: z.array(z.unknown()).optional().default([]),
  books: z.array(z.unknown()).optional().default([]),
  batches: z.array(z.unknown()).optional().default([]),
  activityLog: z.array(z.unknown()).optional().default([]),
  questionBank: z.array(z.unknown()).optional().default([]),
  exportDate: z.string().optional(),
  version: z.union([z.string(), z.number()]).optional(),
});
export type BackupData = z.infer<typeof backupShape>;

export type ParsedBackup = { ok: true; data: BackupData; counts: Record<Collection, number>; exportDate: string | null } | { ok: false; error: string };

export function parseBackup(textValue: string): ParsedBackup {
  let json: unknown;
  try {
    json = JSON.parse(textValue.replace(/^\uFEFF/, ""));
  } catch {
    return { ok: false, error: MESSAGES.parse };
  }
  const parsed = backupShape.safeParse(json);
  if (!parsed.success) return { ok: false, error: MESSAGES.format };
  const counts = Object.fromEntries(COLLECTIONS.map((c) => [c, parsed.data[c].length])) as Record<Collection, number>;
  if (Object.values(counts).every((n) => n === 0)) return { ok: false, error: MESSAGES.empty };
  return { ok: true, data: parsed.data, counts, exportDate: parsed.data.exportDate ?? null };
}
