// The live exam room: counts and a row per student writing (from one aggregate), more time for one student or
// everyone writing (the deadline moves, the reason is kept, the sweep and the save honour it, a time-up sent
// by a page that did not know keeps the attempt running), and Submit now.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attemptExtensions, attempts } from "~/db/schema.server";
import { saveAnswer, sweepExpiredAttempts } from "~/models/attempt.server";
import { createTest } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as liveRoute from "~/routes/admin+/_tests+/tests_.$testId.live";
import { examApi, flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

const MINUTE = 60_000;
let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

async function startWriting(testId: string, name: string) {
  const s = await makeStudent({ examTypes: ["NET"], name });
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId });
  const attempt = db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, s.user.id), eq(attempts.testId, testId)))
    .get()!;
  return { ...s, attemptId: attempt.id };
}

const roomOf = async (testId: string) => payload<any>(await run(liveRoute.loader, getRequest(`/admin/tests/${testId}/live`, admin), { testId }));
const post = (testId: string, fields: Record<string, string>) =>
  run(liveRoute.action, postRequest(`/admin/tests/${testId}/live`, fields, { cookie: admin }), { testId }) as Promise<Response>;
const deadlineOf = (attemptId: string) => +db().select().from(attempts).where(eq(attempts.id, attemptId)).get()!.deadlineAt;

