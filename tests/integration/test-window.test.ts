import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts, tests } from "~/db/schema.server";
import { createTest } from "~/models/test.server";
import * as editRoute from "~/routes/admin+/_tests+/tests.$testId.edit";
import * as dashboard from "~/routes/_student+/dashboard";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const HOUR = 3_600_000;
const scheduled = (title: string, opensAt: number | null, closesAt: number | null) => {
  const t = createTest({ title, examType: "NET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
  db()
    .update(tests)
    .set({ opensAt: opensAt === null ? null : new Date(opensAt), closesAt: closesAt === null ? null : new Date(closesAt) })
    .where(eq(tests.id, t.id))
    .run();
  return t;
};
const start = (cookie: string, testId: string) => run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId });

describe("a test's availability window", () => {
  it("refuses Start before it opens ('Opens on …') and after it closes ('Closed on …'); the dashboard card says the same", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const early = scheduled("Opens tomorrow", Date.now() + 24 * HOUR, null);
    const late = scheduled("Closed yesterday", Date.now() - 48 * HOUR, Date.now() - 24 * HOUR);
    const before = await start(s.cookie, early.id);
    expect(statusOf(before)).toBe(403);
    expect(payload<any>(before).error).toMatch(/^Opens on /);
    const after = await start(s.cookie, late.id);
    expect(statusOf(after)).toBe(403);
    expect(payload<any>(after).error).toMatch(/^Closed on /);
    expect(db().select().from(attempts).where(eq(attempts.userId, s.user.id)).all()).toHaveLength(0);

    const cards = payload<any>(await run(dashboard.loader, getRequest("/dashboard?type=NET&unit=general", s.cookie))).tests;
    expect(cards.find((c: any) => c.title === "Opens tomorrow")).toMatchObject({ allowed: false, windowNote: expect.stringMatching(/^Opens on /) });
    expect(cards.find((c: any) => c.title === "Closed yesterday")).toMatchObject({ allowed: false, windowNote: expect.stringMatching(/^Closed on /) });
  });

  it("an attempt running when the test closes keeps its own deadline: it saves and finishes; ranks show after the close", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const t = scheduled("Closing soon", Date.now() - HOUR, Date.now() + HOUR);
    expect(statusOf(await start(s.cookie, t.id))).toBe(302);
    // the window closes while the student is inside
    db()
      .update(tests)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(tests.id, t.id))
      .run();
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "save", questionId: "q1", chosen: "0", q: "1", nav: "next" }, { cookie: s.cookie }), {
      testId: t.id,
    });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "finish" }, { cookie: s.cookie }), { testId: t.id });
    const finished = db().select().from(attempts).where(eq(attempts.userId, s.user.id)).get()!;
    expect(finished).toMatchObject({ status: "submitted", score: 1 });
    const results = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, s.cookie), { testId: t.id }));
    expect(results.rank).toMatchObject({ rank: 1 });

    // while a scheduled test is still open, ranks wait for its close
    const open = scheduled("Still open", Date.now() - HOUR, Date.now() + HOUR);
    // (one attempt: a test of several holds the score back too before its release)
    db().update(tests).set({ maxAttempts: 1 }).where(eq(tests.id, open.id)).run();
    await start(s.cookie, open.id);
    await run(examRoute.action, postRequest(`/test/${open.id}`, { intent: "finish" }, { cookie: s.cookie }), { testId: open.id });
    const waiting = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${open.id}/results`, s.cookie), { testId: open.id }));
    expect(waiting.rank).toBeNull();
    expect(waiting.ranksFrom).toEqual(expect.any(Number));
  });

  it("the Edit Test dialog sets the window in the academy's time zone and refuses a close before the open", async () => {
    const t = createTest({ title: "To schedule", examType: "NET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
    const edit = (fields: Record<string, string>) =>
      run(
        editRoute.action,
        postRequest(`/admin/tests/${t.id}/edit`, { title: "To schedule", examType: "NET", duration: "30", isActive: "on", ...fields }, { cookie: admin }),
        {
          testId: t.id,
        },
      );
    const bad = await edit({ opensAt: "2030-01-15T10:00", closesAt: "2030-01-15T09:00" });
    expect(payload<any>(bad).result.error).toEqual({ closesAt: ["The closing time must be after the opening time"] });
    const ok = (await edit({ opensAt: "2030-01-15T10:00", closesAt: "2030-01-15T12:30" })) as Response;
    expect(ok.status).toBe(302);
    const saved = db().select().from(tests).where(eq(tests.id, t.id)).get()!;
    // Asia/Kolkata is UTC+5:30
    expect(saved.opensAt?.toISOString()).toBe("2030-01-15T04:30:00.000Z");
    expect(saved.closesAt?.toISOString()).toBe("2030-01-15T07:00:00.000Z");
    const form = payload<any>(await run(editRoute.loader, getRequest(`/admin/tests/${t.id}/edit`, admin), { testId: t.id })).test;
    expect(form).toMatchObject({ opensAt: "2030-01-15T10:00", closesAt: "2030-01-15T12:30" });
    // emptied, the window goes
    await edit({ opensAt: "", closesAt: "" });
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()).toMatchObject({ opensAt: null, closesAt: null });
  });
});
