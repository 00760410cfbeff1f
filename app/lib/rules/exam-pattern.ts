import { formatMarks } from "./marks-text";

/**
 * Exam patterns (pure; unit-tested in tests/unit/exam-pattern.test.ts). A test is marked +1 for a right
 * answer and 0 otherwise unless it has a pattern: marks per right answer (the test's, or the question's own
 * from the CSV's `marks` column) and marks taken off per wrong answer. An unanswered question scores 0.
 * A test with no pattern keeps the specification's score, the count of right answers, and stores no marks.
 */
export type ExamPattern = { marksPerCorrect: number; negativeMarks: number };
export type MarkedQuestion = {
  id: string;
  correctAnswer: number;
  dropped?: boolean;
  marks?: number | null;
  /** a key dispute upheld: other options right too */
  accepted?: readonly number[] | null;
  /** a key dispute upheld: everyone gets the marks */
  bonus?: boolean;
};

/** Whether a choice is right: the key, or an option a key dispute accepted. */
export function isRightAnswer(q: Pick<MarkedQuestion, "correctAnswer" | "accepted">, chosen: number | null | undefined): boolean {
  if (chosen === null || chosen === undefined) return false;
  return chosen === q.correctAnswer || (q.accepted ?? []).includes(chosen);
}

/** A key with a decided dispute (options accepted, or marks for everyone): marked from the answers, never by the SQL count. */
export function hasDisputes(key: ReadonlyArray<Pick<MarkedQuestion, "accepted" | "bonus">>): boolean {
  return key.some((q) => q.bonus || (q.accepted?.length ?? 0) > 0);
}

export const NO_PATTERN: ExamPattern = { marksPerCorrect: 1, negativeMarks: 0 };

/** Marks are kept to 4 decimal places, so 3 wrong answers at 1/3 each take off exactly 1. */
export function roundMarks(value: number): number {
  return Math.round(value * 10_000) / 10_000 + 0;
}

/** True when the test is marked otherwise than +1 / 0 (its own figures, or any question with its own marks). */
export function hasPattern(pattern: ExamPattern, key: ReadonlyArray<Pick<MarkedQuestion, "marks">> = []): boolean {
  return pattern.marksPerCorrect !== 1 || pattern.negativeMarks !== 0 || key.some((q) => q.marks !== null && q.marks !== undefined);
}

/** A question's marks for a right answer. */
export function marksOf(question: Pick<MarkedQuestion, "marks">, pattern: ExamPattern): number {
  return question.marks ?? pattern.marksPerCorrect;
}

export type MarkedScore = {
  /** right answers (the specification's score) */
  correct: number;
  wrong: number;
  /** the questions that count (dropped ones left out) */
  total: number;
  /** the marked score and its maximum; null when the test has no pattern */
  marks: number | null;
  maxMarks: number | null;
  /** marks for the right answers and marks taken off for the wrong ones (the results page's breakdown) */
  gained: number;
  lost: number;
};

/** An attempt's score under a version's key and the test's pattern: dropped questions do not count. */
export function markAnswers(answers: ReadonlyMap<string, number | null>, key: ReadonlyArray<MarkedQuestion>, pattern: ExamPattern = NO_PATTERN): MarkedScore {
  let correct = 0;
  let wrong = 0;
  let total = 0;
  let gained = 0;
  let maxMarks = 0;
  for (const q of key) {
    if (q.dropped) continue;
    total += 1;
    const worth = marksOf(q, pattern);
    maxMarks += worth;
    // everyone gets a bonus question's marks, whatever they chose or left
    if (q.bonus) {
      correct += 1;
      gained += worth;
      continue;
    }
    const chosen = answers.get(q.id);
    if (chosen === null || chosen === undefined) continue;
    if (isRightAnswer(q, chosen)) {
      correct += 1;
      gained += worth;
    } else wrong += 1;
  }
  const lost = wrong * pattern.negativeMarks;
  const marked = hasPattern(pattern, key);
  return {
    correct,
    wrong,
    total,
    marks: marked ? roundMarks(gained - lost) : null,
    maxMarks: marked ? roundMarks(maxMarks) : null,
    gained: roundMarks(gained),
    lost: roundMarks(lost),
  };
}

/**
 * The results page's breakdown of a marked score: "7 × 2 − 2 × 0.5 = 13" when every question is worth the
 * same, "14 for 7 right answers − 2 × 0.5 = 13" when questions have their own marks.
 */
export function markingOf(score: MarkedScore, pattern: ExamPattern, uniform: boolean) {
  const right = uniform ? `${score.correct} × ${formatMarks(pattern.marksPerCorrect)}` : `${formatMarks(score.gained)} for ${score.correct} right`;
  const wrong = pattern.negativeMarks ? ` − ${score.wrong} × ${formatMarks(pattern.negativeMarks)}` : "";
  return {
    gained: score.gained,
    lost: score.lost,
    negativeMarks: pattern.negativeMarks,
    sum: `${right}${wrong} = ${formatMarks(score.marks ?? score.gained - score.lost)}`,
  };
}

/**
 * How a test is marked, for the start card: "+2 for a right answer, −0.5 for a wrong one, 0 for a question left
 * unanswered"; with questions of their own marks, the range ("+2 to +4 for a right answer (each question's own)").
 * Null for a test without a pattern.
 */
export function patternLabel(pattern: ExamPattern, key: ReadonlyArray<Pick<MarkedQuestion, "marks" | "dropped">> = []): string | null {
  if (!hasPattern(pattern, key)) return null;
  const worth = key.filter((q) => !q.dropped).map((q) => marksOf(q, pattern));
  const low = worth.length ? Math.min(...worth) : pattern.marksPerCorrect;
  const high = worth.length ? Math.max(...worth) : pattern.marksPerCorrect;
  const right =
    low === high ? `+${formatMarks(low)} for a right answer` : `+${formatMarks(low)} to +${formatMarks(high)} for a right answer (each question's own)`;
  const wrong = pattern.negativeMarks ? `−${formatMarks(pattern.negativeMarks)} for a wrong one` : "no marks off for a wrong one";
  return `${right}, ${wrong}, 0 for a question left unanswered`;
}
