// The exam's JSON endpoints answered by the server before a framework request is built
// (examApiFastPath): the same replies as their routes, the same rows stored, and anyone who is not a
// signed-in student posting a form is handed on to the route (null).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attemptAnswers, attempts } from "~/db/schema.server";
import { examApiFastPath, examFormFastPath, isExamFormPath } from "~/models/exam-api.server";
import { createTest } from "~/models/test.server";
import * as answersApi from "~/routes/api+/attempts.$attemptId.answers";
import * as finishApi from "~/routes/api+/attempts.$attemptId.finish";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { attemptsAt, FORM_ENCODED, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, TWO_QUESTIONS } from "../helpers";

let testId: string;
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Fast Path Paper", examType: "NET", duration: 30 }, TWO_QUESTIONS).id;
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

const body = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());

/** The same post through the fast path and through the route: status and JSON (the clock left out). */
async function both(kind: "answers" | "finish", attemptId: string, cookie: string, fields: Record<string, string> = {}) {
  const path = `/api/attempts/${attemptId}/${kind}`;
  const fast = await examApiFastPath(path, cookie, FORM_ENCODED, body(fields));
  const route = (await run((kind === "answers" ? answersApi : finishApi).action, postRequest(path, fields, { cookie }), { attemptId })) as Response;
  const { serverNow: _a, ...fastJson } = (fast?.json ?? {}) as Record<string, unknown>;
  const { serverNow: _b, ...routeJson } = (await route.json()) as Record<string, unknown>;
  return { fast: { status: fast?.status, json: fastJson }, route: { status: route.status, json: routeJson } };
}

