// When answers are released: a live mock with a window keeps its key and explanations back until the window
// closes, with no action by anyone; "Score only" never shows them; admins always see everything. Before
// release the student's results (the page, its filters, Finish's answer) carry the score and the counts only.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts, tests } from "~/db/schema.server";
import { cloneTest } from "~/models/admin-tests.server";
import { GRACE_MS } from "~/lib/rules/exam-rules";
import { createTest } from "~/models/test.server";
import { lastWriterEndsAt, lastWriterQuery } from "~/models/attempt.server";
import { rawDb } from "~/db/db.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as editRoute from "~/routes/admin+/_tests+/tests.$testId.edit";
import { examApi, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

const HOUR = 3_600_000;
let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

/** A live mock of one attempt (a test of several attempts holds the score back too: see the last describe). */
function liveMock(title: string, closesAt: number | null, answerRelease: string | null = null, maxAttempts: number | null = 1) {
  const t = createTest({ title, examType: "NET", answerRelease }, TWO_QUESTIONS);
  db()
    .update(tests)
    .set({ opensAt: new Date(Date.now() - HOUR), closesAt: closesAt === null ? null : new Date(closesAt), maxAttempts })
    .where(eq(tests.id, t.id))
    .run();
  return t;
}

/** A student writes the test: Milton (right), 1802 (wrong), then Finish through the JSON endpoint. */
async function sitTest(cookie: string, userId: string, testId: string) {
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId });
  const attempt = db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId)))
    .get()!;
  const post = (path: string, fields: Record<string, string>) => examApi(path, cookie, fields);
  await post(`/api/attempts/${attempt.id}/answers`, { questionId: "q1", chosen: "0" });
  await post(`/api/attempts/${attempt.id}/answers`, { questionId: "q2", chosen: "2" });
  // as the hydrated exam page asks it: Finish answers with the results page's data
  const finish = await post(`/api/attempts/${attempt.id}/finish`, { respond: "results" });
  return { attemptId: attempt.id, finish };
}

const resultsOf = async (cookie: string, testId: string, query = "") =>
  run(resultsRoute.loader, getRequest(`/test/${testId}/results${query}`, cookie), { testId });

/** Anything of the key in a JSON answer: an explanation, a "correctAnswer", a question's right or wrong. */
function keyIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return ["Book I opens in Hell.", "With Coleridge.", "correctAnswer", '"outcome"', "explanation"].filter((needle) => text.includes(needle));
}

describe("answers released after the window closes (the default for a test with a window)", () => {
  it("shows the score, time and counts before the close, the date the answers come, and nothing of the key", async () => {
    const closesAt = Date.now() + 2 * HOUR;
    const t = liveMock("Sunday live mock", closesAt);
    const s = await makeStudent({ examTypes: ["NET"] });
    const { finish } = await sitTest(s.cookie, s.user.id, t.id);
    // Finish's answer carries the results the page shows: score and counts, no key
    expect(finish?.status).toBe(200);
    expect(JSON.stringify(finish?.json)).toContain('"score":1');
    expect(keyIn(finish?.json)).toEqual([]);

    const page = payload<any>(await resultsOf(s.cookie, t.id));
    expect(page.attempt).toMatchObject({ score: 1, total: 2, percent: 50 });
    expect(page.breakdown).toMatchObject({ correct: 1, incorrect: 1, unanswered: 0 });
    // the latest the answers can come: the close, plus one whole attempt begun at its last moment, plus the grace
    expect(page.answers).toEqual({ shown: false, releaseAt: closesAt + t.duration * 60_000 + GRACE_MS, held: false });
    expect(page.review).toEqual([]);
    expect(keyIn(page)).toEqual([]);
    // a filter asks for the wrong ones: still nothing
    const wrong = payload<any>(await resultsOf(s.cookie, t.id, "?filter=wrong"));
    expect(wrong.filter).toBe("all");
    expect(keyIn(wrong)).toEqual([]);
  });

  it("shows everything once the window has closed, with no action by anyone", async () => {
    const t = liveMock("Closing mock", Date.now() + HOUR);
    const s = await makeStudent({ examTypes: ["NET"] });
    await sitTest(s.cookie, s.user.id, t.id);
    expect(payload<any>(await resultsOf(s.cookie, t.id)).answers.shown).toBe(false);
    db()
      .update(tests)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(tests.id, t.id))
      .run();
    const page = payload<any>(await resultsOf(s.cookie, t.id));
    expect(page.answers).toEqual({ shown: true });
    expect(page.review.map((r: any) => [r.outcome, r.explanation])).toEqual([
      ["correct", "Book I opens in Hell."],
      ["wrong", "With Coleridge."],
    ]);
    expect(payload<any>(await resultsOf(s.cookie, t.id, "?filter=wrong")).review).toHaveLength(1);
  });

  it("lets an admin see every answer of a student's attempt before the release", async () => {
    const t = liveMock("Admin sees all", Date.now() + HOUR);
    const s = await makeStudent({ examTypes: ["NET"] });
    const { attemptId } = await sitTest(s.cookie, s.user.id, t.id);
    const page = payload<any>(await resultsOf(admin, t.id, `?attempt=${attemptId}`));
    expect(page.answers).toEqual({ shown: true });
    expect(page.review).toHaveLength(2);
  });
});

