/**
 * The whole data model in one place. Conventions:
 * - ids are text (random UUIDs for new rows; imported rows keep the old app's ids);
 * - every timestamp is an integer of milliseconds since the epoch (`timestamp_ms`), read as a Date;
 * - booleans are integers 0/1 (`mode: "boolean"`).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** lower-case; null for a student who signs in with a roll number or phone instead (never both null). */
    email: text("email"),
    /** A roll number or phone number used as the sign-in name, normalised by `normalizeRollNumber`; optional. */
    rollNumber: text("roll_number"),
    name: text("name").notNull(),
    /** argon2id hash (older rows: scrypt, upgraded at sign-in); null for imported users until an admin sets a password. */
    passwordHash: text("password_hash"),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    status: text("status", { enum: ["active", "inactive"] })
      .notNull()
      .default("active"),
    joinDate: integer("join_date", { mode: "timestamp_ms" }).notNull(),
    lastLogin: integer("last_login", { mode: "timestamp_ms" }),
    /** null = unlimited; 0 also means unlimited (spec). */
    globalTestLimit: integer("global_test_limit"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_roll_number_unique").on(t.rollNumber),
    index("users_role_name_idx").on(t.role, t.name),
    index("users_status_idx").on(t.status),
    check("users_sign_in_name", sql`${t.email} IS NOT NULL OR ${t.rollNumber} IS NOT NULL`),
  ],
);

export const examTypes = sqliteTable(
  "exam_types",
  {
    id: text("id").primaryKey(),
    value: text("value").notNull(),
    label: text("label").notNull(),
    isBuiltin: integer("is_builtin", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("exam_types_value_unique").on(t.value)],
);

export const userExamTypes = sqliteTable(
  "user_exam_types",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    examType: text("exam_type").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.examType] }), index("user_exam_types_type_idx").on(t.examType)],
);

export const tests = sqliteTable(
  "tests",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    examType: text("exam_type").notNull(),
    unitNumber: integer("unit_number"),
    unitName: text("unit_name"),
    duration: integer("duration").notNull().default(60),
    totalQuestions: integer("total_questions").notNull().default(0),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** null or 0 = unlimited */
    maxAttempts: integer("max_attempts"),
    /** questions are versioned so that editing a test never changes past attempts' reviews */
    currentVersion: integer("current_version").notNull().default(1),
    /** a deleted test that students had attempted is archived, not removed: their history stays */
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    /** an optional availability window: new attempts only from opensAt and before closesAt */
    opensAt: integer("opens_at", { mode: "timestamp_ms" }),
    closesAt: integer("closes_at", { mode: "timestamp_ms" }),
    /** each attempt gets its own question order and/or option order (app/lib/rules/shuffle.ts); off by default */
    shuffleQuestions: integer("shuffle_questions", { mode: "boolean" }).notNull().default(false),
    shuffleOptions: integer("shuffle_options", { mode: "boolean" }).notNull().default(false),
    /**
     * when students see the answer key and explanations of their attempts (app/lib/rules/answer-release.ts):
     * "after_attempt", "after_window", "score_only"; null = the default (after the window closes when the
     * test has a closing time, else right after each attempt)
     */
    answerRelease: text("answer_release"),
    /** an admin's decision on the release (app/lib/rules/answer-release.ts): "hold" keeps the key back, "now" releases it; null = the rule */
    releaseOverride: text("release_override"),
    /** the exam pattern (app/lib/rules/exam-pattern.ts): marks for a right answer unless the question has its own */
    marksPerCorrect: real("marks_per_correct").notNull().default(1),
    /** marks taken off for each wrong answer (0 = no negative marking; e.g. 0.25 or 1/3) */
    negativeMarks: real("negative_marks").notNull().default(0),
    /** the CSV upload's flagged rows (JSON: skipped rows and answers that matched no option) until the test is published */
    uploadReport: text("upload_report", { mode: "json" }).$type<{
      skipped: Array<{ line: number; reason: string }>;
      fallbacks: Array<{ line: number; question: number; given: string }>;
    }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tests_exam_type_active_idx").on(t.examType, t.isActive, t.unitNumber), index("tests_created_idx").on(t.createdAt)],
);

