import { and, asc, eq, sql } from "drizzle-orm";
import { db, transaction } from "~/db/db.server";
import { practiceItems, practiceRounds } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { candidateQuestions } from "./mistakes.server";

/**
 * Practice rounds: an untimed round of up to 50 of a student's mistakes and/or bookmarks, chosen by topic. The
 * round is one page of questions; submitting scores it and shows each question's key and explanation. It is not
 * an attempt (its own tables): attempts, limits, ranks, analytics and the marks register never read it. A
 * question answered right in two rounds leaves My mistakes.
 */
export const PRACTICE_MAX = 50;

export type PracticeChoice = { source: "mistakes" | "bookmarks" | "both"; topic: string; count: number };

export function parsePracticeChoice(form: FormData): PracticeChoice {
  const source = String(form.get("source") ?? "mistakes");
  const count = Number.parseInt(String(form.get("count") ?? PRACTICE_MAX), 10);
  return {
    source: source === "bookmarks" || source === "both" ? source : "mistakes",
    topic: String(form.get("topic") ?? "")
      .trim()
      .slice(0, 200),
    count: Number.isFinite(count) ? Math.min(PRACTICE_MAX, Math.max(1, count)) : PRACTICE_MAX,
  };
}

/** Starts a round from the chosen questions (mistakes first, in the list's order); null when there is none. */
export function startPractice(userId: string, choice: PracticeChoice): string | null {
  const pool = [
    ...(choice.source !== "bookmarks" ? candidateQuestions(userId, "mistakes") : []),
    ...(choice.source !== "mistakes" ? candidateQuestions(userId, "bookmarked") : []),
  ];
  const seen = new Set<string>();
  const picked = pool
    .filter((q) => !choice.topic || q.topic === choice.topic)
    .filter((q) => {
      const key = `${q.testId}:${q.version}:${q.questionId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, choice.count);
  if (!picked.length) return null;
  const id = newId();
  transaction((tx) => {
    tx.insert(practiceRounds).values({ id, userId, createdAt: new Date() }).run();
    tx.insert(practiceItems)
      .values(picked.map((q, i) => ({ roundId: id, position: i, testId: q.testId, version: q.version, questionId: q.questionId })))
      .run();
  });
  return id;
}

type ItemRow = {
  position: number;
  testTitle: string;
  question: string;
  options: string;
  correctAnswer: number;
  explanation: string | null;
  topic: string | null;
  chosen: number | null;
  correct: number | null;
};

/** A round of the student's: its questions, and once finished its score and each question's key and explanation. */
export function practiceRound(userId: string, roundId: string) {
  const round = db()
    .select()
    .from(practiceRounds)
    .where(and(eq(practiceRounds.id, roundId), eq(practiceRounds.userId, userId)))
    .get();
  if (!round) return null;
  const rows = db().all<ItemRow>(sql`
    SELECT pi.position, t.title AS testTitle, q.question, q.options, q.correct_answer AS correctAnswer, q.explanation, q.topic,
           pi.chosen_index AS chosen, pi.correct
    FROM practice_items pi JOIN questions q ON q.test_id = pi.test_id AND q.version = pi.version AND q.id = pi.question_id
    JOIN tests t ON t.id = pi.test_id
    WHERE pi.round_id = ${roundId} ORDER BY pi.position`);
  const finished = round.finishedAt !== null;
  return {
    id: round.id,
    finished,
    score: finished ? rows.filter((r) => r.correct).length : null,
    items: rows.map((r) => ({
      n: r.position + 1,
      testTitle: r.testTitle,
      question: r.question,
      options: JSON.parse(r.options) as string[],
      topic: r.topic,
      chosen: r.chosen,
      // the key only once the round is submitted
      ...(finished ? { correctAnswer: r.correctAnswer, explanation: r.explanation, correct: Boolean(r.correct) } : {}),
    })),
  };
}

/** Submits a round's answers (`a.{n}` = the chosen option) and scores it; a second submit changes nothing. */
export function finishPractice(userId: string, roundId: string, form: FormData): boolean {
  return transaction((tx) => {
    const round = tx
      .select()
      .from(practiceRounds)
      .where(and(eq(practiceRounds.id, roundId), eq(practiceRounds.userId, userId)))
      .get();
    if (!round) return false;
    if (round.finishedAt) return true;
    const items = tx.select().from(practiceItems).where(eq(practiceItems.roundId, roundId)).orderBy(asc(practiceItems.position)).all();
    for (const item of items) {
      const raw = form.get(`a.${item.position + 1}`);
      const chosen = typeof raw === "string" && /^\d$/.test(raw) ? Number(raw) : null;
      const key = tx.get<{ correctAnswer: number; options: string }>(
        sql`SELECT correct_answer AS correctAnswer, options FROM questions WHERE test_id = ${item.testId} AND version = ${item.version} AND id = ${item.questionId}`,
      );
      const valid = chosen !== null && key && chosen < (JSON.parse(key.options) as string[]).length ? chosen : null;
      tx.update(practiceItems)
        .set({ chosenIndex: valid, correct: valid !== null && valid === key?.correctAnswer })
        .where(and(eq(practiceItems.roundId, roundId), eq(practiceItems.position, item.position)))
        .run();
    }
    tx.update(practiceRounds).set({ finishedAt: new Date() }).where(eq(practiceRounds.id, roundId)).run();
    return true;
  });
}
