import { expect, test } from "@playwright/test";
import { type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test.use({ viewport: { width: 360, height: 740 } });

/** The demo student's finished tests, as the database has them (newest first). */
function finishedTests() {
  return app
    .db()
    .prepare(
      `select t.id, t.title, a.score, a.total_questions as total from attempts a join tests t on t.id = a.test_id join users u on u.id = a.user_id
       where u.email = ? and a.status in ('submitted','expired') order by a.completed_at desc`,
    )
    .all(STUDENT.email) as Array<{ id: string; title: string; score: number; total: number }>;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("My progress at 360 px: from the dashboard, the trend chart with its table, accuracy and the tests taken", async ({ page }) => {
      await signIn(page, app, STUDENT.email, STUDENT.password);
      await page.getByRole("link", { name: /My progress/ }).click();
      await expect(page).toHaveURL(/\/progress$/);
      await expect(page.getByRole("heading", { level: 1, name: "My progress" })).toBeVisible();
      const chart = page.getByTestId("trend-chart");
      await expect(chart).toBeVisible();
      const done = finishedTests();
      await expect(chart.locator("circle")).toHaveCount(done.length);
      // the chart fits the phone's width
      const box = await chart.boundingBox();
      expect(box?.width ?? 999).toBeLessThanOrEqual(360);
      // the same scores as a table (read by screen readers; sighted readers open it)
      const table = page.getByRole("table", { name: "Score of each finished test, oldest first" });
      // for screen readers the table is there without opening anything; sighted readers open it
      await expect(table).toHaveCount(1);
      await page.getByText("Show the scores as a table").click();
      for (const t of done) await expect(table.getByRole("cell", { name: `${t.score}/${t.total}`, exact: false }).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Accuracy", exact: true })).toBeVisible();
      // the demo's Chaucer test and NET mock carry topics
      await expect(page.getByRole("heading", { name: "Accuracy by topic" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Practise next" })).toBeVisible();
      const tests = page.getByRole("region", { name: "Tests taken" });
      for (const t of done) await expect(tests.getByRole("rowheader", { name: t.title })).toBeVisible();
      // no sideways scrolling of the page itself
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  });
}

test("an attempted test's card links to its analysis", async ({ page }) => {
  await signIn(page, app, STUDENT.email, STUDENT.password);
  const [latest] = finishedTests();
  const type = app.db().prepare("select exam_type as t, unit_number as u from tests where id = ?").get(latest.id) as { t: string; u: number | null };
  await page.goto(`${app.url}/dashboard?type=${type.t}&unit=${type.u ?? "general"}`);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: latest.title }) });
  await card.getByRole("link", { name: "View Analysis" }).click();
  await expect(page).toHaveURL(new RegExp(`/progress#test-${latest.id}$`));
  await expect(page.locator(`#test-${latest.id}`)).toBeInViewport();
});
