import { and, eq, sql } from "drizzle-orm";
import { db, transaction } from "~/db/db.server";
import { attempts, questions, regrades, tests } from "~/db/schema.server";
import { markAnswers, type MarkedQuestion } from "~/lib/rules/exam-pattern";
import { standing } from "~/lib/rules/standing";
import type { DisputeDecision } from "~/lib/schemas/dispute-schema";
import { newId } from "~/lib/server/ids.server";
import { answersByAttempt, finishedAttemptsOf } from "./regrade.server";
import { questionsOf } from "./test.server";

/**
 * Key disputes (/admin/tests/:testId/disputes): after a live mock an objection is upheld for one question: other
 * options are accepted too, everyone gets its marks, or it is dropped from scoring. The decision is written on that
 * question in every version of the test, and every finished attempt of those versions is marked again; the dry run
 * shows each attempt's old and new marks and each student's old and new rank.
 */

export function disputesPage(testId: string) {
  const test = db().select().from(tests).where(eq(tests.id, testId)).get();
  if (!test) return null;
  return {
    test: { id: test.id, title: test.title },
    questions: questionsOf(testId, test.currentVersion).map((q, i) => ({
      n: i + 1,
      id: q.id,
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer,
      accepted: q.accepted ?? [],
      bonus: q.bonus,
      dropped: q.dropped,
    })),
  };
}

/** The question as the decision leaves it. */
function decided<Q extends MarkedQuestion>(q: Q, d: DisputeDecision): Q {
  const accepted = d.kind === "accept" ? [...new Set(d.accepted.filter((i) => i !== q.correctAnswer))].sort() : null;
  return { ...q, accepted: accepted?.length ? accepted : null, bonus: d.kind === "bonus", dropped: d.kind === "drop" };
}

type Row = {
  id: string;
  userId: string;
  name: string;
  version: number;
  oldMarks: number;
  oldMax: number;
  newMarks: number;
  newMax: number;
  newScore: number;
  newTotal: number;
  newMarksStored: number | null;
  newMaxStored: number | null;
};

function planRows(testId: string, d: DisputeDecision): Row[] | null {
  const test = db().select().from(tests).where(eq(tests.id, testId)).get();
  if (!test) return null;
  const pattern = { marksPerCorrect: test.marksPerCorrect, negativeMarks: test.negativeMarks };
  const versions = db()
    .selectDistinct({ version: questions.version })
    .from(questions)
    .where(and(eq(questions.testId, testId), eq(questions.id, d.questionId)))
    .all()
    .map((r) => r.version);
  if (!versions.length) return null;
  const rows: Row[] = [];
  for (const version of versions) {
    const key = questionsOf(testId, version).map((q) => (q.id === d.questionId ? decided(q, d) : q));
    const list = finishedAttemptsOf(testId, version);
    const answers = answersByAttempt(list.map((r) => r.id));
    for (const a of list) {
      const marked = markAnswers(answers.get(a.id) ?? new Map(), key, pattern);
      rows.push({
        id: a.id,
        userId: a.userId,
        name: a.name,
        version,
        oldMarks: a.marks ?? a.score ?? 0,
        oldMax: a.maxMarks ?? a.total,
        newMarks: marked.marks ?? marked.correct,
        newMax: marked.maxMarks ?? marked.total,
        newScore: marked.correct,
        newTotal: marked.total,
        newMarksStored: marked.marks,
        newMaxStored: marked.maxMarks,
      });
    }
  }
  return rows;
}

/** Every student's best fraction, from rows' old or new marks. */
function bests(rows: Row[], which: "old" | "new"): Map<string, number> {
  const best = new Map<string, number>();
  for (const r of rows) {
    const f = which === "old" ? (r.oldMax ? r.oldMarks / r.oldMax : 0) : r.newMax ? r.newMarks / r.newMax : 0;
    if (f > (best.get(r.userId) ?? Number.NEGATIVE_INFINITY)) best.set(r.userId, f);
  }
  return best;
}

/** The dry run: each attempt's old and new marks, and each student's old and new rank (by their best). Nothing is written. */
export function disputePlan(testId: string, d: DisputeDecision) {
  const rows = planRows(testId, d);
  if (!rows) return null;
  const before = bests(rows, "old");
  const after = bests(rows, "new");
  const beforeAll = [...before.values()];
  const afterAll = [...after.values()];
  return {
    attempts: rows.length,
    changed: rows.filter((r) => r.oldMarks !== r.newMarks || r.oldMax !== r.newMax).length,
    rows: rows
      .map((r) => ({
        id: r.id,
        name: r.name,
        oldMarks: r.oldMarks,
        oldMax: r.oldMax,
        newMarks: r.newMarks,
        newMax: r.newMax,
        oldRank: standing(beforeAll, before.get(r.userId) ?? 0).rank,
        newRank: standing(afterAll, after.get(r.userId) ?? 0).rank,
      }))
      .sort((a, b) => a.newRank - b.newRank || a.name.localeCompare(b.name)),
  };
}

/** Writes the decision on the question in every version and marks every finished attempt of those versions again. */
export function applyDispute(testId: string, d: DisputeDecision, by: string, now = new Date()) {
  const rows = planRows(testId, d);
  if (!rows) return null;
  transaction((tx) => {
    for (const q of tx
      .select()
      .from(questions)
      .where(and(eq(questions.testId, testId), eq(questions.id, d.questionId)))
      .all()) {
      const next = decided(q, d);
      tx.update(questions)
        .set({ accepted: next.accepted ?? null, bonus: next.bonus ?? false, dropped: next.dropped ?? false })
        .where(and(eq(questions.testId, testId), eq(questions.version, q.version), eq(questions.id, q.id)))
        .run();
    }
    for (const r of rows) {
      const changed = r.oldMarks !== r.newMarks || r.oldMax !== r.newMax;
      tx.update(attempts)
        .set({ score: r.newScore, totalQuestions: r.newTotal, marks: r.newMarksStored, maxMarks: r.newMaxStored, ...(changed ? { regradedAt: now } : {}) })
        .where(eq(attempts.id, r.id))
        .run();
    }
    const version = tx.get<{ v: number }>(sql`SELECT current_version AS v FROM tests WHERE id = ${testId}`)?.v ?? 1;
    tx.insert(regrades)
      .values({
        id: newId(),
        testId,
        version,
        regradedBy: by,
        reason: `${d.questionId}: ${d.kind === "accept" ? "other options accepted" : d.kind === "bonus" ? "everyone gets the marks" : d.kind === "drop" ? "dropped" : "the key stands"}. ${d.reason}`,
        attempts: rows.length,
        changedScores: rows.filter((r) => r.oldMarks !== r.newMarks || r.oldMax !== r.newMax).length,
        createdAt: now,
      })
      .run();
    // copies of the key kept by any process (results pages) are not used again
    tx.update(tests)
      .set({ updatedAt: sql`max(${+now}, ${tests.updatedAt} + 1)` })
      .where(eq(tests.id, testId))
      .run();
  });
  return { attempts: rows.length, changed: rows.filter((r) => r.oldMarks !== r.newMarks || r.oldMax !== r.newMax).length };
}
