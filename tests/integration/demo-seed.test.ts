// The demo site a newcomer starts: its Chaucer test and NET mock carry topics, so a demo student's results say
// which topics to revise and My mistakes can filter by topic.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { DEMO_STUDENT } from "~/models/seed.server";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as mistakesRoute from "~/routes/_student+/mistakes";
import { getRequest, payload, run, seedBase, signIn } from "../helpers";

let cookie: string;
const testIdOf = (title: string) => (rawDb().prepare("SELECT id FROM tests WHERE title = ?").get(title) as { id: string }).id;

describe("the demo seed's topics", () => {
  beforeAll(async () => {
    await seedBase({ demo: true });
    cookie = await signIn(DEMO_STUDENT.email, DEMO_STUDENT.password);
  });

  it("gives every question of the Chaucer test and the NET mock a topic", () => {
    for (const title of ["Chaucer and the Age of Transition", "NET English Full Mock Test 1"]) {
      const untagged = rawDb().prepare("SELECT COUNT(*) AS n FROM questions WHERE test_id = ? AND (topic IS NULL OR topic = '')").get(testIdOf(title));
      expect(untagged, title).toEqual({ n: 0 });
    }
  });

  it("shows the demo student the topics to revise from their Chaucer attempt, and a topic filter in My mistakes", async () => {
    const testId = testIdOf("Chaucer and the Age of Transition");
    const page = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, cookie), { testId }));
    expect(page.weakTopics.length).toBeGreaterThan(0);
    for (const t of page.weakTopics) expect(t.percent).toBeLessThan(60);
    const mistakes = payload<any>(await run(mistakesRoute.loader, getRequest("/mistakes", cookie), {}));
    expect(mistakes.choices.topics).toEqual(expect.arrayContaining(page.weakTopics.map((t: any) => t.topic)));
  });
});
