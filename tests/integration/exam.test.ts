import { and, eq } from "drizzle-orm";
import { questionsOf } from "~/models/test.server";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attemptAnswers, attempts, tests } from "~/db/schema.server";
import { GRACE_MS } from "~/lib/rules/exam-rules";
import { createTest } from "~/models/test.server";
import { sweepExpiredAttempts } from "~/models/attempt.server";
import * as answersApi from "~/routes/api+/attempts.$attemptId.answers";
import * as finishApi from "~/routes/api+/attempts.$attemptId.finish";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { getRequest, makeStudent, payload, postRequest, run, seedBase, statusOf } from "../helpers";

const QUESTIONS = [
  { question: 'Who wrote **"Paradise Lost"**?', options: ["Milton", "Spenser", "Donne", "Marvell"], correctAnswer: 0, explanation: "SECRET-EXPLANATION-1" },
  { question: "Lyrical Ballads appeared in", options: ["1789", "1798", "1802"], correctAnswer: 1, explanation: "SECRET-EXPLANATION-2" },
  { question: "Who wrote Gitanjali?", options: ["Tagore", "Naidu"], correctAnswer: 0, explanation: "SECRET-EXPLANATION-3" },
];

let testId: string;
let limitedId: string;

beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Integration Test", examType: "NET", duration: 30 }, QUESTIONS).id;
  limitedId = createTest({ title: "One Shot", examType: "NET", duration: 10, maxAttempts: 1 }, QUESTIONS).id;
});

function openAttempts(userId: string, test: string) {
  return db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, test)))
    .all();
}

async function start(cookie: string, test = testId) {
  return run(examRoute.action, postRequest(`/test/${test}`, { intent: "start" }, { cookie }), { testId: test });
}

async function save(cookie: string, attemptId: string, fields: Record<string, string>) {
  const res = (await run(answersApi.action, postRequest(`/api/attempts/${attemptId}/answers`, fields, { cookie }), { attemptId })) as Response;
  return { status: res.status, body: (await res.json()) as { ok: boolean; closed?: boolean; error?: string } };
}

