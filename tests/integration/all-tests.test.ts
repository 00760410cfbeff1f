// All my tests (/tests): every test the student can see across units and exam types, searched, filtered and
// paged; an open test with a closing time says when it closes, on its card and on its start card.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import { TESTS_PAGE } from "~/models/all-tests.server";
import { createTest } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as allTests from "~/routes/_student+/tests";
import { attemptsAt, examApi, getRequest, makeStudent, payload, run, seedBase } from "../helpers";

type Card = { id: string; title: string; closesNote: string | null; windowNote: string | null; attempts: number; last: number | null };
type Page = { tests: Card[]; total: number; everything: number; pages: number; page: number };
const HOUR = 3_600_000;
const Q = [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }];
const ids: Record<string, string> = {};

beforeAll(async () => {
  await seedBase();
  ids.unit1 = createTest({ title: "Chaucer and his age", examType: "NET", unitNumber: 1, unitName: "Medieval" }, Q).id;
  ids.unit2 = createTest({ title: "Wordsworth drill", description: "Romantic poetry", examType: "NET", unitNumber: 2, unitName: "Romantic Age" }, Q).id;
  ids.tet = createTest({ title: "TET grammar mock", examType: "TET" }, Q).id;
  ids.upcoming = createTest({ title: "Sunday live mock", examType: "NET" }, Q).id;
  ids.closing = createTest({ title: "Closing soon mock", examType: "NET" }, Q).id;
  ids.closed = createTest({ title: "Last week's mock", examType: "NET" }, Q).id;
  ids.set = createTest({ title: "SET only test", examType: "SET" }, Q).id;
  db()
    .update(tests)
    .set({ opensAt: new Date(Date.now() + 24 * HOUR) })
    .where(eq(tests.id, ids.upcoming))
    .run();
  db()
    .update(tests)
    .set({ closesAt: new Date(Date.now() + 2 * HOUR) })
    .where(eq(tests.id, ids.closing))
    .run();
  db()
    .update(tests)
    .set({ closesAt: new Date(Date.now() - 24 * HOUR) })
    .where(eq(tests.id, ids.closed))
    .run();
});

const listOf = async (cookie: string, query = "") => payload<Page>(await run(allTests.loader, getRequest(`/tests${query}`, cookie)));
const titles = (page: Page) => page.tests.map((t) => t.title);

describe("all my tests", () => {
  it("lists every test of the student's exam types in one list, never another exam type's", async () => {
    const { cookie } = await makeStudent({ examTypes: ["NET", "TET"] });
    const page = await listOf(cookie);
    expect(titles(page)).toEqual(
      expect.arrayContaining(["Chaucer and his age", "Wordsworth drill", "TET grammar mock", "Sunday live mock", "Last week's mock"]),
    );
    expect(titles(page)).not.toContain("SET only test");
    // what can be started comes before what opens later, which comes before what closed
    const order = titles(page);
    expect(order.indexOf("Wordsworth drill")).toBeLessThan(order.indexOf("Sunday live mock"));
    expect(order.indexOf("Sunday live mock")).toBeLessThan(order.indexOf("Last week's mock"));
  });

  it("search reaches across units and exam types (title, description, unit name)", async () => {
    const { cookie } = await makeStudent({ examTypes: ["NET", "TET"] });
    expect(titles(await listOf(cookie, "?q=romantic"))).toEqual(["Wordsworth drill"]);
    expect(titles(await listOf(cookie, "?q=medieval"))).toEqual(["Chaucer and his age"]);
    expect(titles(await listOf(cookie, "?q=mock&exam=TET"))).toEqual(["TET grammar mock"]);
    expect((await listOf(cookie, `?q=${encodeURIComponent("%_' OR 1=1")}`)).total).toBe(0);
  });

  it("filters: open now, upcoming, closed, not attempted, attempts left", async () => {
    const { user, cookie } = await makeStudent({ examTypes: ["NET"] });
    expect(titles(await listOf(cookie, "?filter=upcoming"))).toEqual(["Sunday live mock"]);
    expect(titles(await listOf(cookie, "?filter=closed"))).toEqual(["Last week's mock"]);
    const open = titles(await listOf(cookie, "?filter=open"));
    expect(open).toContain("Closing soon mock");
    expect(open).not.toContain("Sunday live mock");
    expect(open).not.toContain("Last week's mock");
    // a finished attempt: the test leaves "not attempted" and shows its last score
    expect((await examApi(`/api/tests/${ids.unit1}/start`, cookie)).status).toBe(200);
    const attemptId = attemptsAt(ids.unit1, user.id)[0].id;
    expect((await examApi(`/api/attempts/${attemptId}/finish`, cookie)).status).toBe(200);
    const notAttempted = await listOf(cookie, "?filter=not-attempted");
    expect(titles(notAttempted)).not.toContain("Chaucer and his age");
    const all = await listOf(cookie, "?q=chaucer");
    expect(all.tests[0]).toMatchObject({ attempts: 1, last: 0 });
  });

  it("an open test with a closing time says when it closes, on the card and on the start card", async () => {
    const { user, cookie } = await makeStudent({ examTypes: ["NET"] });
    const card = (await listOf(cookie, "?q=closing")).tests[0];
    expect(card.closesNote).toMatch(/^Closes on /);
    const startCard = payload<{ state: string; closesNote: string | null }>(
      await run(examRoute.loader, getRequest(`/test/${ids.closing}`, cookie), { testId: ids.closing }),
    );
    expect(startCard.state).toBe("ready");
    expect(startCard.closesNote).toBe(card.closesNote);
    // a test without a closing time says nothing of it
    expect((await listOf(cookie, "?q=wordsworth")).tests[0].closesNote).toBeNull();
    expect(user.id).toBeTruthy();
  });

  it("pages a long list", async () => {
    for (let i = 0; i < TESTS_PAGE + 3; i++) createTest({ title: `Practice set ${String(i).padStart(2, "0")}`, examType: "TET" }, Q);
    const { cookie } = await makeStudent({ examTypes: ["TET"] });
    const first = await listOf(cookie);
    expect(first.tests).toHaveLength(TESTS_PAGE);
    expect(first.pages).toBe(2);
    const second = await listOf(cookie, "?page=2");
    expect(second.tests.length).toBe(first.total - TESTS_PAGE);
    expect((await listOf(cookie, "?page=999")).page).toBe(2);
  });

  it("a student with no exam type is told so, not shown an empty search", async () => {
    const { cookie } = await makeStudent({ examTypes: [] });
    const page = payload<{ hasTypes: boolean; tests: Card[] }>(await run(allTests.loader, getRequest("/tests", cookie)));
    expect(page.hasTypes).toBe(false);
    expect(page.tests).toEqual([]);
  });
});
