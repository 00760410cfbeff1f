import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { userSignInName } from "./user.server";
import { db, transaction, type DB } from "~/db/db.server";
import { attemptAnswers, attempts, questions, regrades, tests, users } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { fixesFor, type QuestionFix } from "~/lib/rules/regrade-rules";
import { markAnswers } from "~/lib/rules/exam-pattern";
import { questionsOf } from "./test.server";

const FINISHED = ["submitted", "expired"] as const;

type VersionPlan = {
  version: number;
  fixes: QuestionFix[];
  changes: Array<{ n: number; id: string; question: string; change: "key" | "dropped"; from: string; to: string }>;
  attempts: Array<{
    id: string;
    name: string;
    email: string;
    completedAt: number | null;
    oldScore: number;
    oldTotal: number;
    newScore: number;
    newTotal: number;
    /** the marked score before and after, for a test with an exam pattern (null otherwise) */
    oldMarks: number | null;
    oldMaxMarks: number | null;
    newMarks: number | null;
    newMaxMarks: number | null;
  }>;
};

/**
 * The dry run of a regrade: for each older version of the test that has finished attempts and whose
 * key differs from the current version's, what changes and each attempt's old and new score. Nothing
 * is written.
 */
export function regradePlan(testId: string) {
  const test = db().select().from(tests).where(eq(tests.id, testId)).get();
  if (!test) return null;
  const current = questionsOf(testId, test.currentVersion);
  const versions = db()
    .selectDistinct({ version: attempts.testVersion })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), lt(attempts.testVersion, test.currentVersion), inArray(attempts.status, [...FINISHED])))
    .all()
    .map((r) => r.version)
    .sort((a, b) => a - b);
  const plans: VersionPlan[] = [];
  for (const version of versions) {
    const older = questionsOf(testId, version);
    const fixes = fixesFor(older, current);
    if (!fixes.some((f) => f.change)) continue;
    // every question gone: the test was rewritten, not corrected; there is nothing to carry back
    if (fixes.every((f) => f.dropped)) continue;
    const key = older.map((q, i) => ({ ...q, ...fixes[i] }));
    const changes = older.flatMap((q, i) => {
      const f = fixes[i];
      if (!f.change) return [];
      const letter = (j: number) => `${String.fromCharCode(65 + j)}. ${q.options[j] ?? ""}`;
      return [
        {
          n: i + 1,
          id: q.id,
          question: q.question,
          change: f.change,
          from: letter(q.correctAnswer),
          to: f.change === "dropped" ? "not counted" : letter(f.correctAnswer),
        },
      ];
    });
    const rows = finishedAttemptsOf(testId, version);
    const answers = answersByAttempt(rows.map((r) => r.id));
    const pattern = { marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks };
    plans.push({
      version,
      fixes,
      changes,
      attempts: rows.map((r) => {
        const marked = markAnswers(answers.get(r.id) ?? new Map(), key, pattern);
        return {
          id: r.id,
          name: r.name,
          email: r.email,
          completedAt: r.completedAt ? +r.completedAt : null,
          oldScore: r.score ?? 0,
          oldTotal: r.total,
          newScore: marked.correct,
          newTotal: marked.total,
          oldMarks: r.marks,
          oldMaxMarks: r.maxMarks,
          newMarks: marked.marks,
          newMaxMarks: marked.maxMarks,
        };
      }),
    });
  }
  const all = plans.flatMap((p) => p.attempts);
  return {
    test: { id: test.id, title: test.title, currentVersion: test.currentVersion },
    plans,
    attempts: all.length,
    changedScores: all.filter(scoreChanged).length,
  };
}

/** A regrade changed this attempt's score: its right answers, its question count or its marks. */
function scoreChanged(a: VersionPlan["attempts"][number]) {
  return a.oldScore !== a.newScore || a.oldTotal !== a.newTotal || a.oldMarks !== a.newMarks;
}

/** The finished attempts of one version of a test, by student name, with what they scored (a regrade's and a key dispute's plan read them). */
export function finishedAttemptsOf(testId: string, version: number) {
  return db()
    .select({
      id: attempts.id,
      userId: attempts.userId,
      name: users.name,
      email: userSignInName,
      completedAt: attempts.completedAt,
      score: attempts.score,
      total: attempts.totalQuestions,
      marks: attempts.marks,
      maxMarks: attempts.maxMarks,
    })
    .from(attempts)
    .innerJoin(users, eq(users.id, attempts.userId))
    .where(and(eq(attempts.testId, testId), eq(attempts.testVersion, version), inArray(attempts.status, [...FINISHED])))
    .orderBy(users.name)
    .all();
}

