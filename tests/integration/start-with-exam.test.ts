// Start from a hydrated start card answers with the exam itself (one request on exam morning, not
// Start and then the exam's data); without JavaScript (no `respond` field) Start still redirects.
import { beforeAll, describe, expect, it } from "vitest";
import { createTest } from "~/models/test.server";
import * as examRoute from "~/routes/test.$testId";
import { isDataWithInit, makeStudent, payload, postRequest, run, seedBase } from "../helpers";

const QUESTIONS = [
  { question: "Who wrote Paradise Lost?", options: ["Milton", "Spenser", "Donne", "Marvell"], correctAnswer: 0, explanation: "Book I opens in Hell." },
  { question: "Lyrical Ballads appeared in", options: ["1789", "1798", "1802"], correctAnswer: 1, explanation: "With Coleridge." },
];

let testId: string;
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Start Answer Paper", examType: "NET", duration: 30 }, QUESTIONS).id;
});

type Started = { started: { href: string; page: { state: string; current: number; questions: Array<Record<string, unknown>>; attempt: { id: string } } } };

describe("Start answered with the exam", () => {
  it("gives the running exam at Question 1 and the address to show it at, without the answer key", async () => {
    const s = await makeStudent();
    const res = await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start", respond: "exam" }, { cookie: s.cookie }), { testId });
    expect(isDataWithInit(res)).toBe(true);
    const { started } = payload<Started>(res);
    expect(started.href).toBe(`/test/${testId}?q=1`);
    expect(started.page.state).toBe("in-progress");
    expect(started.page.current).toBe(1);
    expect(started.page.questions.map((q) => q.question)).toEqual(QUESTIONS.map((q) => q.question));
    const text = JSON.stringify(started);
    expect(text).not.toContain("correctAnswer");
    expect(text).not.toContain("Book I opens in Hell");
  });

  it("resumes a running attempt the same way (its last question), and redirects without the field", async () => {
    const s = await makeStudent();
    const first = payload<Started>(
      await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start", respond: "exam" }, { cookie: s.cookie }), { testId }),
    );
    const again = payload<Started>(
      await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start", respond: "exam" }, { cookie: s.cookie }), { testId }),
    );
    expect(again.started.page.attempt.id).toBe(first.started.page.attempt.id);
    expect(again.started.href).toBe(`/test/${testId}`);
    const plain = (await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId })) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe(`/test/${testId}`);
  });

  it("answers a refused start as before (the error on the card)", async () => {
    const s = await makeStudent({ examTypes: ["TET"] });
    const res = await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start", respond: "exam" }, { cookie: s.cookie }), { testId });
    expect(payload<{ error: string }>(res).error).toBe("Test not found");
  });
});