describe("start", () => {
  it("creates one attempt with a deadline, and starting again resumes it", async () => {
    const s = await makeStudent();
    const first = (await start(s.cookie)) as Response;
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/test/${testId}?q=1`);
    const [second, third] = await Promise.all([start(s.cookie), start(s.cookie)]);
    expect((second as Response).status).toBe(302);
    expect((third as Response).status).toBe(302);
    const rows = openAttempts(s.user.id, testId);
    expect(rows).toHaveLength(1);
    expect(+rows[0].deadlineAt - +rows[0].startedAt).toBe(30 * 60_000);
    expect(rows[0].status).toBe("in_progress");
  });

  it("refuses a test outside the student's exam types with Test not found", async () => {
    const s = await makeStudent({ examTypes: ["TET"] });
    const res = await start(s.cookie);
    expect(statusOf(res)).toBe(404);
    expect(payload(res)).toEqual({ error: "Test not found" });
    expect(openAttempts(s.user.id, testId)).toHaveLength(0);
    const page = await run(examRoute.loader, getRequest(`/test/${testId}`, s.cookie), { testId });
    expect(payload(page)).toEqual({ state: "not-found" });
  });

  it("enforces maxAttempts on the server, not only by hiding the button", async () => {
    const s = await makeStudent();
    await start(s.cookie, limitedId);
    await run(examRoute.action, postRequest(`/test/${limitedId}`, { intent: "finish" }, { cookie: s.cookie }), { testId: limitedId });
    const again = await start(s.cookie, limitedId);
    expect(statusOf(again)).toBe(403);
    expect(payload(again)).toEqual({ error: "You have used all your attempts for this test." });
    expect(openAttempts(s.user.id, limitedId)).toHaveLength(1);
  });
});

describe("the exam page", () => {
  it("sends the questions without the answer key or explanations", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const page = payload<Record<string, unknown>>(await run(examRoute.loader, getRequest(`/test/${testId}?q=2`, s.cookie), { testId }));
    expect(page.state).toBe("in-progress");
    const json = JSON.stringify(page);
    expect(json).not.toContain("correctAnswer");
    expect(json).not.toContain("SECRET-EXPLANATION");
    expect(json).not.toContain("explanation");
    expect((page.questions as unknown[]).length).toBe(3);
    expect(page.current).toBe(2);
  });

  it("a GET writes nothing: the question moved to is marked visited by the save that moves there", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    const rowsOf = () => db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)).all();
    type Page = { questions: { id: string }[]; answers: Record<string, { chosen: number | null; marked: boolean }> };
    const before = rowsOf().map((r) => r.questionId);

    const first = payload<Page>(await run(examRoute.loader, getRequest(`/test/${testId}?q=3`, s.cookie), { testId }));
    const third = first.questions[2].id;
    expect(first.answers[third]).toBeUndefined();
    expect(rowsOf().map((r) => r.questionId)).toEqual(before);

    // no-JS: a navigator number on question 2 saves its option and opens question 3, marked visited
    const moved = await run(
      examRoute.action,
      postRequest(`/test/${testId}`, { intent: "save", questionId: first.questions[1].id, q: "2", chosen: "0", goto: "3" }, { cookie: s.cookie }),
      { testId },
    );
    expect((moved as Response).headers.get("Location")).toBe(`/test/${testId}?q=3`);
    const again = payload<Page>(await run(examRoute.loader, getRequest(`/test/${testId}?q=3`, s.cookie), { testId }));
    expect(again.answers[third]).toMatchObject({ chosen: null, marked: false });
    expect(again.answers[first.questions[1].id]).toMatchObject({ chosen: 0, marked: false });
  });
});

describe("answers", () => {
  it("stores an answer the moment it is saved and shows it after a reload", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    expect((await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0" })).body.ok).toBe(true);
    expect((await save(s.cookie, attempt.id, { questionId: "q2", marked: "true" })).body.ok).toBe(true);
    const page = payload<{ answers: Record<string, { chosen: number | null; marked: boolean }> }>(
      await run(examRoute.loader, getRequest(`/test/${testId}`, s.cookie), { testId }),
    );
    expect(page.answers.q1).toMatchObject({ chosen: 0, marked: false });
    expect(page.answers.q2).toMatchObject({ chosen: null, marked: true });
  });

  it("refuses an option index out of range and a question of another test", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    expect((await save(s.cookie, attempt.id, { questionId: "q3", chosen: "2" })).status).toBe(400);
    expect((await save(s.cookie, attempt.id, { questionId: "q99", chosen: "0" })).status).toBe(400);
  });

  it("a student cannot answer in another student's attempt", async () => {
    const a = await makeStudent();
    const b = await makeStudent();
    await start(a.cookie);
    const attempt = openAttempts(a.user.id, testId)[0];
    const res = await save(b.cookie, attempt.id, { questionId: "q1", chosen: "1" });
    expect(res.status).toBe(400);
    // (the row of question 1's visit, written at Start, stays as it was)
    expect(
      db()
        .select()
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, attempt.id))
        .all()
        .filter((r) => r.chosenIndex !== null),
    ).toHaveLength(0);
  });

  it("refuses answers after the deadline plus grace and closes the attempt with the answers saved before", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0" });
    await save(s.cookie, attempt.id, { questionId: "q2", chosen: "0" });
    // move the attempt into the past: it ended 10 minutes ago
    const started = new Date(Date.now() - 40 * 60_000);
    db()
      .update(attempts)
      .set({ startedAt: started, deadlineAt: new Date(+started + 30 * 60_000) })
      .where(eq(attempts.id, attempt.id))
      .run();
    const late = await save(s.cookie, attempt.id, { questionId: "q3", chosen: "0" });
    expect(late.status).toBe(409);
    expect(late.body.closed).toBe(true);
    const closed = openAttempts(s.user.id, testId)[0];
    expect(closed.status).toBe("expired");
    expect(closed.score).toBe(1);
    expect(closed.timeSpent).toBe(30 * 60);
    expect(db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)).all()).toHaveLength(2);
  });

  it("accepts a save within the grace period after the deadline", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    const deadline = new Date(Date.now() - GRACE_MS / 2);
    db().update(attempts).set({ deadlineAt: deadline }).where(eq(attempts.id, attempt.id)).run();
    expect((await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0" })).body.ok).toBe(true);
  });

  it("an attempt left past its deadline shows its results on the next page load, and the sweep closes it with that score", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0" });
    db()
      .update(attempts)
      .set({ deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(attempts.id, attempt.id))
      .run();
    const res = (await run(examRoute.loader, getRequest(`/test/${testId}`, s.cookie), { testId })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/test/${testId}/results?attempt=${attempt.id}`);
    const shown = payload<Record<string, any>>(
      await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attempt.id}`, s.cookie), { testId }),
    );
    expect(shown.attempt).toMatchObject({ status: "expired", score: 1 });
    // pages only read: the row is closed by the sweep (or the next write), with the score shown
    expect(openAttempts(s.user.id, testId)[0]).toMatchObject({ status: "in_progress", score: null });
    sweepExpiredAttempts();
    expect(openAttempts(s.user.id, testId)[0]).toMatchObject({ status: "expired", score: 1 });
  });

  it("a test hidden by the academy mid-exam stays open to the student inside it until they finish", async () => {
    const hiddenId = createTest({ title: "Hidden Midway", examType: "NET", duration: 30 }, QUESTIONS).id;
    const s = await makeStudent();
    const other = await makeStudent();
    await start(s.cookie, hiddenId);
    const attempt = openAttempts(s.user.id, hiddenId)[0];
    db().update(tests).set({ isActive: false }).where(eq(tests.id, hiddenId)).run();

    const page = payload<{ state: string; current: number }>(await run(examRoute.loader, getRequest(`/test/${hiddenId}?q=2`, s.cookie), { testId: hiddenId }));
    expect(page).toMatchObject({ state: "in-progress", current: 2 });
    expect((await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0" })).body.ok).toBe(true);
    // nobody else can start it
    expect(payload<{ state: string }>(await run(examRoute.loader, getRequest(`/test/${hiddenId}`, other.cookie), { testId: hiddenId })).state).toBe(
      "not-found",
    );
    expect(statusOf(await start(other.cookie, hiddenId))).toBe(404);

    const finished = (await run(examRoute.action, postRequest(`/test/${hiddenId}`, { intent: "finish" }, { cookie: s.cookie }), {
      testId: hiddenId,
    })) as Response;
    expect(finished.headers.get("Location")).toBe(`/test/${hiddenId}/results?attempt=${attempt.id}`);
    expect(openAttempts(s.user.id, hiddenId)[0]).toMatchObject({ status: "submitted", score: 1 });
    // finished: the hidden test is gone for them too
    expect(payload<{ state: string }>(await run(examRoute.loader, getRequest(`/test/${hiddenId}`, s.cookie), { testId: hiddenId })).state).toBe("not-found");
  });
});

describe("finish", () => {
  it("scores on the server and a second finish changes nothing", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0" });
    await save(s.cookie, attempt.id, { questionId: "q2", chosen: "1" });
    await save(s.cookie, attempt.id, { questionId: "q3", chosen: "1" });
    const first = (await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish", score: "3", timeSpent: "1" }, { cookie: s.cookie }), {
      testId,
    })) as Response;
    expect(first.headers.get("Location")).toBe(`/test/${testId}/results?attempt=${attempt.id}`);
    const done = openAttempts(s.user.id, testId)[0];
    expect(done).toMatchObject({ status: "submitted", score: 2, totalQuestions: 3 });
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie: s.cookie }), { testId });
    const again = openAttempts(s.user.id, testId);
    expect(again).toHaveLength(1);
    expect(again[0].completedAt).toEqual(done.completedAt);
    expect(again[0].score).toBe(2);
  });

  it("the no-JS Save & Next form saves the choice and moves on", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const res = (await run(
      examRoute.action,
      postRequest(`/test/${testId}`, { intent: "save", questionId: "q1", chosen: "0", q: "1", nav: "mark-next" }, { cookie: s.cookie }),
      { testId },
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/test/${testId}?q=2`);
    const attempt = openAttempts(s.user.id, testId)[0];
    const row = db()
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, "q1")))
      .get();
    expect(row).toMatchObject({ chosenIndex: 0, markedForReview: true });
  });
});

