import { sql } from "drizzle-orm";
import { db } from "~/db/db.server";
import { bookmarks } from "~/db/schema.server";
import { pageParam } from "~/lib/schemas/forms";
import { examTypeLabels, labelOf } from "./exam-type.server";
import { releasedToStudent } from "./results.server";
import { rightAnswerSql } from "./marked-score.server";
import type { SessionUser } from "./user.server";

/**
 * My mistakes (/mistakes): every question of each test that the student's latest finished attempt got wrong or
 * left unanswered, across tests, with the released key and explanation; or (Bookmarked) every question they
 * starred. Only tests whose answers are released to them; a question answered right twice in practice
 * (app/models/practice.server.ts) leaves the list.
 */
export const MISTAKES_PAGE = 20;

export type MistakeFilters = { show: "mistakes" | "bookmarked"; category: string; test: string; section: string; topic: string; page: number };

export function parseMistakeFilters(url: URL): MistakeFilters {
  const p = url.searchParams;
  const text = (name: string) => (p.get(name) ?? "").trim().slice(0, 200);
  return {
    show: p.get("show") === "bookmarked" ? "bookmarked" : "mistakes",
    category: text("category"),
    test: text("test"),
    section: text("section"),
    topic: text("topic"),
    page: pageParam(p.get("page")),
  };
}

export type MistakeRow = {
  testId: string;
  testTitle: string;
  examType: string;
  version: number;
  questionId: string;
  position: number;
  question: string;
  options: string;
  correctAnswer: number;
  explanation: string | null;
  section: string | null;
  topic: string | null;
  chosen: number | null;
  bookmarked: number;
};

/** Every question of the student's latest finished attempt per test that was wrong or unanswered, or starred (SQL, then the release check per test). */
export function candidateQuestions(userId: string, show: MistakeFilters["show"]): MistakeRow[] {
  const rows = db().all<MistakeRow>(sql`
    WITH latest AS (
      SELECT a.id, a.test_id, a.test_version,
             ROW_NUMBER() OVER (PARTITION BY a.test_id ORDER BY a.completed_at DESC) AS rn
      FROM attempts a WHERE a.user_id = ${userId} AND a.status IN ('submitted', 'expired')
    ),
    mastered AS (
      SELECT pi.test_id, pi.version, pi.question_id FROM practice_items pi JOIN practice_rounds pr ON pr.id = pi.round_id
      WHERE pr.user_id = ${userId} AND pi.correct = 1 GROUP BY pi.test_id, pi.version, pi.question_id HAVING COUNT(*) >= 2
    )
    SELECT t.id AS testId, t.title AS testTitle, t.exam_type AS examType, q.version AS version, q.id AS questionId, q.position AS position,
           q.question, q.options, q.correct_answer AS correctAnswer, q.explanation, q.section, q.topic,
           ${show === "bookmarked" ? sql`(SELECT aa.chosen_index FROM latest l2 JOIN attempt_answers aa ON aa.attempt_id = l2.id AND aa.question_id = q.id WHERE l2.test_id = q.test_id AND l2.test_version = q.version AND l2.rn = 1)` : sql`aa.chosen_index`} AS chosen,
           EXISTS (SELECT 1 FROM bookmarks b WHERE b.user_id = ${userId} AND b.test_id = q.test_id AND b.version = q.version AND b.question_id = q.id) AS bookmarked
    ${
      show === "bookmarked"
        ? sql`FROM bookmarks bm JOIN questions q ON q.test_id = bm.test_id AND q.version = bm.version AND q.id = bm.question_id
              JOIN tests t ON t.id = q.test_id WHERE bm.user_id = ${userId}`
        : sql`FROM latest l JOIN questions q ON q.test_id = l.test_id AND q.version = l.test_version AND q.dropped = 0
              JOIN tests t ON t.id = q.test_id
              LEFT JOIN attempt_answers aa ON aa.attempt_id = l.id AND aa.question_id = q.id
              WHERE l.rn = 1 AND (aa.chosen_index IS NULL OR NOT ${rightAnswerSql()}) AND NOT q.bonus
                AND NOT EXISTS (SELECT 1 FROM mastered m WHERE m.test_id = q.test_id AND m.version = q.version AND m.question_id = q.id)`
    }
    ORDER BY t.title COLLATE NOCASE, q.position`);
  // only tests whose key this student may see now (a live mock keeps it until its window closes)
  const shown = releasedToStudent(userId);
  return rows.filter((r) => shown(r.testId));
}

/** The page of My mistakes: the filtered questions (a page of them), the filters' choices and the counts. */
export function loadMistakes(user: Pick<SessionUser, "id">, f: MistakeFilters) {
  const all = candidateQuestions(user.id, f.show);
  const labels = examTypeLabels();
  const matching = all.filter(
    (r) =>
      (!f.category || r.examType === f.category) &&
      (!f.test || r.testId === f.test) &&
      (!f.section || r.section === f.section) &&
      (!f.topic || r.topic === f.topic),
  );
  const pages = Math.max(1, Math.ceil(matching.length / MISTAKES_PAGE));
  const page = Math.min(f.page, pages);
  const distinct = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));
  return {
    filters: { ...f, page },
    total: all.length,
    matching: matching.length,
    pages,
    choices: {
      categories: distinct(all.map((r) => r.examType)).map((value) => ({ value, label: labelOf(labels, value) })),
      tests: [...new Map(all.map((r) => [r.testId, r.testTitle])).entries()].map(([value, label]) => ({ value, label })),
      sections: distinct(all.map((r) => r.section)),
      topics: distinct(all.map((r) => r.topic)),
    },
    items: matching.slice((page - 1) * MISTAKES_PAGE, page * MISTAKES_PAGE).map((r) => ({
      key: `${r.testId}:${r.version}:${r.questionId}`,
      testId: r.testId,
      testTitle: r.testTitle,
      version: r.version,
      questionId: r.questionId,
      n: r.position + 1,
      question: r.question,
      options: JSON.parse(r.options) as string[],
      correctAnswer: r.correctAnswer,
      explanation: r.explanation,
      section: r.section,
      topic: r.topic,
      chosen: r.chosen,
      bookmarked: Boolean(r.bookmarked),
    })),
  };
}

/**
 * Stars or unstars a question of a review. Only a question of a version the student finished an attempt on,
 * of a test whose answers are released to them. Returns false when there is no such question.
 */
export function setBookmark(userId: string, target: { testId: string; version: number; questionId: string }, on: boolean): boolean {
  const found = db().get<{ n: number }>(sql`
    SELECT COUNT(*) AS n FROM attempts a JOIN questions q ON q.test_id = a.test_id AND q.version = a.test_version AND q.id = ${target.questionId}
    WHERE a.user_id = ${userId} AND a.test_id = ${target.testId} AND a.test_version = ${target.version} AND a.status IN ('submitted', 'expired')`);
  if (!found?.n || !releasedToStudent(userId)(target.testId)) return false;
  if (on)
    db()
      .insert(bookmarks)
      .values({ userId, testId: target.testId, version: target.version, questionId: target.questionId, createdAt: new Date() })
      .onConflictDoNothing()
      .run();
  else
    db().run(
      sql`DELETE FROM bookmarks WHERE user_id = ${userId} AND test_id = ${target.testId} AND version = ${target.version} AND question_id = ${target.questionId}`,
    );
  return true;
}
