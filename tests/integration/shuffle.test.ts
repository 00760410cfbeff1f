// Shuffling per test: each attempt sees its own stable order of questions and options, answers keep
// the original identities, so a shuffled attempt scores the same as an unshuffled one with the same
// choices, and the review shows the student's order.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts, tests } from "~/db/schema.server";
import { createTest } from "~/models/test.server";
import * as answersApi from "~/routes/api+/attempts.$attemptId.answers";
import * as finishApi from "~/routes/api+/attempts.$attemptId.finish";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { getRequest, makeStudent, payload, postRequest, run, seedBase } from "../helpers";

const QUESTIONS = Array.from({ length: 8 }, (_, i) => ({
  question: `Question ${i + 1}`,
  options: [`right ${i + 1}`, `wrong ${i + 1}a`, `wrong ${i + 1}b`, `wrong ${i + 1}c`],
  correctAnswer: 0,
  explanation: "",
}));

let shuffled: string;
let plain: string;

beforeAll(async () => {
  await seedBase();
  shuffled = createTest({ title: "Shuffled Paper", examType: "NET", duration: 30, shuffleQuestions: true, shuffleOptions: true }, QUESTIONS).id;
  plain = createTest({ title: "Plain Paper", examType: "NET", duration: 30 }, QUESTIONS).id;
});

type ExamData = { state: string; attempt: { id: string }; questions: { id: string; question: string; options: string[]; optionIndex: number[] | null }[] };

async function examPage(cookie: string, testId: string, q = 1) {
  return payload<ExamData>(await run(examRoute.loader, getRequest(`/test/${testId}?q=${q}`, cookie), { testId }));
}

async function start(cookie: string, testId: string) {
  const res = (await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId })) as Response;
  expect(res.status).toBe(302);
  return examPage(cookie, testId);
}

async function answer(cookie: string, attemptId: string, questionId: string, chosen: number) {
  const res = (await run(answersApi.action, postRequest(`/api/attempts/${attemptId}/answers`, { questionId, chosen: String(chosen) }, { cookie }), {
    attemptId,
  })) as Response;
  expect(res.status).toBe(200);
}

describe("shuffled tests", () => {
  it("each attempt has its own order of questions and options, the same on every load", async () => {
    const a = await makeStudent();
    const pageA = await start(a.cookie, shuffled);
    const ids = pageA.questions.map((q) => q.id);
    expect([...ids].sort()).toEqual(QUESTIONS.map((_q, i) => `q${i + 1}`).sort());
    // every question's options are its own, in an order given by optionIndex
    for (const q of pageA.questions) {
      const n = Number(q.id.slice(1));
      expect(q.optionIndex).not.toBeNull();
      expect(q.options).toEqual(q.optionIndex?.map((i) => QUESTIONS[n - 1].options[i]));
    }
    // reload, another question, resume: the same order
    expect((await examPage(a.cookie, shuffled, 3)).questions).toEqual(pageA.questions);
    // another student gets another order (8! orders: the same one by chance is very unlikely, and a second student settles it)
    const b = await makeStudent();
    const c = await makeStudent();
    const orders = new Set([
      ids.join(),
      (await start(b.cookie, shuffled)).questions.map((q) => q.id).join(),
      (await start(c.cookie, shuffled)).questions.map((q) => q.id).join(),
    ]);
    expect(orders.size).toBeGreaterThan(1);
    // the attempt stored its mode and seed
    const row = db()
      .select()
      .from(attempts)
      .where(and(eq(attempts.id, pageA.attempt.id)))
      .get();
    expect(row?.shuffleMode).toBe(3);
    expect(row?.shuffleSeed).toBeGreaterThan(0);
    // the first question the student saw is the one marked visited, and where Resume opens
    expect(row?.lastQuestion).toBe(1);
  });

  it("a shuffled attempt scores the same as an unshuffled one with the same choices, and the review shows the student's order", async () => {
    const s = await makeStudent();
    const p = await makeStudent();
    const sp = await start(s.cookie, shuffled);
    const pp = await start(p.cookie, plain);
    // the same choices by identity: right on q1..q5, a wrong option (original index 2) on q6..q8
    const choice = (id: string) => (Number(id.slice(1)) <= 5 ? 0 : 2);
    for (const q of sp.questions) await answer(s.cookie, sp.attempt.id, q.id, choice(q.id));
    for (const q of pp.questions) await answer(p.cookie, pp.attempt.id, q.id, choice(q.id));
    for (const [cookie, attemptId] of [
      [s.cookie, sp.attempt.id],
      [p.cookie, pp.attempt.id],
    ]) {
      const res = (await run(finishApi.action, postRequest(`/api/attempts/${attemptId}/finish`, {}, { cookie }), { attemptId })) as Response;
      expect(res.status).toBe(200);
    }
    const score = (id: string) => db().select().from(attempts).where(eq(attempts.id, id)).get()?.score;
    expect(score(sp.attempt.id)).toBe(5);
    expect(score(pp.attempt.id)).toBe(5);

    type Review = { review: { id: string; options: string[]; optionOrder: number[] | null; correctAnswer: number; chosen: number | null; outcome: string }[] };
    const review = payload<Review>(
      await run(resultsRoute.loader, getRequest(`/test/${shuffled}/results?attempt=${sp.attempt.id}`, s.cookie), { testId: shuffled }),
    );
    expect(review.review.map((r) => r.id)).toEqual(sp.questions.map((q) => q.id));
    for (const r of review.review) {
      const seen = sp.questions.find((q) => q.id === r.id);
      expect(r.optionOrder).toEqual(seen?.optionIndex);
      expect(r.correctAnswer).toBe(0);
      expect(r.outcome).toBe(choice(r.id) === 0 ? "correct" : "wrong");
    }
  });

  it("without JavaScript, Save & Next moves through the attempt's order", async () => {
    const s = await makeStudent();
    const page = await start(s.cookie, shuffled);
    const first = page.questions[0];
    const second = page.questions[1];
    const res = (await run(
      examRoute.action,
      postRequest(
        `/test/${shuffled}`,
        { intent: "save", questionId: first.id, q: "1", nav: "next", chosen: String(first.optionIndex?.[1] ?? 1) },
        { cookie: s.cookie },
      ),
      { testId: shuffled },
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/test/${shuffled}?q=2`);
    const row = db().select().from(attempts).where(eq(attempts.id, page.attempt.id)).get();
    // the visit recorded is the student's second question, and Resume opens it
    expect(row?.lastQuestion).toBe(2);
    expect((await examPage(s.cookie, shuffled, 2)).questions[1].id).toBe(second.id);
  });

  it("a test's shuffle is off by default and its settings change only attempts started after", async () => {
    expect(db().select().from(tests).where(eq(tests.id, plain)).get()).toMatchObject({ shuffleQuestions: false, shuffleOptions: false });
    const s = await makeStudent();
    const page = await start(s.cookie, plain);
    expect(page.questions.map((q) => q.id)).toEqual(QUESTIONS.map((_q, i) => `q${i + 1}`));
    expect(page.questions.every((q) => q.optionIndex === null)).toBe(true);
  });
});
