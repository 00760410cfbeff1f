import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { announcementExamTypes, announcements, announcementUsers } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { createTest } from "~/models/test.server";
import * as dashboard from "~/routes/_student+/dashboard";
import * as examRoute from "~/routes/_exam+/test.$testId";
import { getRequest, makeStudent, payload, postRequest, run, seedBase } from "../helpers";

const Q = [
  { question: "One?", options: ["a", "b"], correctAnswer: 0 },
  { question: "Two?", options: ["a", "b"], correctAnswer: 1 },
];

function announce(title: string, fields: Partial<typeof announcements.$inferInsert> = {}, types: string[] = [], users: string[] = []) {
  const id = newId();
  db()
    .insert(announcements)
    .values({ id, title, content: `${title} content`, type: "general", isActive: true, targetType: "all", createdAt: new Date(), ...fields })
    .run();
  for (const t of types) db().insert(announcementExamTypes).values({ announcementId: id, examType: t }).run();
  for (const u of users) db().insert(announcementUsers).values({ announcementId: id, userId: u }).run();
  return id;
}

let keatsId: string;
beforeAll(async () => {
  await seedBase();
  keatsId = createTest({ title: "Keats and Shelley", description: "The younger Romantics", examType: "NET", unitNumber: 3, unitName: "Romantics" }, Q).id;
  createTest({ title: "Wordsworth", description: "Lyrical Ballads and KEATS's friends", examType: "NET", unitNumber: 3, unitName: "Romantics" }, Q);
  createTest({ title: "Chaucer", examType: "NET", unitNumber: 1, unitName: "Medieval" }, Q);
  createTest({ title: "NET Mock", examType: "NET" }, Q);
  createTest({ title: "Hidden", examType: "NET", isActive: false }, Q);
  createTest({ title: "SET only", examType: "SET" }, Q);
});

async function load(cookie: string, query = "") {
  return payload<Record<string, any>>(await run(dashboard.loader, getRequest(`/dashboard${query}`, cookie)));
}

describe("dashboard", () => {
  it("shows the student's categories with counts, and only active tests of their types", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const d = await load(s.cookie);
    expect(d.level).toBe("categories");
    expect(d.stats).toEqual({ available: 4, taken: 0, average: 0, best: 0 });
    expect(d.categories).toEqual([{ value: "NET", label: "NET", tests: 4, units: 2, attempted: 0, average: null }]);
  });

  it("drills down to units (with General Tests) and tests, and searches title or description case-insensitively", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const units = await load(s.cookie, "?type=NET");
    expect(units.units.map((u: { unitName: string; tests: number }) => [u.unitName, u.tests])).toEqual([
      ["Medieval", 1],
      ["Romantics", 2],
      ["General Tests", 1],
    ]);
    const tests = await load(s.cookie, "?type=NET&unit=3&q=keats");
    expect(tests.level).toBe("tests");
    expect(tests.tests.map((t: { title: string }) => t.title)).toEqual(["Keats and Shelley", "Wordsworth"]);
    const general = await load(s.cookie, "?type=NET&unit=general");
    expect(general.tests.map((t: { title: string }) => t.title)).toEqual(["NET Mock"]);
    const pct = await load(s.cookie, "?type=NET&unit=3&q=100%25");
    expect(pct.tests).toEqual([]);
  });

  it("ignores an exam type that is not assigned", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    expect((await load(s.cookie, "?type=SET")).level).toBe("categories");
  });

  it("shows the empty state data when no exam types are assigned", async () => {
    const s = await makeStudent({ examTypes: [] });
    const d = await load(s.cookie);
    expect(d.hasTypes).toBe(false);
    expect(d.stats.available).toBe(0);
  });

  it("counts attempts, averages and the remaining allowance after a finished test", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    await run(examRoute.action, postRequest(`/test/${keatsId}`, { intent: "start" }, { cookie: s.cookie }), { testId: keatsId });
    await run(examRoute.action, postRequest(`/test/${keatsId}`, { intent: "save", questionId: "q1", chosen: "0", q: "1", nav: "next" }, { cookie: s.cookie }), {
      testId: keatsId,
    });
    await run(examRoute.action, postRequest(`/test/${keatsId}`, { intent: "finish" }, { cookie: s.cookie }), { testId: keatsId });
    const d = await load(s.cookie);
    expect(d.stats).toMatchObject({ taken: 1, average: 50, best: 50 });
    expect(d.recent).toHaveLength(1);
    expect(d.recent[0]).toMatchObject({ title: "Keats and Shelley", percent: 50 });
    expect(d.categories[0]).toMatchObject({ attempted: 1, average: 50 });
    const units = await load(s.cookie, "?type=NET");
    expect(units.units.map((u: { unitName: string; attempted: number; average: number | null }) => [u.unitName, u.attempted, u.average])).toEqual([
      ["Medieval", 0, null],
      ["Romantics", 1, 50],
      ["General Tests", 0, null],
    ]);
    const list = await load(s.cookie, "?type=NET&unit=3");
    expect(list.tests[0]).toMatchObject({ title: "Keats and Shelley", attempts: 1, best: 50, remaining: null, allowed: true });
  });

  it("applies the announcement audience and schedule on the server, 3 at a time with a total", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const other = await makeStudent({ examTypes: ["SET"] });
    announce("For all");
    announce("For NET", { targetType: "examType" }, ["NET"]);
    announce("For SET", { targetType: "examType" }, ["SET"]);
    announce("For me", { targetType: "specific" }, [], [s.user.id]);
    announce("Future", { scheduledFor: new Date(Date.now() + 86_400_000) });
    announce("Inactive", { isActive: false });
    announce("Past schedule", { scheduledFor: new Date(Date.now() - 60_000) });
    const d = await load(s.cookie);
    expect(d.announcements.total).toBe(4);
    expect(d.announcements.items).toHaveLength(3);
    const all = await load(s.cookie, "?announcements=all");
    expect(all.announcements.items.map((a: { title: string }) => a.title).sort()).toEqual(["For NET", "For all", "For me", "Past schedule"]);
    const theirs = await load(other.cookie, "?announcements=all");
    expect(theirs.announcements.items.map((a: { title: string }) => a.title).sort()).toEqual(["For SET", "For all", "Past schedule"]);
  });
});

describe("the greeting", () => {
  it("welcomes a brand-new student, and welcomes them back once they have finished a test", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    expect((await load(s.cookie)).returning).toBe(false);
    const t = createTest({ title: "Greeting test", examType: "NET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "finish" }, { cookie: s.cookie }), { testId: t.id });
    expect((await load(s.cookie)).returning).toBe(true);
  });
});