/** The chosen option of every question of these attempts (500 attempts a query), by attempt and question. */
export function answersByAttempt(ids: string[]) {
  const out = new Map<string, Map<string, number | null>>();
  for (let from = 0; from < ids.length; from += 500) {
    const rows = db()
      .select({ attemptId: attemptAnswers.attemptId, questionId: attemptAnswers.questionId, chosen: attemptAnswers.chosenIndex })
      .from(attemptAnswers)
      .where(inArray(attemptAnswers.attemptId, ids.slice(from, from + 500)))
      .all();
    for (const r of rows) {
      if (!out.has(r.attemptId)) out.set(r.attemptId, new Map());
      out.get(r.attemptId)?.set(r.questionId, r.chosen);
    }
  }
  return out;
}

/** How many finished attempts a regrade would re-mark (0 when the older versions' keys agree with the current one). */
export function regradeCount(testId: string): number {
  return regradePlan(testId)?.attempts ?? 0;
}

/**
 * Applies the regrade in one transaction: the older versions' questions take the fixed key (so their
 * reviews mark right and attempts still running there are scored right at their close), every finished
 * attempt of those versions is re-marked, and who did it, when and why is recorded.
 */
export function applyRegrade(testId: string, by: string, reason: string, now = new Date()) {
  const plan = regradePlan(testId);
  if (!plan?.attempts) return { attempts: 0, changedScores: 0 };
  transaction((tx) => {
    for (const p of plan.plans) {
      for (const f of p.fixes) {
        if (!f.change) continue;
        tx.update(questions)
          .set({ correctAnswer: f.correctAnswer, dropped: f.dropped })
          .where(and(eq(questions.testId, testId), eq(questions.version, p.version), eq(questions.id, f.id)))
          .run();
      }
      for (const a of p.attempts) {
        // "regraded" only where the score changed: an attempt the new key leaves as it was is not marked
        tx.update(attempts)
          .set({ score: a.newScore, totalQuestions: a.newTotal, marks: a.newMarks, maxMarks: a.newMaxMarks, ...(scoreChanged(a) ? { regradedAt: now } : {}) })
          .where(eq(attempts.id, a.id))
          .run();
      }
      tx.insert(regrades)
        .values({
          id: newId(),
          testId,
          version: p.version,
          regradedBy: by,
          reason,
          attempts: p.attempts.length,
          changedScores: p.attempts.filter(scoreChanged).length,
          createdAt: now,
        })
        .run();
    }
    // the test's edit marker moves: copies of the old key kept by any process (results pages) are not used again
    tx.update(tests)
      .set({ updatedAt: sql`max(${+now}, ${tests.updatedAt} + 1)` })
      .where(eq(tests.id, testId))
      .run();
  });
  return { attempts: plan.attempts, changedScores: plan.changedScores };
}

/**
 * Re-marks every finished attempt of a test under its exam pattern (`tx`: inside the transaction that changed
 * the pattern). The right answers and question counts stay as they are; the marks follow the new pattern, or
 * become null when the test no longer has one. Returns how many attempts were re-marked.
 */
export function remarkFinishedAttempts(tx: DB, testId: string): number {
  const test = tx.select().from(tests).where(eq(tests.id, testId)).get();
  if (!test) return 0;
  const pattern = { marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks };
  const rows = tx
    .select({ id: attempts.id, version: attempts.testVersion })
    .from(attempts)
    .where(and(eq(attempts.testId, testId), inArray(attempts.status, [...FINISHED])))
    .all();
  const answers = answersByAttempt(rows.map((r) => r.id));
  const keys = new Map<number, ReturnType<typeof questionsOf>>();
  for (const r of rows) {
    if (!keys.has(r.version)) keys.set(r.version, questionsOf(testId, r.version));
    const marked = markAnswers(answers.get(r.id) ?? new Map(), keys.get(r.version) ?? [], pattern);
    tx.update(attempts).set({ marks: marked.marks, maxMarks: marked.maxMarks }).where(eq(attempts.id, r.id)).run();
  }
  return rows.length;
}

/** The regrades of a test, newest first. */
export function regradeHistory(testId: string) {
  return db()
    .select({
      version: regrades.version,
      regradedBy: regrades.regradedBy,
      reason: regrades.reason,
      attempts: regrades.attempts,
      changedScores: regrades.changedScores,
      createdAt: sql<number>`${regrades.createdAt}`,
    })
    .from(regrades)
    .where(eq(regrades.testId, testId))
    .orderBy(desc(regrades.createdAt))
    .all();
}
