// The student beside the topper and the average on their results, once ranks show: marks, accuracy and time of
// every student's best attempt, and by section; nothing before the window closes.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import { createTest } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { attemptsAt, examApi, getRequest, makeStudent, payload, postRequest, run, seedBase } from "../helpers";

const QUESTIONS = [
  { question: "Q1", options: ["a", "b"], correctAnswer: 0, section: "Poetry" },
  { question: "Q2", options: ["a", "b"], correctAnswer: 1, section: "Poetry" },
  { question: "Q3", options: ["a", "b"], correctAnswer: 0, section: "Drama" },
  { question: "Q4", options: ["a", "b"], correctAnswer: 1, section: "Drama" },
];
let testId = "";
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Compare Mock", examType: "NET", marksPerCorrect: 2, negativeMarks: 0.5 }, QUESTIONS).id;
});

/** A student answers the four questions (null: left), and finishes. */
async function sits(choices: Array<number | null>) {
  const s = await makeStudent({ examTypes: ["NET"] });
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId });
  const attemptId = attemptsAt(testId, s.user.id)[0].id;
  for (let i = 0; i < choices.length; i++) {
    const choice = choices[i];
    if (choice !== null)
      await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: `q${i + 1}`, chosen: String(choice), at: String(Date.now()) });
  }
  expect((await examApi(`/api/attempts/${attemptId}/finish`, s.cookie)).status).toBe(200);
  return s;
}

type Figures = { marks: number; accuracy: number | null; seconds: number };
type Page = {
  comparison: {
    students: number;
    you: Figures;
    topper: Figures;
    average: Figures;
    sections: Array<{ name: string; you: Figures | null; topper: Figures | null }>;
  } | null;
};

describe("you, the topper and the average", () => {
  it("compares the student's best with the topper's and everyone's average, overall and by section", async () => {
    const all = await sits([0, 1, 0, 1]); // 4 right: 8 marks
    const half = await sits([0, 0, null, null]); // 1 right, 1 wrong: 1.5 marks, 50 % accuracy
    const page = payload<Page>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, half.cookie), { testId }));
    expect(page.comparison).toMatchObject({
      students: 2,
      you: { marks: 1.5, accuracy: 50 },
      topper: { marks: 8, accuracy: 100 },
      average: { marks: 4.75, accuracy: 75 },
    });
    expect(page.comparison?.sections.map((s) => [s.name, s.you?.marks, s.topper?.marks])).toEqual([
      ["Poetry", 1.5, 4],
      ["Drama", 0, 4],
    ]);
    expect(all.user.id).not.toBe(half.user.id);
  });

  it("waits, like the ranks, until a scheduled test's window has closed", async () => {
    // one attempt each: the score shows at once, the ranks (and this comparison) wait for the close
    db()
      .update(tests)
      .set({ closesAt: new Date(Date.now() + 3_600_000), maxAttempts: 1 })
      .where(eq(tests.id, testId))
      .run();
    const s = await sits([0, 1, 0, 0]);
    const page = payload<Page>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, s.cookie), { testId }));
    expect((page as unknown as { state: string }).state).toBe("found");
    expect(page.comparison).toBeNull();
  });
});
