import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { rawDb, switchDatabase } from "~/db/db.server";
import { deleteTest, saveTestWithQuestions } from "~/models/admin-tests.server";
import { finishAttempt, saveAnswer, startAttempt } from "~/models/attempt.server";
import { backupJsonChunks, importBackup, parseBackup } from "~/models/backup.server";
import { saveAnnouncement } from "~/models/content.server";
import { applyRegrade } from "~/models/regrade.server";
import { deleteBankQuestion, editBankQuestion } from "~/models/bank.server";
import { applyDispute } from "~/models/disputes.server";
import { saveAccommodation } from "~/models/accommodations.server";
import { createTest } from "~/models/test.server";
import { createUser, type SessionUser } from "~/models/user.server";
import { seedBase } from "../helpers";

/**
 * Export → import into an empty site gives the same site (property over app-generated data): every
 * question version with its attempts, regrades, archived tests, announcement audiences and limits.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-roundtrip-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Each table as sorted rows, without the columns an import sets itself (who created it, when it was last touched, the password). */
const SNAPSHOT: Record<string, string> = {
  // the owner is created from ADMIN_EMAIL at start on both sites (with its own id); the import skips it
  users:
    "SELECT id, email, roll_number, name, role, status, join_date, last_login, global_test_limit, created_at FROM users WHERE coalesce(email, '') <> 'owner@academy.test'",
  user_exam_types: "SELECT * FROM user_exam_types WHERE user_id IN (SELECT id FROM users WHERE coalesce(email, '') <> 'owner@academy.test')",
  user_test_limits: "SELECT * FROM user_test_limits",
  // an accommodation's id is the importing site's own
  accommodations: "SELECT user_id, test_id, extra_minutes, extra_percent, extra_attempts, opens_at, closes_at, note FROM accommodations",
  exam_types: "SELECT value, label, is_builtin FROM exam_types",
  tests:
    "SELECT id, title, description, exam_type, unit_number, unit_name, duration, total_questions, is_active, max_attempts, current_version, archived_at, opens_at, closes_at, answer_release, marks_per_correct, negative_marks, created_at FROM tests",
  questions: "SELECT * FROM questions",
  attempts:
    "SELECT id, test_id, user_id, test_version, status, started_at, deadline_at, completed_at, score, total_questions, marks, max_marks, time_spent, regraded_at FROM attempts",
  attempt_answers: "SELECT attempt_id, question_id, chosen_index, marked_for_review FROM attempt_answers",
  announcements: "SELECT id, title, content, type, image_url, is_active, scheduled_for, target_type, created_at FROM announcements",
  announcement_exam_types: "SELECT * FROM announcement_exam_types",
  announcement_users: "SELECT * FROM announcement_users",
  // the question bank, which outlives its tests (its last touch is the importing site's own)
  bank_questions:
    "SELECT key, version, question, options, correct_answer, explanation, marks, section, topic, exam_type, deleted_at, created_at FROM bank_questions",
  bank_question_versions: "SELECT key, version, content_key, question, options, correct_answer FROM bank_question_versions",
};
const snapshot = () =>
  Object.fromEntries(
    Object.entries(SNAPSHOT).map(([t, q]) => [t, (rawDb().prepare(q).all() as Record<string, unknown>[]).map((r) => JSON.stringify(r)).sort()]),
  );

const option = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom(..."abcdefgh XYZ,;\"'ஆ".split("")) }).map((s) => s.trim() || "x");
const question = fc
  .record({
    question: option,
    options: fc.uniqueArray(option, { minLength: 2, maxLength: 6 }),
    pick: fc.nat(),
    marks: fc.constantFrom(null, null, 2, 0.5),
    section: fc.constantFrom(null, "Paper 1", "Paper 2"),
    topic: fc.constantFrom(null, "Chaucer", "Pedagogy"),
  })
  .map((q) => ({
    question: `Q ${q.question}`,
    options: q.options,
    correctAnswer: q.pick % q.options.length,
    explanation: null,
    marks: q.marks,
    section: q.section,
    topic: q.topic,
  }));
