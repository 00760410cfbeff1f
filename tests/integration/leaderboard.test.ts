// The leaderboard on a test's results: each student's best attempt, by marked score then less time; the top ten
// and the student's own row further down; initials by default; hidden until the window closes.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts, tests } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { getRequest, payload, run, seedBase, signIn, TWO_QUESTIONS } from "../helpers";

beforeAll(async () => {
  await seedBase();
});

/** A finished attempt with the given right answers (of 2) and seconds, marked +2 / −0.5 by hand. */
function finished(testId: string, userId: string, right: number, wrong: number, seconds: number) {
  const now = Date.now();
  db()
    .insert(attempts)
    .values({
      id: newId(),
      testId,
      userId,
      testVersion: 1,
      status: "submitted",
      startedAt: new Date(now - 600_000),
      deadlineAt: new Date(now + 600_000),
      completedAt: new Date(now - 1000),
      score: right,
      totalQuestions: 2,
      marks: right * 2 - wrong * 0.5,
      maxMarks: 4,
      timeSpent: seconds,
    })
    .run();
}

describe("the leaderboard", () => {
  it("ranks best attempts by marks then time, shows the top ten and the student's own row", async () => {
    const t = createTest({ title: "Board Mock", examType: "NET", marksPerCorrect: 2, negativeMarks: 0.5 }, TWO_QUESTIONS);
    const users = [];
    for (let i = 1; i <= 12; i++)
      users.push(await createUser({ name: `Student Number${i}`, email: `board${i}@example.test`, password: "board-pass-1", assignedExamTypes: ["NET"] }));
    // students 1–10: 2 right in 100 + i seconds (4 marks); student 2 also has a worse attempt
    for (let i = 0; i < 10; i++) finished(t.id, users[i].id, 2, 0, 100 + i);
    finished(t.id, users[1].id, 0, 2, 50);
    // student 11: 1 right, 1 wrong = 1.5; student 12: 1 right, 0 wrong = 2 (more marks than 11 although as many right)
    finished(t.id, users[10].id, 1, 1, 10);
    finished(t.id, users[11].id, 1, 0, 500);

    const cookie = await signIn("board11@example.test", "board-pass-1");
    const page = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, cookie), { testId: t.id }));
    const board = page.leaderboard;
    expect(board.top).toHaveLength(10);
    expect(board.top.map((r: any) => [r.place, r.name, r.marks, r.timeSpent])).toEqual(Array.from({ length: 10 }, (_, i) => [i + 1, "S. N.", 4, 100 + i]));
    // student 12 (2 marks) is 11th, student 11 (1.5 marks) 12th: their own row after the ten
    expect(board.mine).toEqual({ place: 12, name: "S. N.", marks: 1.5, maxMarks: 4, percent: 38, timeSpent: 10, mine: true });
    // no other student's id reaches the page
    expect(JSON.stringify(board)).not.toMatch(new RegExp(users[0].id));
  });

  it("waits for the window to close", async () => {
    const t = createTest({ title: "Live Board", examType: "NET" }, TWO_QUESTIONS);
    db()
      .update(tests)
      .set({ opensAt: new Date(Date.now() - 3_600_000), closesAt: new Date(Date.now() + 3_600_000), answerRelease: "after_attempt" })
      .where(eq(tests.id, t.id))
      .run();
    const u = await createUser({ name: "Early Bird", email: "early@example.test", password: "board-pass-1", assignedExamTypes: ["NET"] });
    finished(t.id, u.id, 2, 0, 60);
    const cookie = await signIn("early@example.test", "board-pass-1");
    const page = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, cookie), { testId: t.id }));
    expect(page.leaderboard).toBeNull();
    expect(page.rank).toBeNull();
  });
});

describe("an attempt whose time ran out without JavaScript, before the sweep closed it", () => {
  it("counts in ranks and the leaderboard at once, with the score its saved answers give", async () => {
    const t = createTest({ title: "Timed out Mock", examType: "NET" }, TWO_QUESTIONS);
    const early = await createUser({ name: "Early Finisher", email: "early-late@example.test", password: "board-pass-1", assignedExamTypes: ["NET"] });
    const slow = await createUser({ name: "Slow Writer", email: "slow-late@example.test", password: "board-pass-1", assignedExamTypes: ["NET"] });
    // Early finished with 1 right and 1 wrong (1.5 of 4 marks, by the helper)
    finished(t.id, early.id, 1, 1, 300);
    // Slow saved 2 right answers, then the time ran out a minute ago; nothing has closed the attempt yet
    const id = newId();
    const now = Date.now();
    db()
      .insert(attempts)
      .values({
        id,
        testId: t.id,
        userId: slow.id,
        testVersion: 1,
        status: "in_progress",
        startedAt: new Date(now - 20 * 60_000),
        deadlineAt: new Date(now - 60_000),
        totalQuestions: 2,
      })
      .run();
    db().run(
      sql`INSERT INTO attempt_answers (attempt_id, question_id, chosen_index, marked_for_review, updated_at) VALUES (${id}, 'q1', 0, 0, ${now - 120_000}), (${id}, 'q2', 1, 0, ${now - 120_000})`,
    );
    const earlyCookie = await signIn("early-late@example.test", "board-pass-1");
    const page = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, earlyCookie), { testId: t.id }));
    expect(page.rank).toMatchObject({ rank: 2, of: 2 });
    expect(page.leaderboard.top.map((r: any) => [r.place, r.name, r.percent])).toEqual([
      [1, "S. W.", 100],
      [2, "E. F.", 38],
    ]);
    const slowCookie = await signIn("slow-late@example.test", "board-pass-1");
    const theirs = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results?attempt=${id}`, slowCookie), { testId: t.id }));
    expect(theirs.rank).toMatchObject({ rank: 1, of: 2 });
    // (nothing was written: a GET never writes)
    expect(db().select().from(attempts).where(eq(attempts.id, id)).get()?.status).toBe("in_progress");
  });
});