export const questions = sqliteTable(
  "questions",
  {
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** q1…qN within its test */
    id: text("id").notNull(),
    position: integer("position").notNull(),
    question: text("question").notNull(),
    /** JSON array of 2–6 option texts */
    options: text("options", { mode: "json" }).$type<string[]>().notNull(),
    correctAnswer: integer("correct_answer").notNull(),
    explanation: text("explanation"),
    /** this question's marks for a right answer (the CSV's `marks` column); null = the test's marks per correct answer */
    marks: real("marks"),
    /**
     * the paper's section ("Paper 1", "Education methodology") and the question's topic ("Chaucer"), both optional
     * (the CSV's `section` and `topic` columns). A test's sections keep the order they first appear in, and each
     * section's questions stay together (app/lib/rules/sections.ts).
     */
    section: text("section"),
    topic: text("topic"),
    /** the question's identity in the question bank (app/lib/rules/bank.ts: its words and options), the same in every test that has it */
    bankKey: text("bank_key"),
    /** removed by a regrade: shown in the review as not counted, left out of the score */
    dropped: integer("dropped", { mode: "boolean" }).notNull().default(false),
    /** a key dispute upheld: other options accepted as right too (their indexes; null: the key alone) */
    accepted: text("accepted", { mode: "json" }).$type<number[]>(),
    /** a key dispute upheld: everyone gets the question's marks, whatever they chose */
    bonus: integer("bonus", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.testId, t.version, t.id] }),
    index("questions_test_version_position_idx").on(t.testId, t.version, t.position),
    index("questions_bank_key_idx").on(t.bankKey),
  ],
);

/**
 * The question bank (app/models/bank.server.ts): each question once, standing alone. A test's questions are copies
 * that name it by `questions.bank_key`; deleting a test keeps its questions here. `key` is the words of its first
 * version (app/lib/rules/bank.ts) and never changes; an edit here makes a new version, and copies in tests that
 * students have sat keep the words they sat.
 */
export const bankQuestions = sqliteTable(
  "bank_questions",
  {
    key: text("key").primaryKey(),
    version: integer("version").notNull().default(1),
    question: text("question").notNull(),
    options: text("options", { mode: "json" }).$type<string[]>().notNull(),
    correctAnswer: integer("correct_answer").notNull(),
    explanation: text("explanation"),
    marks: real("marks"),
    section: text("section"),
    topic: text("topic"),
    /** the exam type of the test it first came from (its bank for generating tests) */
    examType: text("exam_type").notNull(),
    /** taken out of the bank: not listed nor drawn; tests that have it keep it */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("bank_questions_exam_type_idx").on(t.examType)],
);

/** Every version's words of a bank question, so a copy with earlier words (a test students sat) is still known as it. */
export const bankQuestionVersions = sqliteTable(
  "bank_question_versions",
  {
    key: text("key")
      .notNull()
      .references(() => bankQuestions.key, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** the identity of this version's words and options (app/lib/rules/bank.ts bankKeyOf) */
    contentKey: text("content_key").notNull(),
    question: text("question").notNull(),
    options: text("options", { mode: "json" }).$type<string[]>().notNull(),
    correctAnswer: integer("correct_answer").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.version] }), index("bank_question_versions_content_idx").on(t.contentKey)],
);

