// My mistakes, bookmarks and practice rounds: the questions a student last got wrong or skipped (released tests
// only), the stars, an untimed round that never counts anywhere, and a question leaving the list after two right
// answers in practice; progress by topic over released tests.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts } from "~/db/schema.server";
import { overview } from "~/models/analytics.server";
import { loadProgress } from "~/models/progress.server";
import { marksRegister } from "~/models/reports.server";
import { starAnchor, starValue } from "~/lib/rules/star";
import { createTest } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as mistakesRoute from "~/routes/_student+/mistakes";
import * as practiceRoute from "~/routes/_student+/practice.$roundId";
import { getRequest, makeStudent, payload, postRequest, run, seedBase, statusOf } from "../helpers";

const question = (n: number, topic: string) => ({
  question: `Topic question ${n}?`,
  options: [`Right ${n}`, `Wrong ${n}`, `Other ${n}`],
  correctAnswer: 0,
  explanation: `Because ${n}.`,
  topic,
});

beforeAll(async () => {
  await seedBase();
});

async function sit(testId: string, cookie: string, choices: Array<number | null>) {
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId });
  for (const [i, c] of choices.entries())
    if (c !== null)
      await run(
        examRoute.action,
        postRequest(`/test/${testId}`, { intent: "save", questionId: `q${i + 1}`, chosen: String(c), q: String(i + 1), nav: "next" }, { cookie }),
        {
          testId,
        },
      );
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie }), { testId });
}