describe("results", () => {
  it("shows the student's own attempt with the key; another student gets not found; an admin sees it", async () => {
    const a = await makeStudent();
    const b = await makeStudent();
    await start(a.cookie);
    const attempt = openAttempts(a.user.id, testId)[0];
    await save(a.cookie, attempt.id, { questionId: "q1", chosen: "0" });
    await save(a.cookie, attempt.id, { questionId: "q2", chosen: "2" });
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie: a.cookie }), { testId });

    const own = payload<Record<string, any>>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attempt.id}`, a.cookie), { testId }));
    expect(own.state).toBe("found");
    expect(own.attempt).toMatchObject({ score: 1, total: 3, percent: 33 });
    expect(own.breakdown).toMatchObject({ correct: 1, incorrect: 1, unanswered: 1, accuracy: 50 });
    expect(own.review[1]).toMatchObject({ chosen: 2, correctAnswer: 1, outcome: "wrong", explanation: "SECRET-EXPLANATION-2" });

    const latest = payload<Record<string, any>>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, a.cookie), { testId }));
    expect(latest.attempt.id).toBe(attempt.id);

    const other = await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attempt.id}`, b.cookie), { testId });
    expect(statusOf(other)).toBe(404);
    expect(payload(other)).toEqual({ state: "not-found" });

    const { signIn, OWNER } = await import("../helpers");
    const admin = await signIn(OWNER.email, OWNER.password);
    const asAdmin = payload<Record<string, any>>(
      await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attempt.id}`, admin), { testId }),
    );
    expect(asAdmin.state).toBe("found");
    expect(asAdmin.isAdmin).toBe(true);
  });

  it("filters the review to wrong answers", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    await save(s.cookie, attempt.id, { questionId: "q1", chosen: "1" });
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie: s.cookie }), { testId });
    const page = payload<Record<string, any>>(
      await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attempt.id}&filter=wrong`, s.cookie), { testId }),
    );
    expect(page.review.map((r: { id: string }) => r.id)).toEqual(["q1"]);
    expect(page.counts).toMatchObject({ all: 3, correct: 0, wrong: 1, unanswered: 2 });
  });

  it("filters the review to correct answers", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    const key = questionsOf(testId, 1);
    await save(s.cookie, attempt.id, { questionId: "q2", chosen: String(key[1].correctAnswer) });
    await save(s.cookie, attempt.id, { questionId: "q3", chosen: String((key[2].correctAnswer + 1) % key[2].options.length) });
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie: s.cookie }), { testId });
    const page = payload<Record<string, any>>(
      await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attempt.id}&filter=correct`, s.cookie), { testId }),
    );
    expect(page.review.map((r: { id: string }) => r.id)).toEqual(["q2"]);
    expect(page.counts).toMatchObject({ all: 3, correct: 1, wrong: 1, unanswered: 1 });
  });
});

describe("answers made offline and sent late", () => {
  it("an older change sent late is acknowledged but never overwrites a newer one", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    // the attempt began a minute ago, so the "older" change below is still made during the attempt (a change
    // dated before the start counts as made at the start, which the same millisecond as Start would tie with)
    db()
      .update(attempts)
      .set({ startedAt: new Date(Date.now() - 60_000) })
      .where(eq(attempts.id, attempt.id))
      .run();
    const now = Date.now();
    expect((await save(s.cookie, attempt.id, { questionId: "q1", chosen: "1", at: String(now) })).body.ok).toBe(true);
    // the other tab's earlier choice arrives afterwards
    expect((await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0", at: String(now - 5_000) })).body.ok).toBe(true);
    const row = db()
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, "q1")))
      .get();
    expect(row?.chosenIndex).toBe(1);
    // a later one wins
    await save(s.cookie, attempt.id, { questionId: "q1", chosen: "0", at: String(Date.now()) });
    expect(
      db()
        .select()
        .from(attemptAnswers)
        .where(and(eq(attemptAnswers.attemptId, attempt.id), eq(attemptAnswers.questionId, "q1")))
        .get()?.chosenIndex,
    ).toBe(0);
  });

  it("Finish through the JSON endpoint is idempotent and says where the result is", async () => {
    const s = await makeStudent();
    await start(s.cookie);
    const attempt = openAttempts(s.user.id, testId)[0];
    const finish = async () => {
      const res = (await run(finishApi.action, postRequest(`/api/attempts/${attempt.id}/finish`, {}, { cookie: s.cookie }), {
        attemptId: attempt.id,
      })) as Response;
      return { status: res.status, body: await res.json() };
    };
    const first = await finish();
    expect(first).toEqual({ status: 200, body: { ok: true, status: "submitted", resultsUrl: `/test/${testId}/results?attempt=${attempt.id}` } });
    expect(await finish()).toEqual(first);
    const other = await makeStudent();
    const res = (await run(finishApi.action, postRequest(`/api/attempts/${attempt.id}/finish`, {}, { cookie: other.cookie }), {
      attemptId: attempt.id,
    })) as Response;
    expect(res.status).toBe(404);
  });
});