export const attempts = sqliteTable(
  "attempts",
  {
    id: text("id").primaryKey(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "restrict" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testVersion: integer("test_version").notNull().default(1),
    /** the admin who pressed "Submit now" in the live room (their name), null when the student or the clock closed it */
    submittedBy: text("submitted_by"),
    status: text("status", { enum: ["in_progress", "submitted", "expired"] })
      .notNull()
      .default("in_progress"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    deadlineAt: integer("deadline_at", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    score: integer("score"),
    totalQuestions: integer("total_questions").notNull(),
    /**
     * the marked score and its maximum under the test's exam pattern, set at close and by a regrade; null for a
     * test without a pattern, whose score is the count of right answers out of total_questions (as before patterns)
     */
    marks: real("marks"),
    maxMarks: real("max_marks"),
    /** seconds */
    timeSpent: integer("time_spent"),
    /** the question (1-based) the student was last on, so Resume opens it */
    lastQuestion: integer("last_question"),
    /** when a regrade last re-marked this attempt (its results say so) */
    regradedAt: integer("regraded_at", { mode: "timestamp_ms" }),
    /** the test's shuffle at start (bit 1: questions, bit 2: options) and this attempt's seed; answers keep original identities */
    shuffleMode: integer("shuffle_mode").notNull().default(0),
    shuffleSeed: integer("shuffle_seed"),
    /**
     * when the latest exam page whose stay was counted was shown (ms; the exam form's `shownAt`): a form sent again
     * (a double tap, a page resent or reached with Back) counts no time a second time
     */
    lastStayShownAt: integer("last_stay_shown_at"),
  },
  (t) => [
    index("attempts_user_test_idx").on(t.userId, t.testId, t.status),
    // a test's attempts by status; with the deadline, "when does the last one writing it end" (answer release) and "how
    // many write it now" are read from the index alone, however many students write it
    index("attempts_test_deadline_idx").on(t.testId, t.status, t.deadlineAt),
    index("attempts_user_completed_idx").on(t.userId, t.completedAt),
    index("attempts_completed_idx").on(t.completedAt),
    // covering index for the admin aggregates (scores per user and per test without table lookups)
    index("attempts_stats_idx").on(t.status, t.userId, t.testId, t.score, t.totalQuestions, t.completedAt, t.marks, t.maxMarks),
    // at most one unfinished attempt per student and test: double clicks and second tabs resume it
    uniqueIndex("attempts_one_in_progress").on(t.userId, t.testId).where(sql`status = 'in_progress'`),
  ],
);

export const attemptAnswers = sqliteTable(
  "attempt_answers",
  {
    attemptId: text("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    /** null = visited but not answered */
    chosenIndex: integer("chosen_index"),
    markedForReview: integer("marked_for_review", { mode: "boolean" }).notNull().default(false),
    /** seconds the student spent on this question (the review's time per question; app/lib/rules/exam-rules.ts dwellSeconds) */
    seconds: integer("seconds").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);

/** More time given to a running attempt from the live exam room: who, how much and why (app/models/live-room.server.ts). */
export const attemptExtensions = sqliteTable(
  "attempt_extensions",
  {
    id: text("id").primaryKey(),
    attemptId: text("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    minutes: integer("minutes").notNull(),
    reason: text("reason").notNull(),
    /** the admin's name at the time (the account may be deleted later) */
    givenBy: text("given_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("attempt_extensions_attempt_idx").on(t.attemptId)],
);

/** Who re-marked which version of a test, when and why (see regrade.server.ts). */
export const regrades = sqliteTable(
  "regrades",
  {
    id: text("id").primaryKey(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** the admin's name at the time (the account may be deleted later) */
    regradedBy: text("regraded_by").notNull(),
    reason: text("reason").notNull(),
    attempts: integer("attempts").notNull(),
    changedScores: integer("changed_scores").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("regrades_test_idx").on(t.testId, t.createdAt)],
);

export const userTestLimits = sqliteTable(
  "user_test_limits",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    maxAttempts: integer("max_attempts").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.testId] })],
);

/**
 * A student's accommodation (Moodle's user overrides): more time (minutes or a share of the duration) and more
 * attempts, for one test or (test_id null) for every test; the test's own row wins (app/lib/rules/accommodation.ts).
 */
export const accommodations = sqliteTable(
  "accommodations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** null: every test */
    testId: text("test_id").references(() => tests.id, { onDelete: "cascade" }),
    extraMinutes: integer("extra_minutes").notNull().default(0),
    extraPercent: integer("extra_percent").notNull().default(0),
    extraAttempts: integer("extra_attempts").notNull().default(0),
    /** a personal window for one test: replaces the test's opening and/or closing time for this student */
    opensAt: integer("opens_at", { mode: "timestamp_ms" }),
    closesAt: integer("closes_at", { mode: "timestamp_ms" }),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accommodations_user_test_idx").on(t.userId, t.testId)],
);

export const materials = sqliteTable(
  "materials",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    examType: text("exam_type").notNull(),
    googleDriveLink: text("google_drive_link").notNull(),
    thumbnailUrl: text("thumbnail_url").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    uploadDate: integer("upload_date", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("materials_active_upload_idx").on(t.isActive, t.uploadDate)],
);

/**
 * Batches (classes): "PG TRB weekend batch 2026". A student belongs to any number. A test, an announcement or a
 * study material given to batches is seen only by their members (and, for a test, only when the exam type rules
 * allow too); archived batches leave the pickers and filters but keep their members and what they were given.
 */
export const batches = sqliteTable(
  "batches",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    /** the code a student types at sign-up (or on their dashboard) to join this batch; null: none given out */
    joinCode: text("join_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("batches_name_unique").on(sql`lower(${t.name})`), uniqueIndex("batches_join_code_unique").on(t.joinCode)],
);

export const batchMembers = sqliteTable(
  "batch_members",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.userId] }), index("batch_members_user_idx").on(t.userId, t.batchId)],
);

/**
 * A test given to a batch, with that batch's own window and answer release where set (null: the test's own):
 * one test, a different Sunday per batch.
 */
export const testBatches = sqliteTable(
  "test_batches",
  {
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    batchId: text("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
    opensAt: integer("opens_at", { mode: "timestamp_ms" }),
    closesAt: integer("closes_at", { mode: "timestamp_ms" }),
    answerRelease: text("answer_release"),
  },
  (t) => [primaryKey({ columns: [t.testId, t.batchId] }), index("test_batches_batch_idx").on(t.batchId)],
);

export const ANNOUNCEMENT_TYPES = ["general", "course", "test", "admission", "other"] as const;
export const TARGET_TYPES = ["all", "examType", "specific", "batch"] as const;

export const announcements = sqliteTable(
  "announcements",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    type: text("type", { enum: ANNOUNCEMENT_TYPES }).notNull().default("general"),
    imageUrl: text("image_url"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    scheduledFor: integer("scheduled_for", { mode: "timestamp_ms" }),
    targetType: text("target_type", { enum: TARGET_TYPES }).notNull().default("all"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("announcements_active_created_idx").on(t.isActive, t.createdAt)],
);

export const announcementExamTypes = sqliteTable(
  "announcement_exam_types",
  {
    announcementId: text("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    examType: text("exam_type").notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.examType] })],
);

export const announcementUsers = sqliteTable(
  "announcement_users",
  {
    announcementId: text("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index("announcement_users_user_idx").on(t.userId)],
);

/** An announcement given to batches: shown to their members (besides its exam types or students). */
export const announcementBatches = sqliteTable(
  "announcement_batches",
  {
    announcementId: text("announcement_id")
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    batchId: text("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.batchId] })],
);

/** A study material given to batches: only their members see it (on their dashboard), not the public landing page. */
export const materialBatches = sqliteTable(
  "material_batches",
  {
    materialId: text("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "cascade" }),
    batchId: text("batch_id")
      .notNull()
      .references(() => batches.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.batchId] })],
);

export const books = sqliteTable(
  "books",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    coverUrl: text("cover_url").notNull(),
    description: text("description"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("books_created_idx").on(t.createdAt)],
);

/** A question a student starred in a review (My mistakes' Bookmarked filter, practice rounds). */
export const bookmarks = sqliteTable(
  "bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    questionId: text("question_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.testId, t.version, t.questionId] })],
);

/**
 * An untimed practice round of a student's mistakes and bookmarks (app/models/practice.server.ts). It is scored and
 * reviewed but is not an attempt: no limit, rank, analytics figure or register ever reads it.
 */
export const practiceRounds = sqliteTable(
  "practice_rounds",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("practice_rounds_user_idx").on(t.userId, t.createdAt)],
);

/** A question of a practice round (by its test, version and id) and the option the student chose. */
export const practiceItems = sqliteTable(
  "practice_items",
  {
    roundId: text("round_id")
      .notNull()
      .references(() => practiceRounds.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    questionId: text("question_id").notNull(),
    chosenIndex: integer("chosen_index"),
    /** 1 when the chosen option was right at the time (a question right twice in practice leaves My mistakes) */
    correct: integer("correct", { mode: "boolean" }),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.position] }), index("practice_items_question_idx").on(t.testId, t.version, t.questionId)],
);

/**
 * The admin activity log: who did what and when, for the changes that matter later (app/models/activity.server.ts).
 * The actor's name is kept with the row, so it reads the same after the admin is deleted; a test's id is kept as
 * text for the same reason.
 */
export const activityLog = sqliteTable(
  "activity_log",
  {
    id: text("id").primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    testId: text("test_id"),
    /** what it was done to, for people ("Test “Chaucer 1”", "Priya Raman") */
    target: text("target").notNull().default(""),
    detail: text("detail").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_log_created_idx").on(t.createdAt),
    index("activity_log_test_idx").on(t.testId, t.createdAt),
    index("activity_log_action_idx").on(t.action, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Test = typeof tests.$inferSelect;
export type Question = typeof questions.$inferSelect;
export type Attempt = typeof attempts.$inferSelect;
export type AttemptAnswer = typeof attemptAnswers.$inferSelect;
export type Material = typeof materials.$inferSelect;
export type Announcement = typeof announcements.$inferSelect;
export type Book = typeof books.$inferSelect;
export type ExamType = typeof examTypes.$inferSelect;

/** Failed sign-ins per e-mail and per address (rate-limiter-flexible's SQLite store: shared by every worker). */
export const loginThrottle = sqliteTable("login_throttle", {
  key: text("key").primaryKey(),
  points: integer("points").notNull().default(0),
  expire: integer("expire"),
});

/**
 * Signed-in sessions. The cookie holds a random id; the row holds its user and its two clocks:
 * `expires_at` (absolute lifetime, fixed at sign-in) and `last_seen_at` (idle timeout; refreshed at
 * most once an hour). Deleting a row signs that browser out; deleting a user's rows signs them out
 * everywhere. The id is stored as a SHA-256 hash, so a copy of the database opens no session.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** One row that /healthz writes, to prove the database accepts writes. */
/**
 * One-time sign-in links (instead of e-mail): the academy gives a student a link that lets them set a
 * password once. Only the SHA-256 of the link's token is stored.
 */
export const signInLinks = sqliteTable(
  "sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sign_in_links_user_idx").on(t.userId)],
);

export const healthCheck = sqliteTable("health_check", {
  id: integer("id").primaryKey(),
  checkedAt: integer("checked_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Receipts of forms that must not run twice (bulk upload): the dialog carries a random key, the first
 * submit claims it and stores its result here; a repeated submit (double click, Back and resubmit)
 * finds the receipt and shows the same result, creating nothing. Kept for a day.
 */
export const formReceipts = sqliteTable("form_receipts", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  result: text("result"),
  createdAt: createdAt(),
});

/**
 * What an import run refused, kept after the run (the flash that said it is gone in seconds): the JSON
 * import, a bulk test upload, a student import. `items` is JSON: every refused item with where it was
 * and why. The newest IMPORT_REPORTS_KEPT are kept (app/models/import-reports.server.ts).
 */
export const importReports = sqliteTable(
  "import_reports",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["json-import", "bulk-upload", "student-import"] }).notNull(),
    /** the file (or files) the run read */
    source: text("source").notNull(),
    summary: text("summary").notNull(),
    items: text("items", { mode: "json" }).$type<Array<{ where: string; reason: string }>>().notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [index("import_reports_created_idx").on(t.createdAt)],
);

/**
 * The academy's own texts for its pages (Terms of Service, Privacy Policy), edited in Admin → Site texts; a
 * text never edited shows the default in app/lib/rules/site-texts.ts.
 */
export const siteTexts = sqliteTable("site_texts", {
  key: text("key").primaryKey(),
  body: text("body").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});

/**
 * A student's report of a question they were shown (from a review or My mistakes): the key looks wrong, the question
 * or its options have a mistake, or something else, with a note. One per student per question; the academy resolves
 * every open report of a question at once with an answer the students read on their dashboard.
 */
export const questionReports = sqliteTable(
  "question_reports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    questionId: text("question_id").notNull(),
    kind: text("kind", { enum: ["wrong-key", "mistake", "other"] }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolution: text("resolution"),
    /** when the student closed the answer on their dashboard */
    seenAt: integer("seen_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("question_reports_once").on(t.userId, t.testId, t.questionId),
    index("question_reports_question_idx").on(t.testId, t.questionId, t.resolvedAt),
    index("question_reports_open_idx").on(t.resolvedAt, t.createdAt),
  ],
);

/**
 * The academy's own settings, one row per key, its value JSON (app/models/academy-settings.server.ts reads them
 * over their defaults): the contact students see, and the exam types a student may choose at sign-up.
 */
export const academySettings = sqliteTable("academy_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: updatedAt(),
});

/**
 * E-mails waiting to be sent, and what became of them (app/models/outbox.server.ts): kept until the academy's mail
 * server took each one, retried with a growing wait, given up after a number of tries (the admin sees those).
 * A sent message's body is blanked: it may hold a sign-in link.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** what it is: password-reset, sign-in-link, announcement, report-answer */
    kind: text("kind").notNull(),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    /** a sender took it until then (another process leaves it alone; after a crash it is taken again) */
    claimedUntil: integer("claimed_until", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** given up after the last try */
    failedAt: integer("failed_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
  },
  (t) => [index("outbox_due_idx").on(t.sentAt, t.failedAt, t.nextAttemptAt), index("outbox_created_idx").on(t.createdAt)],
);

/** A short message from the live room to everyone writing a test, shown in their exam (the newest one). */
export const testMessages = sqliteTable(
  "test_messages",
  {
    id: text("id").primaryKey(),
    testId: text("test_id")
      .notNull()
      .references(() => tests.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    sentBy: text("sent_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("test_messages_test_idx").on(t.testId, t.createdAt)],
);