const scenario = fc.record({
  tests: fc.array(
    fc.record({
      questions: fc.array(question, { minLength: 1, maxLength: 5 }),
      edit: fc.boolean(),
      regrade: fc.boolean(),
      archive: fc.boolean(),
      answerRelease: fc.constantFrom(null, "after_attempt", "after_window", "score_only"),
      // an exam pattern (app/lib/rules/exam-pattern.ts), or none
      pattern: fc.constantFrom({}, { marksPerCorrect: 2, negativeMarks: 0.5 }, { marksPerCorrect: 1, negativeMarks: 1 / 3 }),
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
  students: fc.integer({ min: 1, max: 3 }),
  choices: fc.array(fc.nat(6), { minLength: 5, maxLength: 5 }),
  announcementTarget: fc.constantFrom("all" as const, "examType" as const, "specific" as const),
});

let run = 0;
describe("export then import into an empty site", () => {
  it("gives equal tables (property)", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        run += 1;
        switchDatabase(path.join(dir, `from-${run}.db`));
        await seedBase();
        const students: SessionUser[] = [];
        for (let i = 0; i < sc.students; i++) {
          // every third student has only a roll number (no e-mail); the second of them both
          const u = await createUser({
            name: `Student ${i}`,
            email: i % 3 === 2 ? null : `s${i}-${run}@example.test`,
            rollNumber: i % 3 === 2 || i === 1 ? `R-${run}-${i}` : null,
            password: "secret12",
            assignedExamTypes: ["NET"],
          });
          students.push({ ...u, assignedExamTypes: ["NET"], globalTestLimit: null } as SessionUser);
        }
        rawDb().prepare("UPDATE users SET global_test_limit = 3 WHERE email = ?").run(`s0-${run}@example.test`);
        saveAccommodation(students[0].id, { testId: null, extraMinutes: 0, extraPercent: 25, extraAttempts: 0, note: "" });
        for (const [ti, t] of sc.tests.entries()) {
          const test = createTest({ title: `Test ${ti}`, examType: "NET", answerRelease: t.answerRelease, ...t.pattern }, t.questions);
          rawDb().prepare("INSERT INTO user_test_limits (user_id, test_id, max_attempts) VALUES (?, ?, 2)").run(students[0].id, test.id);
          if (ti === 0)
            saveAccommodation(students[0].id, {
              testId: test.id,
              extraMinutes: 10,
              extraPercent: 0,
              extraAttempts: 1,
              closesAt: new Date(2_000_000_000_000),
              note: "Scribe",
            });
          for (const s of students) {
            const started = startAttempt(s, test.id);
            if (!started.ok) throw new Error(started.error);
            t.questions.forEach((q, qi) => {
              saveAnswer(started.attempt.id, s.id, { questionId: `q${qi + 1}`, chosen: sc.choices[qi] % q.options.length, marked: qi === 0 });
            });
            finishAttempt(started.attempt.id, s.id);
          }
          if (t.edit) {
            const fresh = rawDb().prepare("SELECT updated_at AS u FROM tests WHERE id = ?").get(test.id) as { u: number };
            const edited = t.questions.map((q, qi) => ({
              ...q,
              correctAnswer: qi === 0 ? (q.correctAnswer + 1) % q.options.length : q.correctAnswer,
              explanation: "",
              marks: q.marks === null ? "" : String(q.marks),
              section: q.section ?? "",
              topic: q.topic ?? "",
            }));
            const saved = saveTestWithQuestions(
              test.id,
              fresh.u,
              { title: `Test ${ti}`, description: "", examType: "NET", duration: 60, isActive: true, unitNumber: null, unitName: null, maxAttempts: null },
              edited.slice(0, Math.max(1, edited.length - 1)),
            );
            if (!saved.ok) throw new Error(saved.error);
            if (t.regrade) applyRegrade(test.id, "Owner", "key fix");
          }
          // a decided key dispute: another option accepted on the first test's first question, everyone's marks on the second's
          if (ti === 0 && !t.archive) {
            const current = rawDb()
              .prepare("SELECT correct_answer AS c, options FROM questions WHERE test_id = ? AND id = 'q1' ORDER BY version DESC")
              .get(test.id) as {
              c: number;
              options: string;
            };
            const other = (current.c + 1) % (JSON.parse(current.options) as string[]).length;
            applyDispute(test.id, { questionId: "q1", kind: "accept", accepted: [other], reason: "Objection upheld" }, "Owner");
          }
          if (ti === 1 && !t.archive) applyDispute(test.id, { questionId: "q1", kind: "bonus", accepted: [], reason: "Ambiguous" }, "Owner");
          // a scheduled test (its window in whole seconds, as stored)
          if (ti === 0) rawDb().prepare("UPDATE tests SET opens_at = ?, closes_at = ? WHERE id = ?").run(1_790_000_000_000, 1_790_086_400_000, test.id);
          if (t.archive) deleteTest(test.id);
        }
        // a test deleted outright (nobody sat it): its question stays in the bank; the first test's first question edited
        // in the bank (version 2; the tests students sat keep the words they sat); another taken out of the bank
        const gone = createTest({ title: "Deleted", examType: "NET" }, [{ question: `Only in a deleted test ${run}`, options: ["a", "b"], correctAnswer: 1 }]);
        deleteTest(gone.id);
        const firstKey = rawDb().prepare("SELECT bank_key AS k FROM questions ORDER BY rowid LIMIT 1").get() as { k: string };
        const edited = editBankQuestion(firstKey.k, {
          question: `Edited in the bank ${run}`,
          options: ["x", "y"],
          correctAnswer: 0,
          explanation: "",
          changeTests: true,
        });
        if (!edited.ok) throw new Error(edited.error);
        if (sc.tests.length > 1) deleteBankQuestion(rawDb().prepare("SELECT key FROM bank_questions ORDER BY key DESC LIMIT 1").pluck().get() as string);
        saveAnnouncement(
          null,
          {
            title: "Hello",
            content: "World",
            type: "general",
            imageUrl: null,
            targetType: sc.announcementTarget,
            targetExamTypes: sc.announcementTarget === "examType" ? ["NET"] : [],
            targetUserIds: sc.announcementTarget === "specific" ? [students[0].id] : [],
            scheduledFor: null,
            isActive: true,
          },
          students[0].id,
        );
        const before = snapshot();
        const exported = [...backupJsonChunks()].join("");

        switchDatabase(path.join(dir, `to-${run}.db`));
        await seedBase();
        // the owner is created at start on both sites; the import skips it
        const parsed = parseBackup(exported);
        if (!parsed.ok) throw new Error(parsed.error);
        const result = await importBackup(parsed.data);
        expect(result.problems).toEqual([]);
        const after = snapshot();
        for (const table of Object.keys(SNAPSHOT)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
