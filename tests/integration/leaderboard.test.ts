// The leaderboard on a test's results: each student's best attempt, by marked score then less time; the top ten
// and the student's own row further down; initials by default; hidden until the window closes.
import { eq } from "drizzle-orm";
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
