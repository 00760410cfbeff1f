// The exam's JSON endpoints and its form posts, through their routes' own actions (the only path there is:
// server/start.js hands every request to the framework): the rows stored, the replies, and who is refused.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attemptAnswers, attempts } from "~/db/schema.server";
import { createTest } from "~/models/test.server";
import * as finishApi from "~/routes/api+/attempts.$attemptId.finish";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { attemptsAt, examApi, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, TWO_QUESTIONS, updateAttempt } from "../helpers";

let testId: string;
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Exam Endpoints Paper", examType: "NET", duration: 30 }, TWO_QUESTIONS).id;
});

async function startedAttempt(cookie: string, userId: string): Promise<string> {
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId });
  return db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId)))
    .get()!.id;
}

/** [question, option] of every answered question of an attempt (Start's visit of q1 left out) */
const answered = (attemptId: string) =>
  db()
    .select()
    .from(attemptAnswers)
    .where(eq(attemptAnswers.attemptId, attemptId))
    .all()
    .filter((r) => r.chosenIndex !== null)
    .map((r) => [r.questionId, r.chosenIndex]);

const secondsOf = (attemptId: string) =>
  Object.fromEntries(
    db()
      .select()
      .from(attemptAnswers)
      .where(eq(attemptAnswers.attemptId, attemptId))
      .all()
      .map((r) => [r.questionId, r.seconds]),
  );

const startedMinutesAgo = (attemptId: string) => updateAttempt(attemptId, { startedAt: new Date(Date.now() - 120_000) });