describe("the other choices", () => {
  it("'Score only' never shows the key, even after the window closed", async () => {
    const t = liveMock("Score only mock", Date.now() - 1000, "score_only");
    const s = await makeStudent({ examTypes: ["NET"] });
    db().update(tests).set({ closesAt: null }).where(eq(tests.id, t.id)).run();
    const { finish } = await sitTest(s.cookie, s.user.id, t.id);
    expect(JSON.stringify(finish?.json)).toContain('"score":1');
    expect(keyIn(finish?.json)).toEqual([]);
    const page = payload<any>(await resultsOf(s.cookie, t.id));
    expect(page.answers).toEqual({ shown: false, releaseAt: null, held: false });
    expect(keyIn(page)).toEqual([]);
  });

  it("'Right after each attempt' on a test with a window shows the key at once (today's behaviour)", async () => {
    const t = liveMock("Practice with a window", Date.now() + HOUR, "after_attempt");
    const s = await makeStudent({ examTypes: ["NET"] });
    await sitTest(s.cookie, s.user.id, t.id);
    expect(payload<any>(await resultsOf(s.cookie, t.id)).review).toHaveLength(2);
  });

  it("a test without a window behaves as before: the review right after the attempt", async () => {
    const t = createTest({ title: "Plain practice", examType: "NET" }, TWO_QUESTIONS);
    const s = await makeStudent({ examTypes: ["NET"] });
    await sitTest(s.cookie, s.user.id, t.id);
    const page = payload<any>(await resultsOf(s.cookie, t.id));
    expect(page.answers).toEqual({ shown: true });
    expect(page.review).toHaveLength(2);
  });
});

describe("setting it", () => {
  const edit = (testId: string, fields: Record<string, string>) =>
    run(
      editRoute.action,
      postRequest(`/admin/tests/${testId}/edit`, { title: "Edited", examType: "NET", duration: "30", isActive: "on", ...fields }, { cookie: admin }),
      { testId },
    );

  it("the Edit Test dialog stores the choice, clears it back to the default, and refuses anything else beside the field", async () => {
    const t = createTest({ title: "To set", examType: "NET" }, TWO_QUESTIONS);
    expect(statusOf(await edit(t.id, { answerRelease: "score_only" }))).toBe(302);
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()?.answerRelease).toBe("score_only");
    expect(payload<any>(await run(editRoute.loader, getRequest(`/admin/tests/${t.id}/edit`, admin), { testId: t.id })).test.answerRelease).toBe("score_only");
    expect(statusOf(await edit(t.id, { answerRelease: "" }))).toBe(302);
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()?.answerRelease).toBeNull();
    const refused = await edit(t.id, { answerRelease: "whenever" });
    expect(statusOf(refused)).toBe(400);
    expect(payload<any>(refused).result.error.answerRelease).toEqual(["Choose when students see the answers"]);
  });

  it("Clone keeps the choice", () => {
    const t = createTest({ title: "Cloned mock", examType: "NET", answerRelease: "after_window" }, TWO_QUESTIONS);
    expect(cloneTest(t.id, null)?.answerRelease).toBe("after_window");
  });
});

describe("the last writer's end, on a day of many writers", () => {
  it("is the latest deadline of those still writing plus the grace, read from an index alone", () => {
    const t = liveMock("Many writers", Date.now() + HOUR);
    const now = Date.now();
    // 300 students writing (rows of their own: the bench-sized day, without 300 password hashes)
    const student = rawDb().prepare("INSERT INTO users (id, name, email, join_date, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)");
    const attempt = rawDb().prepare(
      "INSERT INTO attempts (id, test_id, user_id, started_at, deadline_at, total_questions, status) VALUES (?, ?, ?, ?, ?, 2, ?)",
    );
    const sit = (n: string, startedAt: number, deadlineAt: number, status: string) => {
      student.run(`${n}-${t.id}`, n, `${n}-${t.id}@example.test`, now, now, now);
      attempt.run(`${n}-${t.id}`, t.id, `${n}-${t.id}`, startedAt, deadlineAt, status);
    };
    rawDb().transaction(() => {
      for (let i = 0; i < 300; i++) sit(`writer-${i}`, now, now + HOUR + i * 1000, "in_progress");
      // finished, and past its deadline: neither counts
      sit("writer-done", now, now + 5 * HOUR, "submitted");
      sit("writer-gone", now - 3 * HOUR, now - 2 * HOUR, "in_progress");
    })();
    expect(lastWriterEndsAt(t.id, new Date(now))).toBe(now + HOUR + 299 * 1000 + GRACE_MS);
    const { sql, params } = lastWriterQuery(t.id, new Date(now)).toSQL();
    const plan = (
      rawDb()
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params) as { detail: string }[]
    )
      .map((r) => r.detail)
      .join("; ");
    expect(plan).toContain("COVERING INDEX attempts_test_deadline_idx");
  });
});
