// An answer that reached the server too late, and what the results page says of it (unit-tested in
// tests/unit/exam-rules.test.ts). Apart from exam-rules.ts: the exam page never shows it.

/**
 * Why an answer that reached the server after its attempt closed was not saved: the test had been submitted before
 * its time was up (Finish pressed in another tab or window), or the time ran out (an expired attempt, or one
 * submitted at or after its deadline).
 */
export function lateAnswerCause(attempt: { status: string; completedAt: number | null; deadlineAt: number }): "submitted" | "time-up" {
  return attempt.status === "submitted" && attempt.completedAt !== null && attempt.completedAt < attempt.deadlineAt ? "submitted" : "time-up";
}

/** What the results page says of that answer, by its cause. */
export const LATE_ANSWER_MESSAGES: Record<ReturnType<typeof lateAnswerCause>, string> = {
  "time-up": "Your last answer reached the server after the time was up, so it was not saved.",
  submitted: "Your last answer was not saved: this test had already been submitted, in another tab or window.",
};
