// A student's accommodations: more time (minutes or a share of the duration) and more attempts, for one test
// or every test; the start card says so, Start's deadline and the attempt limit (start card and dashboard)
// use them, a test's own wins; set and removed on the student's page; carried by the JSON backup.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { accommodations, attempts, tests } from "~/db/schema.server";
import { backupJsonChunks } from "~/models/backup.server";
import { saveAccommodation } from "~/models/accommodations.server";
import { createTest } from "~/models/test.server";
import * as dashboard from "~/routes/_student+/dashboard";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as userPage from "~/routes/admin+/_users+/users_.$userId";
import { flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

const MINUTE = 60_000;
let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const start = (cookie: string, testId: string) => run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId });
const startCard = async (cookie: string, testId: string) => payload<any>(await run(examRoute.loader, getRequest(`/test/${testId}`, cookie), { testId }));
const attemptOf = (userId: string, testId: string) =>
  db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId), eq(attempts.status, "in_progress")))
    .get()!;
const finish = (cookie: string, testId: string) => run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie }), { testId });

describe("more time", () => {
  it("adds its minutes to Start's deadline, and the start card tells the student", async () => {
    const t = createTest({ title: "Extra minutes", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const s = await makeStudent({ examTypes: ["NET"] });
    saveAccommodation(s.user.id, { testId: t.id, extraMinutes: 15, extraPercent: 0, extraAttempts: 0, note: "Scribe" });
    expect((await startCard(s.cookie, t.id)).accommodationNote).toBe("Your accommodation: 15 min extra time (45 min in all).");
    const before = Date.now();
    expect(statusOf(await start(s.cookie, t.id))).toBe(302);
    const a = attemptOf(s.user.id, t.id);
    expect(+a.deadlineAt - +a.startedAt).toBe(45 * MINUTE);
    expect(+a.startedAt).toBeGreaterThanOrEqual(before - 1000);
  });

  it("a share of the duration, for every test; a test's own accommodation wins over it", async () => {
    const t = createTest({ title: "Extra percent", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const own = createTest({ title: "Its own", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const s = await makeStudent({ examTypes: ["NET"] });
    saveAccommodation(s.user.id, { testId: null, extraMinutes: 0, extraPercent: 50, extraAttempts: 0, note: "" });
    saveAccommodation(s.user.id, { testId: own.id, extraMinutes: 5, extraPercent: 0, extraAttempts: 0, note: "" });
    await start(s.cookie, t.id);
    await start(s.cookie, own.id);
    const a = attemptOf(s.user.id, t.id);
    const b = attemptOf(s.user.id, own.id);
    expect(+a.deadlineAt - +a.startedAt).toBe(45 * MINUTE);
    expect(+b.deadlineAt - +b.startedAt).toBe(35 * MINUTE);
  });

  it("a student without one has the test's own time and no note", async () => {
    const t = createTest({ title: "No accommodation", examType: "NET", duration: 30 }, TWO_QUESTIONS);
    const s = await makeStudent({ examTypes: ["NET"] });
    expect((await startCard(s.cookie, t.id)).accommodationNote).toBeNull();
    await start(s.cookie, t.id);
    const a = attemptOf(s.user.id, t.id);
    expect(+a.deadlineAt - +a.startedAt).toBe(30 * MINUTE);
  });
});

describe("more attempts", () => {
  it("raise the test's limit on the start card, at Start and on the dashboard", async () => {
    const t = createTest({ title: "One attempt only", examType: "NET", duration: 30, maxAttempts: 1 }, TWO_QUESTIONS);
    const s = await makeStudent({ examTypes: ["NET"] });
    await start(s.cookie, t.id);
    await finish(s.cookie, t.id);
    expect(statusOf(await start(s.cookie, t.id))).toBe(403);
    saveAccommodation(s.user.id, { testId: t.id, extraMinutes: 0, extraPercent: 0, extraAttempts: 1, note: "Illness" });
    expect((await startCard(s.cookie, t.id)).allowance).toMatchObject({ allowed: true, remaining: 1 });
    const cards = payload<any>(await run(dashboard.loader, getRequest("/dashboard?type=NET&unit=general", s.cookie))).tests;
    expect(cards.find((c: any) => c.title === "One attempt only")).toMatchObject({ allowed: true, remaining: 1 });
    expect(statusOf(await start(s.cookie, t.id))).toBe(302);
    await finish(s.cookie, t.id);
    expect(statusOf(await start(s.cookie, t.id))).toBe(403);
  });
});

describe("on the student's page", () => {
  const post = (userId: string, fields: Record<string, string>) =>
    run(userPage.action, postRequest(`/admin/users/${userId}`, fields, { cookie: admin }), { userId }) as Promise<Response>;

  it("saves one (replacing the one there was for the same test), refuses bad input beside its field, and removes it", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const t = createTest({ title: "Accommodated test", examType: "NET" }, TWO_QUESTIONS);
    expect(flashOf(await post(s.user.id, { intent: "accommodation-save", testId: t.id, extraMinutes: "10", note: "Scribe" }))?.text).toBe(
      "Accommodation saved",
    );
    expect(flashOf(await post(s.user.id, { intent: "accommodation-save", testId: t.id, extraPercent: "25" }))?.text).toBe("Accommodation saved");
    const rows = db().select().from(accommodations).where(eq(accommodations.userId, s.user.id)).all();
    expect(rows).toEqual([expect.objectContaining({ testId: t.id, extraMinutes: 0, extraPercent: 25 })]);
    const page = payload<any>(await run(userPage.loader, getRequest(`/admin/users/${s.user.id}`, admin), { userId: s.user.id }));
    expect(page.accommodations).toEqual([expect.objectContaining({ testTitle: "Accommodated test", extraPercent: 25 })]);
    expect(page.accommodationTests.map((c: any) => c.label)).toContain("Accommodated test");

    const both = await post(s.user.id, { intent: "accommodation-save", extraMinutes: "5", extraPercent: "10" });
    expect(statusOf(both)).toBe(400);
    expect(payload<any>(both).result.error.extraPercent).toEqual(["Give extra time in minutes or as a percentage, not both"]);
    const empty = await post(s.user.id, { intent: "accommodation-save" });
    expect(payload<any>(empty).result.error.extraMinutes).toEqual(["Give extra time, extra attempts or a personal window"]);
    const tooMuch = await post(s.user.id, { intent: "accommodation-save", extraAttempts: "21" });
    expect(payload<any>(tooMuch).result.error.extraAttempts).toEqual(["Extra attempts: a whole number from 0 to 20"]);

    const unknown = await post(s.user.id, { intent: "accommodation-save", testId: "no-such-test", extraMinutes: "5" });
    expect(payload<any>(unknown).result.error.testId).toEqual(["Test not found"]);
    const badDate = await post(s.user.id, { intent: "accommodation-save", testId: t.id, closesAt: "2030-02-31T25:99" });
    expect(statusOf(badDate)).toBe(400);
    expect(payload<any>(badDate).result.error.closesAt).toEqual(["Enter a date and time"]);

    expect(flashOf(await post(s.user.id, { intent: "accommodation-delete", id: rows[0].id }))?.text).toBe("Accommodation removed");
    expect(db().select().from(accommodations).where(eq(accommodations.userId, s.user.id)).all()).toEqual([]);
  });

  it("is carried by the JSON backup", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    saveAccommodation(s.user.id, { testId: null, extraMinutes: 20, extraPercent: 0, extraAttempts: 2, note: "Low vision" });
    const backup = JSON.parse([...backupJsonChunks()].join(""));
    const user = backup.users.find((u: any) => u.id === s.user.id);
    expect(user.accommodations).toEqual([
      { testId: null, extraMinutes: 20, extraPercent: 0, extraAttempts: 2, opensAt: null, closesAt: null, note: "Low vision" },
    ]);
  });
});

describe("a personal window", () => {
  const HOUR = 60 * MINUTE;
  const closedYesterday = (title: string) => {
    const t = createTest({ title, examType: "NET", duration: 30 }, TWO_QUESTIONS);
    db()
      .update(tests)
      .set({ opensAt: new Date(Date.now() - 48 * HOUR), closesAt: new Date(Date.now() - 24 * HOUR) })
      .where(eq(tests.id, t.id))
      .run();
    return t;
  };

  it("lets its student start a test that has closed for everyone else, and not before it opens", async () => {
    const t = closedYesterday("Missed the mock");
    const late = await makeStudent({ examTypes: ["NET"] });
    const other = await makeStudent({ examTypes: ["NET"] });
    saveAccommodation(late.user.id, {
      testId: t.id,
      extraMinutes: 0,
      extraPercent: 0,
      extraAttempts: 0,
      closesAt: new Date(Date.now() + 24 * HOUR),
      note: "Was ill",
    });
    expect((await startCard(late.cookie, t.id)).allowance.allowed).toBe(true);
    expect((await startCard(other.cookie, t.id)).windowNote).toMatch(/^Closed on /);
    expect(statusOf(await start(other.cookie, t.id))).toBe(403);
    expect(statusOf(await start(late.cookie, t.id))).toBe(302);
    const cards = payload<any>(await run(dashboard.loader, getRequest("/dashboard?type=NET&unit=general", late.cookie))).tests;
    expect(cards.find((c: any) => c.title === "Missed the mock")).toMatchObject({ allowed: true, windowNote: null });

    const early = closedYesterday("Opens later for one");
    const s = await makeStudent({ examTypes: ["NET"] });
    saveAccommodation(s.user.id, {
      testId: early.id,
      extraMinutes: 0,
      extraPercent: 0,
      extraAttempts: 0,
      opensAt: new Date(Date.now() + 2 * HOUR),
      closesAt: new Date(Date.now() + 4 * HOUR),
      note: "",
    });
    const refused = await start(s.cookie, early.id);
    expect(statusOf(refused)).toBe(403);
    expect(payload<any>(refused).error).toMatch(/^Opens on /);
  });

  it("keeps everyone's answers and ranks back until the latest personal close", async () => {
    const t = closedYesterday("Answers wait for the last student");
    // (one attempt: a test of several holds the score back as well)
    db().update(tests).set({ maxAttempts: 1 }).where(eq(tests.id, t.id)).run();
    const early = await makeStudent({ examTypes: ["NET"] });
    saveAccommodation(early.user.id, { testId: t.id, extraMinutes: 0, extraPercent: 0, extraAttempts: 0, closesAt: new Date(Date.now() + HOUR), note: "" });
    await start(early.cookie, t.id);
    await finish(early.cookie, t.id);
    const results = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, early.cookie), { testId: t.id }));
    expect(results.answers.shown).toBe(false);
    expect(results.rank).toBeNull();
  });

  it("is only for one test, and its close comes after its opening", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const post = (fields: Record<string, string>) =>
      run(userPage.action, postRequest(`/admin/users/${s.user.id}`, { intent: "accommodation-save", ...fields }, { cookie: admin }), { userId: s.user.id });
    const everyTest = await post({ closesAt: "2030-01-01T10:00" });
    expect(payload<any>(everyTest).result.error.testId).toEqual(["A personal window is for one test: choose the test"]);
    const t = createTest({ title: "Window order", examType: "NET" }, TWO_QUESTIONS);
    const backwards = await post({ testId: t.id, opensAt: "2030-01-02T10:00", closesAt: "2030-01-01T10:00" });
    expect(payload<any>(backwards).result.error.closesAt).toEqual(["The closing time must be after the opening time"]);
    expect(flashOf((await post({ testId: t.id, closesAt: "2030-01-01T10:00" })) as Response)?.text).toBe("Accommodation saved");
    const row = db().select().from(accommodations).where(eq(accommodations.userId, s.user.id)).get();
    expect(row?.closesAt?.toISOString()).toBe("2030-01-01T04:30:00.000Z");
  });
});
