import crypto from "node:crypto";
import { count, eq } from "drizzle-orm";
import { announcementSchema, bookSchema, materialSchema } from "~/lib/schemas/admin-schemas";
import { createTest } from "./test.server";
import { markAnswers } from "~/lib/rules/exam-pattern";
import { createUser, enforceOwner, findUserBySignInName } from "./user.server";
import { env } from "~/lib/server/env.server";
import { boldQuoted } from "~/lib/rules/markup";
import { newId } from "~/lib/server/ids.server";
import { hashPassword } from "~/lib/server/password.server";
import { db, transaction } from "~/db/db.server";
import { demoAnnouncements, demoBooks, demoMaterials, demoTests } from "~/db/demo-content.server";
import {
  announcementExamTypes,
  announcements,
  attemptAnswers,
  attempts,
  books,
  examTypes,
  materials,
  questions,
  tests,
  userExamTypes,
  users,
  userTestLimits,
  announcementUsers,
} from "~/db/schema.server";

export const BUILTIN_EXAM_TYPES = [
  { value: "TET", label: "TET" },
  { value: "SET", label: "SET" },
  { value: "NET", label: "NET" },
  { value: "UG_TRB", label: "UG TRB" },
  { value: "PG_TRB", label: "PG TRB" },
  { value: "COLLEGE_TRB", label: "COLLEGE TRB" },
  { value: "GENERAL", label: "GENERAL" },
] as const;

export const DEMO_STUDENT = { email: "student@academy.local", password: "student123", name: "Priya Raman" };

const DAY = 24 * 60 * 60 * 1000;

export function ensureBuiltinExamTypes() {
  const now = new Date();
  db()
    .insert(examTypes)
    .values(BUILTIN_EXAM_TYPES.map((t) => ({ id: t.value, value: t.value, label: t.label, isBuiltin: true, createdAt: now, updatedAt: now })))
    .onConflictDoNothing()
    .run();
}

export function isEmpty(): boolean {
  return (db().select({ n: count() }).from(users).get()?.n ?? 0) === 0;
}

/** Creates or updates the owner admin. Returns the generated password when one was made. */
export async function ensureOwnerAdmin(): Promise<{ email: string; generatedPassword: string | null }> {
  const e = env();
  const existing = findUserBySignInName(e.ADMIN_EMAIL);
  if (existing) {
    if (e.ADMIN_PASSWORD) {
      db()
        .update(users)
        .set({ passwordHash: await hashPassword(e.ADMIN_PASSWORD) })
        .where(eq(users.id, existing.id))
        .run();
    }
    enforceOwner(existing);
    return { email: existing.email ?? e.ADMIN_EMAIL, generatedPassword: null };
  }
  const password = e.ADMIN_PASSWORD ?? crypto.randomBytes(9).toString("base64url");
  const user = await createUser({ name: "Academy Admin", email: e.ADMIN_EMAIL, password, role: "admin" });
  enforceOwner(user);
  return { email: user.email ?? e.ADMIN_EMAIL, generatedPassword: e.ADMIN_PASSWORD ? null : password };
}