describe("the live exam room", () => {
  it("counts who has not started, is writing, finished and ran out of time, and lists each student writing", async () => {
    const t = createTest({ title: "Live room counts", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const idle = await makeStudent({ examTypes: ["NET"], name: "Idle Ira" });
    const a = await startWriting(t.id, "Writing Anu");
    const b = await startWriting(t.id, "Stalled Bala");
    const c = await startWriting(t.id, "Finished Chitra");
    const d = await startWriting(t.id, "Late Dev");
    saveAnswer(a.attemptId, a.user.id, { questionId: "q1", chosen: 0 });
    await examApi(`/api/attempts/${c.attemptId}/finish`, c.cookie);
    // Bala started 6 minutes ago and saved nothing; Dev's time ran out a minute ago (not yet swept)
    db()
      .update(attempts)
      .set({ startedAt: new Date(Date.now() - 6 * MINUTE) })
      .where(eq(attempts.id, b.attemptId))
      .run();
    db()
      .update(attempts)
      .set({ deadlineAt: new Date(Date.now() - MINUTE) })
      .where(eq(attempts.id, d.attemptId))
      .run();
    const room = await roomOf(t.id);
    expect(room.counts).toMatchObject({ writing: 2, finished: 1, timeUp: 1 });
    // every NET student of this database who has no attempt of the test (Ira among them)
    expect(room.counts.notStarted).toBeGreaterThanOrEqual(1);
    expect(idle.user.name).toBe("Idle Ira");
    // the stalled student first, flagged; the other with one answer saved just now
    expect(room.rows.map((r: any) => [r.name, r.answered, r.total, r.stalled])).toEqual([
      ["Stalled Bala", 0, 2, true],
      ["Writing Anu", 1, 2, false],
    ]);
  });

  it("gives one student more time: the deadline moves, the reason is kept, saves and the sweep honour it", async () => {
    const t = createTest({ title: "One more time", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const s = await startWriting(t.id, "Extended Esha");
    const other = await startWriting(t.id, "Other Om");
    const before = deadlineOf(s.attemptId);
    const otherBefore = deadlineOf(other.attemptId);
    const res = await post(t.id, { minutes: "20", reason: "Power cut at the centre", attemptId: s.attemptId });
    expect(res.status).toBe(302);
    expect(flashOf(res)?.text).toBe("20 minutes more given to 1 student");
    expect(deadlineOf(s.attemptId)).toBe(before + 20 * MINUTE);
    expect(deadlineOf(other.attemptId)).toBe(otherBefore);
    expect(db().select().from(attemptExtensions).where(eq(attemptExtensions.attemptId, s.attemptId)).all()).toEqual([
      expect.objectContaining({ minutes: 20, reason: "Power cut at the centre", givenBy: expect.any(String) }),
    ]);
    // the original deadline has passed: the sweep leaves the extended attempt running, a save is stored
    const afterOriginal = new Date(before + 5 * MINUTE);
    sweepExpiredAttempts(afterOriginal);
    expect(db().select().from(attempts).where(eq(attempts.id, s.attemptId)).get()?.status).toBe("in_progress");
    expect(db().select().from(attempts).where(eq(attempts.id, other.attemptId)).get()?.status).toBe("expired");
    expect(saveAnswer(s.attemptId, s.user.id, { questionId: "q1", chosen: 0 }, afterOriginal)).toMatchObject({ ok: true });
    expect((await roomOf(t.id)).rows[0]).toMatchObject({ name: "Extended Esha", extendedMinutes: 20 });
  });

  it("gives everyone writing more time at once, and refuses a bad form beside its fields", async () => {
    const t = createTest({ title: "Everyone more time", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const a = await startWriting(t.id, "All One");
    const b = await startWriting(t.id, "All Two");
    const [da, db_] = [deadlineOf(a.attemptId), deadlineOf(b.attemptId)];
    const res = await post(t.id, { minutes: "10", reason: "Server was slow" });
    expect(flashOf(res)?.text).toBe("10 minutes more given to 2 students");
    expect([deadlineOf(a.attemptId) - da, deadlineOf(b.attemptId) - db_]).toEqual([10 * MINUTE, 10 * MINUTE]);
    const refused = await post(t.id, { minutes: "0", reason: "" });
    expect(statusOf(refused)).toBe(400);
    expect(payload<any>(refused).result.error).toMatchObject({ minutes: ["Give from 1 to 180 minutes"], reason: ["Say why (it is kept with the attempt)"] });
  });

  it("a time-up sent by a page that counted down to the old deadline keeps the attempt running and says until when", async () => {
    const t = createTest({ title: "Time up after more time", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const s = await startWriting(t.id, "Countdown Kavi");
    const believed = deadlineOf(s.attemptId);
    await post(t.id, { minutes: "15", reason: "Late start", attemptId: s.attemptId });
    const fields = new URLSearchParams({ respond: "results", reason: "time-up", deadline: String(believed) });
    const reply = await examApi(`/api/attempts/${s.attemptId}/finish`, s.cookie, Object.fromEntries(fields));
    expect(reply?.json).toMatchObject({ ok: true, extended: true, deadlineAt: believed + 15 * MINUTE });
    expect(db().select().from(attempts).where(eq(attempts.id, s.attemptId)).get()?.status).toBe("in_progress");
    // the student's own Finish still finishes
    const finish = await examApi(`/api/attempts/${s.attemptId}/finish`, s.cookie, { respond: "results" });
    expect(finish?.json).toMatchObject({ ok: true, status: "submitted" });
  });

  it("Submit now closes a running attempt from its saved answers", async () => {
    const t = createTest({ title: "Submit now", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const s = await startWriting(t.id, "Submitted Sita");
    saveAnswer(s.attemptId, s.user.id, { questionId: "q1", chosen: 0 });
    const res = await post(t.id, { intent: "submit", attemptId: s.attemptId });
    expect(flashOf(res)?.text).toBe("Attempt submitted");
    expect(db().select().from(attempts).where(eq(attempts.id, s.attemptId)).get()).toMatchObject({ status: "submitted", score: 1 });
    expect(flashOf(await post(t.id, { intent: "submit", attemptId: s.attemptId }))?.text).toBe("That attempt is no longer running");
  });

  it("touches nothing of another test: its attempt ids are refused by this test's room", async () => {
    const here = createTest({ title: "This room", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const elsewhere = createTest({ title: "Another room", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const s = await startWriting(elsewhere.id, "Elsewhere Eli");
    const before = deadlineOf(s.attemptId);
    const extended = await post(here.id, { minutes: "30", reason: "<script>alert(1)</script>", attemptId: s.attemptId });
    expect(statusOf(extended)).toBe(400);
    expect(payload<any>(extended).result.error[""]).toEqual(["Nobody is writing this test now"]);
    expect(flashOf(await post(here.id, { intent: "submit", attemptId: s.attemptId }))?.text).toBe("That attempt is no longer running");
    expect(db().select().from(attempts).where(eq(attempts.id, s.attemptId)).get()).toMatchObject({ status: "in_progress", deadlineAt: new Date(before) });
    expect(db().select().from(attemptExtensions).where(eq(attemptExtensions.attemptId, s.attemptId)).all()).toEqual([]);
  });

  it("answers 404 for a test that does not exist, and sends a student away", async () => {
    const missing = await run(liveRoute.loader, getRequest("/admin/tests/none/live", admin), { testId: "none" }).catch((e) => e);
    expect(statusOf(missing)).toBe(404);
    const s = await makeStudent({ examTypes: ["NET"] });
    const t = createTest({ title: "Not for students", examType: "NET" }, TWO_QUESTIONS);
    const res = (await run(liveRoute.loader, getRequest(`/admin/tests/${t.id}/live`, s.cookie), { testId: t.id }).catch((e) => e)) as Response;
    expect(res.status).toBe(302);
  });
});