describe("My mistakes, bookmarks and practice", () => {
  let s: Awaited<ReturnType<typeof makeStudent>>;
  let testId: string;
  let heldId: string;
  const mistakes = async (query = "") => payload<any>(await run(mistakesRoute.loader, getRequest(`/mistakes${query}`, s.cookie)));
  const post = (fields: Record<string, string>) => run(mistakesRoute.action, postRequest("/mistakes", fields, { cookie: s.cookie }));

  beforeAll(async () => {
    s = await makeStudent({ examTypes: ["NET"] });
    testId = createTest({ title: "Topics Mock", examType: "NET", maxAttempts: 1 }, [
      question(1, "Chaucer"),
      question(2, "Chaucer"),
      question(3, "Pedagogy"),
    ]).id;
    heldId = createTest({ title: "Held Mock", examType: "NET", answerRelease: "score_only" }, [question(4, "Milton")]).id;
    // q1 right, q2 wrong, q3 left; the held test's only question wrong
    await sit(testId, s.cookie, [0, 1, null]);
    await sit(heldId, s.cookie, [1]);
  });

  it("lists what the latest attempt got wrong or skipped, with the key, from released tests only; filters by topic", async () => {
    const page = await mistakes();
    expect(page.items.map((i: any) => [i.testTitle, i.n, i.topic, i.chosen, i.correctAnswer])).toEqual([
      ["Topics Mock", 2, "Chaucer", 1, 0],
      ["Topics Mock", 3, "Pedagogy", null, 0],
    ]);
    expect(page.items[0].explanation).toBe("Because 2.");
    expect(JSON.stringify(page)).not.toMatch(/Topic question 4|Milton/);
    expect((await mistakes("?topic=Pedagogy")).items.map((i: any) => i.n)).toEqual([3]);
    expect(page.choices.topics).toEqual(["Chaucer", "Pedagogy"]);
  });

  it("stars a question of a released review (and not one held back); the review shows the star", async () => {
    const starred = (await post({ star: starValue(true, { testId, version: 1, questionId: "q1" }), redirectTo: `/test/${testId}/results` })) as Response;
    expect(starred.status).toBe(302);
    // back to the question's place in the review (a page without JavaScript would otherwise land at its top)
    expect(starred.headers.get("Location")).toBe(`/test/${testId}/results#${starAnchor({ testId, version: 1, questionId: "q1" })}`);
    expect((await mistakes("?show=bookmarked")).items.map((i: any) => [i.n, i.bookmarked])).toEqual([[1, true]]);
    const review = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, s.cookie), { testId })).review;
    expect(review.map((r: any) => r.bookmarked)).toEqual([true, false, false]);
    expect(statusOf(await post({ star: starValue(true, { testId: heldId, version: 1, questionId: "q1" }) }))).toBe(404);
    // a malformed star (a hand-made post) is refused with the same words, and stars nothing
    const malformed = await post({ star: `bookmark q1 one ${testId}` });
    expect(statusOf(malformed)).toBe(404);
    expect(payload<any>(malformed).error).toBe("This question cannot be starred.");
    expect((await mistakes("?show=bookmarked")).items).toHaveLength(1);
    // a hostile redirect goes home instead
    const away = (await post({ star: starValue(false, { testId, version: 1, questionId: "q1" }), redirectTo: "https://evil.example/" })) as Response;
    // (back to the question's place in the list: its anchor)
    expect(away.headers.get("Location")).toBe(`/mistakes?show=bookmarked#${starAnchor({ testId, version: 1, questionId: "q1" })}`);
    expect((await mistakes("?show=bookmarked")).total).toBe(0);
  });

  it("a practice round never counts; a question right in two rounds leaves the list", async () => {
    const before = {
      attempts: db().select().from(attempts).where(eq(attempts.userId, s.user.id)).all().length,
      results: payload<any>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, s.cookie), { testId })),
      register: marksRegister(testId)?.rows,
      overview: overview(Date.now() + 1).cards,
    };
    expect(before.results.retake.allowed).toBe(false);

    const practise = async (answers: Record<string, string>) => {
      const started = (await post({ intent: "practice", source: "mistakes", count: "50" })) as Response;
      const roundId = started.headers.get("Location")?.split("/").pop() ?? "";
      const round = payload<any>(await run(practiceRoute.loader, getRequest(`/practice/${roundId}`, s.cookie), { roundId }));
      // no key before the round is submitted
      expect(round.items.every((i: any) => !("correctAnswer" in i))).toBe(true);
      await run(practiceRoute.action, postRequest(`/practice/${roundId}`, answers, { cookie: s.cookie }), { roundId });
      return payload<any>(await run(practiceRoute.loader, getRequest(`/practice/${roundId}`, s.cookie), { roundId }));
    };
    // round 1: both right; round 2: q2 right again, q3 wrong
    const first = await practise({ "a.1": "0", "a.2": "0" });
    expect(first).toMatchObject({ finished: true, score: 2 });
    expect(first.items.map((i: any) => [i.correct, i.explanation])).toEqual([
      [true, "Because 2."],
      [true, "Because 3."],
    ]);
    expect((await mistakes()).items.map((i: any) => i.n)).toEqual([2, 3]);
    const second = await practise({ "a.1": "0", "a.2": "2" });
    expect(second.score).toBe(1);
    expect((await mistakes()).items.map((i: any) => i.n)).toEqual([3]);

    // nothing else moved
    expect(db().select().from(attempts).where(eq(attempts.userId, s.user.id)).all()).toHaveLength(before.attempts);
    const after = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, s.cookie), { testId }));
    expect([after.attempt, after.rank, after.retake, after.attemptsOnTest]).toEqual([
      before.results.attempt,
      before.results.rank,
      before.results.retake,
      before.results.attemptsOnTest,
    ]);
    expect(marksRegister(testId)?.rows).toEqual(before.register);
    expect(overview(Date.now() + 2).cards).toEqual(before.overview);
  });

  it("a second submit (another tab) changes nothing; an option that is not there counts as unanswered; the count is capped", async () => {
    const started = (await post({ intent: "practice", source: "mistakes", count: "5000" })) as Response;
    const roundId = started.headers.get("Location")?.split("/").pop() ?? "";
    const load = async () => payload<any>(await run(practiceRoute.loader, getRequest(`/practice/${roundId}`, s.cookie), { roundId }));
    expect((await load()).items.length).toBeLessThanOrEqual(50);
    await run(practiceRoute.action, postRequest(`/practice/${roundId}`, { "a.1": "9" }, { cookie: s.cookie }), { roundId });
    const first = await load();
    expect(first.items[0]).toMatchObject({ chosen: null, correct: false });
    await run(practiceRoute.action, postRequest(`/practice/${roundId}`, { "a.1": "0" }, { cookie: s.cookie }), { roundId });
    expect((await load()).score).toBe(first.score);
  });

  it("an empty choice says so; another student's round is not found", async () => {
    const none = (await post({ intent: "practice", source: "bookmarks" })) as Response;
    expect(none.headers.get("Location")).toBe("/mistakes");
    const other = await makeStudent({ examTypes: ["NET"] });
    const started = (await post({ intent: "practice", source: "mistakes" })) as Response;
    const roundId = started.headers.get("Location")?.split("/").pop() ?? "";
    expect(statusOf(await run(practiceRoute.loader, getRequest(`/practice/${roundId}`, other.cookie), { roundId }))).toBe(404);
    expect(statusOf(await run(practiceRoute.action, postRequest(`/practice/${roundId}`, { "a.1": "0" }, { cookie: other.cookie }), { roundId }))).toBe(404);
  });

  it("progress gives accuracy by topic over released tests, and the topics to practise next", () => {
    const progress = loadProgress(s.user.id);
    expect(progress.byTopic.map((t) => [t.label, t.correct, t.questions, t.accuracy])).toEqual([
      ["Chaucer", 1, 2, 50],
      ["Pedagogy", 0, 1, 0],
    ]);
    expect(progress.practiseTopics).toEqual([]);
  });
});
