import { and, asc, eq, sql } from "drizzle-orm";
import { keptPerDatabase, preparedQuery, rawDb, transaction, type DB } from "~/db/db.server";
import { linkQuestionsToBank } from "~/db/bank-link.server";
import { type Question, questions, tests, type Test } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { groupBySection, tagOf } from "~/lib/rules/sections";
import { bankKeyOf } from "~/lib/rules/bank";
import { lineBreaksAsLf } from "~/lib/rules/words";
import { questionsProblem, testDetailsProblem } from "~/lib/schemas/test-record";

export type QuestionInput = {
  question: string;
  options: string[];
  correctAnswer: number;
  explanation?: string | null;
  /** this question's own marks for a right answer (the CSV's `marks` column); null = the test's */
  marks?: number | null;
  /** the paper's section and the question's topic (app/lib/rules/sections.ts) */
  section?: string | null;
  topic?: string | null;
};

export type TestInput = {
  title: string;
  description?: string;
  examType: string;
  unitNumber?: number | null;
  unitName?: string | null;
  duration?: number;
  isActive?: boolean;
  maxAttempts?: number | null;
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
  /** when students see the key (app/lib/rules/answer-release.ts); null = the default */
  answerRelease?: string | null;
  /** the exam pattern (app/lib/rules/exam-pattern.ts); +1 / 0 when not given */
  marksPerCorrect?: number;
  negativeMarks?: number;
  id?: string;
  createdAt?: Date;
  /** the CSV upload's flagged rows, kept until the test is published */
  uploadReport?: UploadReport | null;
};

export type UploadReport = { skipped: Array<{ line: number; reason: string }>; fallbacks: Array<{ line: number; question: number; given: string }> };

/** How many rows an upload flagged. */
export function flaggedCount(report: UploadReport | null): number {
  return report ? report.skipped.length + report.fallbacks.length : 0;
}

/** Inserts the questions of one version of a test as q1…qN, in order (each section's questions together). */
export function insertQuestions(tx: DB, testId: string, version: number, list: QuestionInput[]) {
  if (!list.length) return;
  tx.insert(questions)
    .values(
      groupBySection(list).map((q, i) => ({
        testId,
        version,
        id: `q${i + 1}`,
        position: i,
        question: lineBreaksAsLf(q.question),
        options: q.options.map(lineBreaksAsLf),
        correctAnswer: q.correctAnswer,
        explanation: q.explanation ? lineBreaksAsLf(q.explanation) : null,
        marks: q.marks ?? null,
        section: tagOf(q.section),
        topic: tagOf(q.topic),
        bankKey: bankKeyOf(lineBreaksAsLf(q.question), q.options.map(lineBreaksAsLf)),
      })),
    )
    .run();
  linkQuestionsToBank(rawDb(), "q.test_id = ? AND q.version = ?", [testId, version]);
}

/** Creates a test and its questions in one transaction. Details that break the test record's rules throw. */
export function createTest(input: TestInput, list: QuestionInput[]): Test {
  const problem = testDetailsProblem(input) ?? questionsProblem(list);
  if (problem) throw new Error(`Invalid test: ${problem}`);
  const id = input.id ?? newId();
  const now = input.createdAt ?? new Date();
  transaction((tx) => {
    tx.insert(tests)
      .values({
        id,
        title: input.title.trim(),
        description: input.description?.trim() ?? "",
        examType: input.examType,
        unitNumber: input.unitNumber ?? null,
        unitName: input.unitName ?? null,
        duration: input.duration ?? 60,
        totalQuestions: list.length,
        isActive: input.isActive ?? true,
        maxAttempts: input.maxAttempts ?? null,
        shuffleQuestions: input.shuffleQuestions ?? false,
        shuffleOptions: input.shuffleOptions ?? false,
        answerRelease: input.answerRelease ?? null,
        marksPerCorrect: input.marksPerCorrect ?? 1,
        negativeMarks: input.negativeMarks ?? 0,
        uploadReport: input.uploadReport ?? null,
        currentVersion: 1,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    insertQuestions(tx, id, 1, list);
  });
  return findTest(id) as Test;
}

/** A test's row by id (prepared once per open database: the exam's every request asks). */
export const testById = preparedQuery((d) =>
  d
    .select()
    .from(tests)
    .where(eq(tests.id, sql.placeholder("id")))
    .prepare(),
);

export function findTest(id: string): Test | undefined {
  return testById().get({ id });
}

/** The questions of one version of a test, in order (with the answer key: server use only). */
const questionsOfVersion = preparedQuery((d) =>
  d
    .select()
    .from(questions)
    .where(and(eq(questions.testId, sql.placeholder("testId")), eq(questions.version, sql.placeholder("version"))))
    .orderBy(asc(questions.position))
    .prepare(),
);

export function questionsOf(testId: string, version: number) {
  return questionsOfVersion().all({ testId, version });
}

/**
 * The same for results pages, kept in memory per process under the test's `updatedAt`. A version with
 * attempts changes only by a regrade, which moves `updatedAt` in its own transaction (as every edit of
 * the test does), so a regraded key is never read from an older copy, in this process or another.
 */
const gradedQuestionsKept = keptPerDatabase<readonly Question[]>({
  name: "graded questions",
  keeps: "a test version's questions with the answer key, for results pages",
  key: "test id, its updatedAt and the version",
  invalidated: "by a new updatedAt (every edit and regrade moves it)",
  maxEntries: 200,
});

export function gradedQuestionsOf(test: Pick<Test, "id" | "updatedAt">, version: number): readonly Question[] {
  return gradedQuestionsKept(`${test.id}\u0000${version}\u0000${+test.updatedAt}`, () => questionsOf(test.id, version));
}