describe("the exam's JSON endpoints without the framework", () => {
  it("stores an answer like the route does and answers the same", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    const reply = await examApiFastPath(`/api/attempts/${attemptId}/answers`, s.cookie, FORM_ENCODED, body({ questionId: "q2", chosen: "1" }));
    expect(reply?.status).toBe(200);
    expect(reply?.json).toMatchObject({ ok: true, serverNow: expect.any(Number), deadlineAt: expect.any(Number) });
    expect(reply?.noStore).toBe(true);
    expect(answered(attemptId)).toEqual([["q2", 1]]);

    const same = await both("answers", attemptId, s.cookie, { questionId: "q1", chosen: "3", marked: "true" });
    expect(same.fast).toEqual(same.route);
    expect(same.fast.status).toBe(200);
  });

  it("gives the route's errors: an option out of range, an unknown question, a malformed field, someone else's attempt", async () => {
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
      const { fast, route } = await both("answers", attemptId, cookie, fields);
      expect(fast, name).toEqual(route);
      expect(fast.status, name).toBe(status);
      expect(fast.json.error, name).toBe(error);
    }
  });

  it("a Finish that reaches the route keeps the page's time per question, as the server's own path does", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    db()
      .update(attempts)
      .set({ startedAt: new Date(Date.now() - 120_000) })
      .where(eq(attempts.id, attemptId))
      .run();
    const res = (await run(
      finishApi.action,
      postRequest(`/api/attempts/${attemptId}/finish`, { times: JSON.stringify({ q1: 20, q2: 9 }) }, { cookie: s.cookie }),
      { attemptId },
    )) as Response;
    expect(res.status).toBe(200);
    const seconds = Object.fromEntries(
      db()
        .select()
        .from(attemptAnswers)
        .where(eq(attemptAnswers.attemptId, attemptId))
        .all()
        .map((r) => [r.questionId, r.seconds]),
    );
    expect(seconds).toMatchObject({ q1: 20, q2: 9 });
  });

  it("finishes like the route does, idempotently, and refuses answers afterwards with 409", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    const finished = await examApiFastPath(`/api/attempts/${attemptId}/finish`, s.cookie, FORM_ENCODED, body({}));
    expect(finished).toEqual({
      status: 200,
      json: { ok: true, status: "submitted", resultsUrl: `/test/${testId}/results?attempt=${attemptId}` },
      noStore: true,
    });
    expect(db().select().from(attempts).where(eq(attempts.id, attemptId)).get()?.status).toBe("submitted");
    const again = await both("finish", attemptId, s.cookie);
    expect(again.fast).toEqual(again.route);
    const late = await both("answers", attemptId, s.cookie, { questionId: "q1", chosen: "0" });
    expect(late.fast).toEqual(late.route);
    expect(late.fast.status).toBe(409);
    expect(late.fast.json.closed).toBe(true);
    const unknown = await both("finish", "no-such-attempt", s.cookie);
    expect(unknown.fast).toEqual(unknown.route);
    expect(unknown.fast.status).toBe(404);
  });

  it("asked by the exam page, Finish answers with the results page's data, the same as the results loader gives", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    await examApiFastPath(`/api/attempts/${attemptId}/answers`, s.cookie, FORM_ENCODED, body({ questionId: "q1", chosen: "0" }));
    await examApiFastPath(`/api/attempts/${attemptId}/answers`, s.cookie, FORM_ENCODED, body({ questionId: "q2", chosen: "2" }));
    const finished = await examApiFastPath(`/api/attempts/${attemptId}/finish`, s.cookie, FORM_ENCODED, body({ respond: "results" }));
    const results = finished?.json.results as { state: string; attempt: { score: number; total: number }; review: Array<{ outcome: string }> };
    expect(results.state).toBe("found");
    expect(results.attempt).toMatchObject({ score: 1, total: 2 });
    expect(results.review.map((r) => r.outcome)).toEqual(["correct", "wrong"]);
    // exactly what the results page's own loader gives, and unchanged by the trip through JSON
    const loaded = payload(await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attemptId}`, s.cookie), { testId }));
    expect(results).toEqual(loaded);
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
    // the route gives the same; without the field, no results
    const again = await both("finish", attemptId, s.cookie, { respond: "results" });
    expect(again.fast).toEqual(again.route);
    expect((await examApiFastPath(`/api/attempts/${attemptId}/finish`, s.cookie, FORM_ENCODED, body({})))?.json.results).toBeUndefined();
  });

  it("hands everyone but a signed-in student posting a form on to the route", async () => {
    const s = await makeStudent();
    const attemptId = await startedAttempt(s.cookie, s.user.id);
    const admin = await signIn(OWNER.email, OWNER.password);
    const path = `/api/attempts/${attemptId}/answers`;
    const fields = body({ questionId: "q1", chosen: "0" });
    expect(await examApiFastPath(path, undefined, FORM_ENCODED, fields), "signed out").toBeNull();
    expect(await examApiFastPath(path, "__session=forged.value", FORM_ENCODED, fields), "a forged cookie").toBeNull();
    expect(await examApiFastPath(path, admin, FORM_ENCODED, fields), "an admin").toBeNull();
    expect(await examApiFastPath(path, s.cookie, "multipart/form-data; boundary=x", fields), "another encoding").toBeNull();
    expect(await examApiFastPath(`/api/attempts/%E0%A4%A/answers`, s.cookie, FORM_ENCODED, fields), "a broken escape").toBeNull();
    expect(await examApiFastPath(`/api/attempts/${attemptId}/other`, s.cookie, FORM_ENCODED, fields), "another path").toBeNull();
    // nothing was stored by any of them
    expect(answered(attemptId)).toEqual([]);
  });
});

describe("the exam page's form posts without the framework (a page without JavaScript)", () => {
  const attemptOf = (userId: string) => attemptsAt(testId, userId);

  it("starts, saves and finishes as the route does, answering with the route's redirects", async () => {
    const s = await makeStudent();
    const path = `/test/${testId}`;
    expect(await examFormFastPath(path, s.cookie, FORM_ENCODED, body({ intent: "start" }))).toEqual({ redirect: `${path}?q=1` });
    const [attempt] = attemptOf(s.user.id);
    expect(attempt.status).toBe("in_progress");
    // Start again resumes the same attempt
    expect(await examFormFastPath(path, s.cookie, FORM_ENCODED, body({ intent: "start" }))).toEqual({ redirect: path });
    expect(attemptOf(s.user.id)).toHaveLength(1);
    // Save & Next, and a navigator number (a button named goto)
    expect(await examFormFastPath(path, s.cookie, FORM_ENCODED, body({ intent: "save", questionId: "q1", q: "1", chosen: "1", nav: "next" }))).toEqual({
      redirect: `${path}?q=2`,
    });
    expect(await examFormFastPath(path, s.cookie, FORM_ENCODED, body({ intent: "save", questionId: "q2", q: "2", goto: "1" }))).toEqual({
      redirect: `${path}?q=1`,
    });
    expect(answered(attempt.id)).toEqual([["q1", 1]]);
    // the route, given the same post, gives the same redirect
    const viaRoute = (await run(examRoute.action, postRequest(path, { intent: "save", questionId: "q1", q: "1", nav: "next" }, { cookie: s.cookie }), {
      testId,
    })) as Response;
    expect(viaRoute.headers.get("Location")).toBe(`${path}?q=2`);
    // Finish leads to the results, and the attempt is closed
    expect(await examFormFastPath(path, s.cookie, FORM_ENCODED, body({ intent: "finish" }))).toEqual({
      redirect: `${path}/results?attempt=${encodeURIComponent(attempt.id)}`,
    });
    expect(attemptOf(s.user.id)[0].status).toBe("submitted");
  });

  it("passes a refusal to the route, which shows it without acting again", async () => {
    const s = await makeStudent();
    const path = `/test/${testId}`;
    await examFormFastPath(path, s.cookie, FORM_ENCODED, body({ intent: "start" }));
    const [attempt] = attemptOf(s.user.id);
    const refused = await examFormFastPath(path, s.cookie, FORM_ENCODED, body({ intent: "save", questionId: "q1", q: "1", chosen: "9" }));
    expect(refused).toMatchObject({ error: expect.any(String), status: 400 });
    // the route is given the refusal in its context (server/start.js) and answers it as its own (the arguments are
    // cast through unknown: that context is the server's own, typed differently by each framework version)
    const shown = (await examRoute.action({
      request: postRequest(path, { intent: "save", questionId: "q1", q: "1", chosen: "0" }, { cookie: s.cookie }),
      params: { testId },
      context: { examFormResult: refused ?? undefined },
    } as unknown as Parameters<typeof examRoute.action>[0])) as unknown as { data: { error: string }; init: { status: number } };
    expect(shown.data.error).toBe(refused && "error" in refused ? refused.error : "");
    expect(shown.init.status).toBe(400);
    // the post in the route's own request (chosen 0) was not acted on: nothing was saved
    expect(answered(attempt.id)).toEqual([]);
  });

  it("hands everyone but a signed-in student posting the exam form on to the route", async () => {
    const s = await makeStudent();
    const admin = await signIn(OWNER.email, OWNER.password);
    const path = `/test/${testId}`;
    const start = body({ intent: "start" });
    expect(await examFormFastPath(path, undefined, FORM_ENCODED, start), "signed out").toBeNull();
    expect(await examFormFastPath(path, "__session=forged.value", FORM_ENCODED, start), "a forged cookie").toBeNull();
    expect(await examFormFastPath(path, admin, FORM_ENCODED, start), "an admin").toBeNull();
    expect(await examFormFastPath(path, s.cookie, "multipart/form-data; boundary=x", start), "another encoding").toBeNull();
    expect(await examFormFastPath(`/test/%E0%A4%A`, s.cookie, FORM_ENCODED, start), "a broken escape").toBeNull();
    expect(await examFormFastPath(`${path}.data`, s.cookie, FORM_ENCODED, start), "the page's data").toBeNull();
    expect(await examFormFastPath(`${path}/results`, s.cookie, FORM_ENCODED, start), "the results").toBeNull();
    expect([path, `${path}.data`, `${path}/results`, "/test/"].map(isExamFormPath)).toEqual([true, false, false, false]);
    // none of them started anything
    expect(attemptOf(s.user.id)).toEqual([]);
  });
});

describe("Finish sent by the countdown at zero", () => {
  it("is stored as time up through the fast path and the route; a time up sent long before the deadline is a plain submit", async () => {
    for (const through of ["fast", "route"] as const) {
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
      const reply =
        through === "fast"
          ? (await examApiFastPath(path, cookie, FORM_ENCODED, body(fields)))?.json
          : await ((await run(finishApi.action, postRequest(path, fields, { cookie }), { attemptId })) as Response).json();
      expect(reply).toMatchObject({ ok: true, status: "expired" });
      expect(db().select().from(attempts).where(eq(attempts.id, attemptId)).get()?.status).toBe("expired");
    }
    const { user, cookie } = await makeStudent();
    const early = await startedAttempt(cookie, user.id);
    const reply = await examApiFastPath(`/api/attempts/${early}/finish`, cookie, FORM_ENCODED, body({ reason: "time-up" }));
    expect(reply?.json).toMatchObject({ ok: true, status: "submitted" });
  });
});
