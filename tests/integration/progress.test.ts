// "My progress": the aggregates against figures computed by hand from attempts written directly.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { createTest } from "~/models/test.server";
import * as progressRoute from "~/routes/_student+/progress";
import { getRequest, makeStudent, payload, run, seedBase, statusOf } from "../helpers";

const TEN = Array.from({ length: 10 }, (_, i) => ({ question: `Question ${i + 1}`, options: ["A", "B", "C", "D"], correctAnswer: 0, explanation: "" }));
const DAY = 86_400_000;

let poetry: string;
let drama: string;
let tetTest: string;

beforeAll(async () => {
  await seedBase();
  poetry = createTest({ title: "Poetry Paper", examType: "NET", duration: 30, unitNumber: 1, unitName: "Poetry" }, TEN).id;
  drama = createTest({ title: "Drama Paper", examType: "NET", duration: 30, unitNumber: 2, unitName: "Drama" }, TEN).id;
  tetTest = createTest({ title: "TET General", examType: "TET", duration: 30 }, TEN).id;
});

function finished(userId: string, testId: string, score: number, timeSpent: number, daysAgo: number) {
  const completed = Date.now() - daysAgo * DAY;
  db()
    .insert(attempts)
    .values({
      id: newId(),
      testId,
      userId,
      testVersion: 1,
      status: "submitted",
      startedAt: new Date(completed - timeSpent * 1000),
      deadlineAt: new Date(completed - timeSpent * 1000 + 30 * 60_000),
      completedAt: new Date(completed),
      score,
      totalQuestions: 10,
      timeSpent,
      regradedAt: null,
      lastQuestion: 1,
    })
    .run();
}

type Progress = Awaited<ReturnType<typeof import("~/models/progress.server").loadProgress>>;

describe("My progress", () => {
  it("a student with no finished test sees the empty state data", async () => {
    const s = await makeStudent();
    const page = payload<Progress>(await run(progressRoute.loader, getRequest("/progress", s.cookie)));
    expect(page).toMatchObject({ trend: [], byCategory: [], byUnit: [], tests: [], weakest: [] });
  });

  it("trend, accuracy by category and unit, best and latest, time per question against the median, weakest units", async () => {
    const me = await makeStudent();
    const others = [await makeStudent(), await makeStudent()];
    // mine: poetry 4/10 (3 days ago, 300 s) then 6/10 (1 day ago, 200 s); drama 9/10 (2 days ago, 100 s); TET 2/10 (today, 600 s)
    finished(me.user.id, poetry, 4, 300, 3);
    finished(me.user.id, drama, 9, 100, 2);
    finished(me.user.id, poetry, 6, 200, 1);
    finished(me.user.id, tetTest, 2, 600, 0);
    // others on poetry: 100 s and 500 s → seconds per question over all four poetry attempts: 10, 20, 30, 50 → median 25
    finished(others[0].user.id, poetry, 5, 100, 5);
    finished(others[1].user.id, poetry, 5, 500, 5);

    const page = payload<Progress>(await run(progressRoute.loader, getRequest("/progress", me.cookie)));
    expect(page.trend.map((t) => t.percent)).toEqual([40, 90, 60, 20]);
    expect(page.byCategory).toEqual([
      expect.objectContaining({ examType: "NET", attempts: 3, correct: 19, questions: 30, accuracy: 63 }),
      expect.objectContaining({ examType: "TET", attempts: 1, correct: 2, questions: 10, accuracy: 20 }),
    ]);
    expect(page.byUnit.map((u) => [u.label, u.correct, u.questions, u.accuracy])).toEqual([
      ["NET · Unit 1: Poetry", 10, 20, 50],
      ["NET · Unit 2: Drama", 9, 10, 90],
      ["TET · General Tests", 2, 10, 20],
    ]);
    const poetryRow = page.tests.find((t) => t.testId === poetry);
    // my average: (30 + 20) / 2 = 25 s per question; median over everyone's 10, 20, 30, 50 = 25
    expect(poetryRow).toMatchObject({ attempts: 2, best: 60, latest: 60, mySecondsPerQuestion: 25, medianSecondsPerQuestion: 25 });
    expect(page.tests.find((t) => t.testId === drama)).toMatchObject({
      attempts: 1,
      best: 90,
      latest: 90,
      mySecondsPerQuestion: 10,
      medianSecondsPerQuestion: 10,
    });
    // newest first
    expect(page.tests[0].testId).toBe(tetTest);
    // practise next: TET general (20 %), then poetry (50 %); drama at 90 % is not weak
    expect(page.weakest.map((u) => u.label)).toEqual(["TET · General Tests", "NET · Unit 1: Poetry"]);
    expect(page.weakest[1].practiceHref).toBe("/dashboard?type=NET&unit=1");
  });

  it("is for students: a signed-out visitor is sent to sign in", async () => {
    const res = await run(progressRoute.loader, getRequest("/progress"));
    expect(statusOf(res)).toBe(302);
  });
});