describe("the exam's JSON endpoints", () => {
  it("stores an answer and answers with the server clock, not kept by any cache", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    const reply = await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: "q2", chosen: "1" });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ ok: true, serverNow: expect.any(Number), deadlineAt: expect.any(Number) });
    expect(reply.noStore).toBe(true);
    expect(answered(attemptId)).toEqual([["q2", 1]]);
  });

  it("refuses an option out of range, an unknown question, a malformed field, someone else's attempt", async () => {
    const s = await makeStudent();
    const other = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    const cases: Array<[string, string, Record<string, string>, number, string]> = [
      ["option out of range", s.cookie, { questionId: "q2", chosen: "3" }, 400, "Invalid option"],
      ["unknown question", s.cookie, { questionId: "q9", chosen: "0" }, 400, "Question not found"],
      ["malformed question id", s.cookie, { questionId: "x'; drop", chosen: "0" }, 400, "Invalid question"],
      ["someone else's attempt", other.cookie, { questionId: "q1", chosen: "0" }, 400, "Attempt not found"],
    ];
    for (const [name, cookie, fields, status, error] of cases) {
      const reply = await examApi(`/api/attempts/${attemptId}/answers`, cookie, fields);
      expect(reply.status, name).toBe(status);
      expect(reply.json?.error, name).toBe(error);
    }
    expect(answered(attemptId)).toEqual([]);
  });

  it("finishes idempotently, and refuses answers afterwards with 409", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    const finished = await examApi(`/api/attempts/${attemptId}/finish`, s.cookie);
    expect(finished).toMatchObject({
      status: 200,
      json: { ok: true, status: "submitted", resultsUrl: `/test/${testId}/results?attempt=${attemptId}` },
      noStore: true,
    });
    expect(db().select().from(attempts).where(eq(attempts.id, attemptId)).get()?.status).toBe("submitted");
    expect((await examApi(`/api/attempts/${attemptId}/finish`, s.cookie)).json).toEqual(finished.json);
    const late = await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: "q1", chosen: "0" });
    expect(late.status).toBe(409);
    expect(late.json?.closed).toBe(true);
    expect((await examApi("/api/attempts/no-such-attempt/finish", s.cookie)).status).toBe(404);
  });

  it("asked by the exam page, Finish answers with the results page's data, the same as the results loader gives", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: "q1", chosen: "0" });
    await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: "q2", chosen: "2" });
    const finished = await examApi(`/api/attempts/${attemptId}/finish`, s.cookie, { respond: "results" });
    const results = finished.json?.results as { state: string; attempt: { score: number; total: number }; review: Array<{ outcome: string }> };
    expect(results.state).toBe("found");
    expect(results.attempt).toMatchObject({ score: 1, total: 2 });
    expect(results.review.map((r) => r.outcome)).toEqual(["correct", "wrong"]);
    const loaded = payload(await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attemptId}`, s.cookie), { testId }));
    expect(results).toEqual(JSON.parse(JSON.stringify(loaded)));
    // without the field, no results
    expect((await examApi(`/api/attempts/${attemptId}/finish`, s.cookie)).json?.results).toBeUndefined();
  });

  it("redirects everyone but a signed-in student to sign in, and stores nothing", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    const admin = await signIn(OWNER.email, OWNER.password);
    const path = `/api/attempts/${attemptId}/answers`;
    const fields = { questionId: "q1", chosen: "0" };
    for (const [name, cookie] of [
      ["signed out", undefined],
      ["a forged cookie", "__session=forged.value"],
      ["an admin", admin],
    ] as const) {
      const reply = await examApi(path, cookie, fields);
      expect(reply.status, name).toBe(302);
    }
    expect(answered(attemptId)).toEqual([]);
  });
});

describe("Finish keeps the page's time per question, however the browser sends it", () => {
  it("the JSON Finish of a hydrated page, form-encoded", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    startedMinutesAgo(attemptId);
    expect((await examApi(`/api/attempts/${attemptId}/finish`, s.cookie, { times: JSON.stringify({ q1: 20, q2: 9 }) })).status).toBe(200);
    expect(secondsOf(attemptId)).toMatchObject({ q1: 20, q2: 9 });
  });

  it("the JSON Finish sent as multipart form data", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    startedMinutesAgo(attemptId);
    const form = new FormData();
    form.set("times", JSON.stringify({ q1: 7, q2: 30 }));
    const request = new Request(`http://localhost/api/attempts/${attemptId}/finish`, { method: "POST", body: form, headers: { Cookie: s.cookie } });
    expect(((await run(finishApi.action, request, { attemptId })) as Response).status).toBe(200);
    expect(secondsOf(attemptId)).toMatchObject({ q1: 7, q2: 30 });
  });

  it("the exam form's Submit posted to the page (a hydrated page's form, or its data request)", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    startedMinutesAgo(attemptId);
    const res = (await run(
      examRoute.action,
      postRequest(`/test/${testId}`, { intent: "finish", times: JSON.stringify({ q1: 12, q2: 40 }) }, { cookie: s.cookie }),
      { testId },
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/test/${testId}/results?attempt=${encodeURIComponent(attemptId)}`);
    expect(secondsOf(attemptId)).toMatchObject({ q1: 12, q2: 40 });
  });

  it("a page without JavaScript: the time on each question counted as the student moves, up to Submit", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    startedMinutesAgo(attemptId);
    const path = `/test/${testId}`;
    const shownAt = String(Date.now() - 25_000);
    await run(examRoute.action, postRequest(path, { intent: "save", questionId: "q1", q: "1", nav: "finish", shownAt }, { cookie: s.cookie }), { testId });
    await run(examRoute.action, postRequest(path, { intent: "finish" }, { cookie: s.cookie }), { testId });
    expect(db().select().from(attempts).where(eq(attempts.id, attemptId)).get()?.status).toBe("submitted");
    expect(Number(secondsOf(attemptId).q1)).toBeGreaterThanOrEqual(24);
  });
});

describe("the exam page's form posts without JavaScript", () => {
  const attemptOf = (userId: string) => attemptsAt(testId, userId);
  const post = async (cookie: string | undefined, fields: Record<string, string>) =>
    (await run(examRoute.action, postRequest(`/test/${testId}`, fields, { cookie }), { testId }).catch((e) => e)) as Response;

  it("starts, saves and finishes, answering with redirects", async () => {
    const s = await makeStudent();
    const path = `/test/${testId}`;
    expect((await post(s.cookie, { intent: "start" })).headers.get("Location")).toBe(`${path}?q=1`);
    const [attempt] = attemptOf(s.user.id);
    expect(attempt.status).toBe("in_progress");
    // Start again resumes the same attempt
    expect((await post(s.cookie, { intent: "start" })).headers.get("Location")).toBe(path);
    expect(attemptOf(s.user.id)).toHaveLength(1);
    // Save & Next, and a navigator number (a button named goto)
    expect((await post(s.cookie, { intent: "save", questionId: "q1", q: "1", chosen: "1", nav: "next" })).headers.get("Location")).toBe(`${path}?q=2`);
    expect((await post(s.cookie, { intent: "save", questionId: "q2", q: "2", goto: "1" })).headers.get("Location")).toBe(`${path}?q=1`);
    expect(answered(attempt.id)).toEqual([["q1", 1]]);
    // Finish leads to the results, and the attempt is closed
    expect((await post(s.cookie, { intent: "finish" })).headers.get("Location")).toBe(`${path}/results?attempt=${encodeURIComponent(attempt.id)}`);
    expect(attemptOf(s.user.id)[0].status).toBe("submitted");
  });

  it("shows a refusal on the page and stores nothing", async () => {
    const s = await makeStudent();
    await post(s.cookie, { intent: "start" });
    const [attempt] = attemptOf(s.user.id);
    const refused = (await run(
      examRoute.action,
      postRequest(`/test/${testId}`, { intent: "save", questionId: "q1", q: "1", chosen: "9" }, { cookie: s.cookie }),
      { testId },
    )) as unknown as { data: { error: string }; init: { status: number } };
    expect(refused.data.error).toEqual(expect.any(String));
    expect(refused.init.status).toBe(400);
    expect(answered(attempt.id)).toEqual([]);
  });

  it("sends everyone but a signed-in student to sign in, and starts nothing", async () => {
    const s = await makeStudent();
    const admin = await signIn(OWNER.email, OWNER.password);
    for (const [name, cookie] of [
      ["signed out", undefined],
      ["a forged cookie", "__session=forged.value"],
      ["an admin", admin],
    ] as const) {
      expect((await post(cookie, { intent: "start" })).status, name).toBe(302);
    }
    expect(attemptOf(s.user.id)).toEqual([]);
  });
});

describe("Finish sent by the countdown at zero", () => {
  it("is stored as time up; a time up sent long before the deadline is a plain submit", async () => {
    {
      const { user, cookie } = await makeStudent();
      const attemptId = await startedAttempt(cookie, user.id);
      // the deadline is now: the page's countdown reached zero
      db()
        .update(attempts)
        .set({ deadlineAt: new Date(Date.now() - 200) })
        .where(eq(attempts.id, attemptId))
        .run();
      const fields = { respond: "results", reason: "time-up" };
      const path = `/api/attempts/${attemptId}/finish`;
      const reply = (await examApi(path, cookie, fields)).json;
      expect(reply).toMatchObject({ ok: true, status: "expired" });
      expect(db().select().from(attempts).where(eq(attempts.id, attemptId)).get()?.status).toBe("expired");
    }
    const { user, cookie } = await makeStudent();
    const early = await startedAttempt(cookie, user.id);
    const reply = await examApi(`/api/attempts/${early}/finish`, cookie, { reason: "time-up" });
    expect(reply.json).toMatchObject({ ok: true, status: "submitted" });
  });
});
