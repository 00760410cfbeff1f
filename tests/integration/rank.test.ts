// Rank and percentile on the results page, over every student's BEST finished attempt: for 1, 2 and
// many students (a student's weaker retake does not count; the viewer is not counted against themselves).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { createTest } from "~/models/test.server";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { getRequest, makeStudent, payload, run, seedBase } from "../helpers";

const TEN = Array.from({ length: 10 }, (_, i) => ({ question: `Question ${i + 1}`, options: ["A", "B"], correctAnswer: 0, explanation: "" }));

beforeAll(async () => {
  await seedBase();
});

function finished(userId: string, testId: string, score: number, minutesAgo = 10) {
  const completed = Date.now() - minutesAgo * 60_000;
  const id = newId();
  db()
    .insert(attempts)
    .values({
      id,
      testId,
      userId,
      testVersion: 1,
      status: "submitted",
      startedAt: new Date(completed - 600_000),
      deadlineAt: new Date(completed + 600_000),
      completedAt: new Date(completed),
      score,
      totalQuestions: 10,
      timeSpent: 600,
      regradedAt: null,
      lastQuestion: 1,
    })
    .run();
  return id;
}

type Rank = { rank: { rank: number; of: number; others: number; top: number | null; betterThan: number | null } | null };
async function rankOf(cookie: string, testId: string, attemptId: string) {
  return payload<Rank>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attemptId}`, cookie), { testId })).rank;
}

describe("rank and percentile", () => {
  it("one student: rank 1 of 1, no percentile against nobody", async () => {
    const testId = createTest({ title: "Rank alone", examType: "NET", duration: 30 }, TEN).id;
    const s = await makeStudent();
    const a = finished(s.user.id, testId, 7);
    expect(await rankOf(s.cookie, testId, a)).toEqual({ rank: 1, of: 1, others: 0, top: null, betterThan: null, above: 0, below: 0 });
  });

  it("two students: the better is rank 1 and better than 100% of the other; the other rank 2, better than 0%", async () => {
    const testId = createTest({ title: "Rank pair", examType: "NET", duration: 30 }, TEN).id;
    const a = await makeStudent();
    const b = await makeStudent();
    const aAttempt = finished(a.user.id, testId, 9);
    const bAttempt = finished(b.user.id, testId, 4);
    expect(await rankOf(a.cookie, testId, aAttempt)).toEqual({ rank: 1, of: 2, others: 1, top: 50, betterThan: 100, above: 0, below: 1 });
    expect(await rankOf(b.cookie, testId, bAttempt)).toEqual({ rank: 2, of: 2, others: 1, top: 100, betterThan: 0, above: 1, below: 0 });
  });

  it("many students: each counted once, by their best attempt", async () => {
    const testId = createTest({ title: "Rank many", examType: "NET", duration: 30 }, TEN).id;
    const students = [await makeStudent(), await makeStudent(), await makeStudent(), await makeStudent(), await makeStudent()];
    // best scores: 10, 8, 6 (after a weaker 2), 6, 3
    finished(students[0].user.id, testId, 10);
    finished(students[1].user.id, testId, 8);
    finished(students[2].user.id, testId, 2, 30);
    const best = finished(students[2].user.id, testId, 6);
    finished(students[3].user.id, testId, 6);
    const last = finished(students[4].user.id, testId, 3);
    // 6/10: two did better, one did worse, one tied, of 4 others
    expect(await rankOf(students[2].cookie, testId, best)).toEqual({ rank: 3, of: 5, others: 4, top: 60, betterThan: 25, above: 2, below: 1 });
    expect(await rankOf(students[4].cookie, testId, last)).toEqual({ rank: 5, of: 5, others: 4, top: 100, betterThan: 0, above: 4, below: 0 });
  });
});
