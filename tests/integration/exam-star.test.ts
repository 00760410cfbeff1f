// In the exam: the Bookmark (star) on each question, saved like an answer through the JSON endpoint and through
// the form without JavaScript; and each question's marks beside it when the test has a pattern (+2 / −0.5).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rawDb } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import { createTest } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import { attemptsAt, examApi, getRequest, makeStudent, payload, postRequest, run, seedBase, TWO_QUESTIONS } from "../helpers";

let testId = "";
let patterned = "";
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Star Paper", examType: "NET" }, TWO_QUESTIONS).id;
  patterned = createTest({ title: "Patterned Paper", examType: "NET" }, TWO_QUESTIONS).id;
  db().update(tests).set({ marksPerCorrect: 2, negativeMarks: 0.5 }).where(eq(tests.id, patterned)).run();
});

type Running = {
  state: string;
  questions: Array<{ id: string; marks?: number }>;
  negativeMarks: number;
  answers: Record<string, { chosen: number | null; starred?: boolean }>;
};
const stars = (userId: string, id = testId) =>
  (rawDb().prepare("SELECT question_id AS q FROM bookmarks WHERE user_id = ? AND test_id = ? ORDER BY 1").all(userId, id) as Array<{ q: string }>).map(
    (r) => r.q,
  );
const examPage = async (cookie: string, id = testId) => payload<Running>(await run(examRoute.loader, getRequest(`/test/${id}`, cookie), { testId: id }));
async function start(cookie: string, id = testId) {
  await run(examRoute.action, postRequest(`/test/${id}`, { intent: "start" }, { cookie }), { testId: id });
}

describe("the Bookmark during the exam", () => {
  it("is saved and taken back through the answer endpoint, and shows on the page's next load", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attemptId = attemptsAt(testId, s.user.id)[0].id;
    const q2 = (await examPage(s.cookie)).questions[1].id;
    expect((await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: q2, starred: "true", at: String(Date.now()) })).status).toBe(200);
    expect(stars(s.user.id)).toEqual([q2]);
    const page = await examPage(s.cookie);
    expect(page.answers[q2]).toMatchObject({ starred: true, chosen: null });
    // a star alone is not an answer
    expect(rawDb().prepare("SELECT COUNT(*) AS n FROM attempt_answers WHERE attempt_id = ? AND chosen_index IS NOT NULL").get(attemptId)).toEqual({ n: 0 });
    await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: q2, starred: "false", at: String(Date.now()) });
    expect(stars(s.user.id)).toEqual([]);
  });

  it("without JavaScript the Bookmark button turns the star over, keeps the option chosen on the page, and stays on the question", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const q1 = (await examPage(s.cookie)).questions[0].id;
    const post = (fields: Record<string, string>) => run(examRoute.action, postRequest(`/test/${testId}`, fields, { cookie: s.cookie }), { testId });
    const on = (await post({ intent: "save", questionId: q1, q: "1", nav: "star", chosen: "2" })) as Response;
    expect(on.headers.get("Location")).toBe(`/test/${testId}?q=1`);
    expect(stars(s.user.id)).toEqual([q1]);
    expect((await examPage(s.cookie)).answers[q1]).toMatchObject({ chosen: 2, starred: true });
    await post({ intent: "save", questionId: q1, q: "1", nav: "star" });
    expect(stars(s.user.id)).toEqual([]);
  });

  it("a question of another test or version cannot be starred through an attempt", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attemptId = attemptsAt(testId, s.user.id)[0].id;
    expect((await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: "q999", starred: "true" })).status).toBe(400);
    expect(stars(s.user.id)).toEqual([]);
  });
});

describe("a question's marks beside it", () => {
  it("a test with a pattern gives every question its marks and the marks off for a wrong answer", async () => {
    const s = await makeStudent();
    await start(s.cookie, patterned);
    const page = await examPage(s.cookie, patterned);
    expect(page.questions.map((q) => q.marks)).toEqual([2, 2]);
    expect(page.negativeMarks).toBe(0.5);
  });

  it("a test marked +1 / 0 shows none", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const page = await examPage(s.cookie);
    expect(page.questions.map((q) => q.marks)).toEqual([undefined, undefined]);
    expect(page.negativeMarks).toBe(0);
  });
});
