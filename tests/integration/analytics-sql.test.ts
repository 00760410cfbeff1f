// The overview's figures are SQL: its score bands and its 7-day window, checked on rows at the edges.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { WEEK_MS } from "~/lib/rules/analytics-rules";
import { overview } from "~/models/analytics.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import { seedBase } from "../helpers";

const now = Date.now();

beforeAll(async () => {
  await seedBase();
  const test = createTest({ title: "Bands", examType: "NET" }, [{ question: "Q?", options: ["a", "b"], correctAnswer: 0 }]);
  const user = await createUser({ name: "Band Student", email: "bands@example.test", password: "bands-pass-1", assignedExamTypes: ["NET"] });
  const insert = rawDb().prepare(
    "INSERT INTO attempts (id, test_id, user_id, test_version, status, started_at, deadline_at, completed_at, score, total_questions, time_spent) VALUES (?, ?, ?, 1, 'submitted', ?, ?, ?, ?, 100, 60)",
  );
  // score out of 100 = the percent; completed times at the edges of the week
  const rows: Array<[number, number]> = [
    [90, now - 1000],
    [89, now - WEEK_MS + 60_000],
    [70, now - WEEK_MS - 60_000],
    [69, now - 2 * WEEK_MS],
    [50, now - 3 * WEEK_MS],
    [49, now - 4 * WEEK_MS],
  ];
  for (const [i, [score, completed]] of rows.entries()) insert.run(`band-${i}`, test.id, user.id, completed - 60_000, completed + 3_600_000, completed, score);
});

describe("admin overview SQL", () => {
  it("puts 90 in excellent, 70-89 in good, 50-69 in average, below 50 in poor", () => {
    expect(overview(now).bands).toEqual({ excellent: 1, good: 2, average: 2, poor: 1 });
  });

  it("counts the attempts of the last 7 days, not the 8th day back", () => {
    expect(overview(now).activity.lastSevenDays).toBe(2);
  });
});