export async function seedDemo() {
  const now = Date.now();
  const student = await createUser({ ...DEMO_STUDENT, assignedExamTypes: ["TET", "NET"] });
  const others = [
    { name: "Arun Kumar", email: "arun@academy.local", types: ["NET", "SET"] },
    { name: "Meena Iyer", email: "meena@academy.local", types: ["TET"] },
    { name: "Joseph Xavier", email: "joseph@academy.local", types: ["NET", "PG_TRB"] },
  ];
  const otherUsers = [];
  for (const o of others) {
    otherUsers.push(await createUser({ name: o.name, email: o.email, password: DEMO_STUDENT.password, assignedExamTypes: o.types }));
  }

  const created = demoTests.map((t, i) =>
    createTest(
      {
        title: t.title,
        description: t.description,
        examType: t.examType,
        unitNumber: t.unitNumber,
        unitName: t.unitName,
        duration: t.duration,
        maxAttempts: t.maxAttempts,
        marksPerCorrect: t.marksPerCorrect,
        negativeMarks: t.negativeMarks,
        createdAt: new Date(now - (demoTests.length - i) * DAY),
      },
      t.questions.map(([question, options, correctAnswer, explanation], q) => ({
        question: boldQuoted(question),
        options,
        correctAnswer,
        explanation: boldQuoted(explanation),
        topic: t.topics?.[q] ?? null,
      })),
    ),
  );

  // a few finished attempts so the dashboard and the analytics have something to show
  const finished: Array<{ userId: string; testIndex: number; chosen: number[]; daysAgo: number }> = [
    { userId: student.id, testIndex: 0, chosen: [1, 0, 1, 1, 0, 2, 1, 0, 1, 1], daysAgo: 2 },
    { userId: student.id, testIndex: 3, chosen: [1, 2, 1, 1, 0, 1, 0, 1, 1, 0], daysAgo: 1 },
    { userId: otherUsers[0].id, testIndex: 0, chosen: [1, 0, 1, 1, 1, 2, 1, 0, 1, 1], daysAgo: 3 },
    { userId: otherUsers[0].id, testIndex: 5, chosen: [1, 0, 1, 1, 0, 0, 0, 1, 0, 0], daysAgo: 5 },
    { userId: otherUsers[1].id, testIndex: 4, chosen: [1, 1, 0, 1, 0, 1, 1, 1, 0, 1], daysAgo: 9 },
    { userId: otherUsers[2].id, testIndex: 6, chosen: [1, 0, 1, 0, 0, 0, 1, 1, 0, 0], daysAgo: 4 },
  ];
  transaction((tx) => {
    for (const f of finished) {
      const test = created[f.testIndex];
      const key = demoTests[f.testIndex].questions.map((q, i) => ({ id: `q${i + 1}`, correctAnswer: q[2] }));
      const marked = markAnswers(new Map(f.chosen.map((c, i) => [`q${i + 1}`, c])), key, test);
      const startedAt = new Date(now - f.daysAgo * DAY);
      const timeSpent = 60 * Math.min(test.duration, 7) + 13;
      const id = newId();
      tx.insert(attempts)
        .values({
          id,
          testId: test.id,
          userId: f.userId,
          testVersion: 1,
          status: "submitted",
          startedAt,
          deadlineAt: new Date(startedAt.getTime() + test.duration * 60_000),
          completedAt: new Date(startedAt.getTime() + timeSpent * 1000),
          score: marked.correct,
          totalQuestions: marked.total,
          marks: marked.marks,
          maxMarks: marked.maxMarks,
          timeSpent,
        })
        .run();
      tx.insert(attemptAnswers)
        .values(f.chosen.map((c, i) => ({ attemptId: id, questionId: `q${i + 1}`, chosenIndex: c, markedForReview: false })))
        .run();
    }

    // the demo content goes through the records' own schemas, as the dialogs and the import do
    demoAnnouncements.forEach((a) => {
      announcementSchema.parse({ ...a, targetType: a.target === "all" ? "all" : "examType", targetExamTypes: a.target === "all" ? [] : [a.target] });
      const id = newId();
      const at = new Date(now - Math.max(a.daysAgo, 0) * DAY);
      tx.insert(announcements)
        .values({
          id,
          title: a.title,
          content: a.content,
          type: a.type,
          imageUrl: a.imageUrl,
          isActive: true,
          scheduledFor: a.daysAgo < 0 ? new Date(now - a.daysAgo * DAY) : null,
          targetType: a.target === "all" ? "all" : "examType",
          createdAt: at,
          updatedAt: at,
        })
        .run();
      if (a.target !== "all") tx.insert(announcementExamTypes).values({ announcementId: id, examType: a.target }).run();
    });

    demoMaterials.forEach((m) => {
      const at = new Date(now - m.daysAgo * DAY);
      const { daysAgo: _d, ...raw } = m;
      const fields = { ...raw, ...materialSchema.parse(raw) };
      tx.insert(materials)
        .values({ id: newId(), ...fields, isActive: true, uploadDate: at, createdAt: at, updatedAt: at })
        .run();
    });

    demoBooks.forEach((b, i) => {
      bookSchema.parse({ ...b, coverUrl: `/images/book-${i + 1}.svg` });
      const at = new Date(now - (i + 1) * DAY);
      tx.insert(books)
        .values({ id: newId(), title: b.title, description: b.description, coverUrl: `/images/book-${i + 1}.svg`, createdAt: at, updatedAt: at })
        .run();
    });
  });
}

/** Empties every table (for `npm run db:seed`). */
export function wipe() {
  transaction((tx) => {
    for (const t of [
      attemptAnswers,
      attempts,
      userTestLimits,
      questions,
      tests,
      announcementUsers,
      announcementExamTypes,
      announcements,
      materials,
      books,
      userExamTypes,
      users,
    ]) {
      tx.delete(t).run();
    }
    tx.delete(examTypes).run();
  });
}

/**
 * First start of an empty database: built-in exam types, the owner admin and (unless SEED_DEMO=false)
 * the demo content. On later starts only the exam types and the owner's role are made sure of.
 */
export async function seedIfEmpty(log: (line: string) => void = console.log) {
  ensureBuiltinExamTypes();
  const empty = isEmpty();
  const owner = await ensureOwnerAdmin();
  if (owner.generatedPassword) {
    log(`Owner admin created: ${owner.email} / password: ${owner.generatedPassword}  (shown once; set ADMIN_PASSWORD to choose it)`);
  }
  if (empty && env().SEED_DEMO) {
    await seedDemo();
    log(`Demo content seeded. Demo student: ${DEMO_STUDENT.email} / ${DEMO_STUDENT.password}`);
  }
}
