// My mistakes → practice → the question leaves the list after two right answers, with JavaScript on and off
// (each with its own demo student, whose seeded attempts have wrong answers).
import { expect, type Page, test } from "@playwright/test";
import { type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

/** The first test this demo student has finished (the demo's tests show their answers). */
function finishedTestOf(email: string): string {
  const row = app
    .db()
    .prepare(
      "select a.test_id as id from attempts a join users u on u.id = a.user_id where u.email = ? and a.status = 'submitted' order by a.started_at limit 1",
    )
    .get(email) as { id: string };
  return row.id;
}

/** Practises the first question of My mistakes (a round of one), choosing the option whose value is `pick` (null: none). */
async function practiseFirst(page: Page, pick: string | null) {
  await page.goto(`${app.url}/mistakes`);
  await page.getByLabel(/^Questions \(up to/).fill("1");
  await page.getByRole("button", { name: "Practise them" }).click();
  await expect(page.getByRole("heading", { name: "Practice round" })).toBeVisible();
  await expect(page.getByTestId("practice-item")).toHaveCount(1);
  if (pick !== null) await page.locator(`input[name="a.1"][value="${pick}"]`).check();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await expect(page.getByTestId("practice-score")).toBeVisible();
  // the round's review names the right option
  return page.getByTestId("practice-item").locator("label", { hasText: "✓ Correct answer" }).locator("input").getAttribute("value");
}

for (const [javaScriptEnabled, email] of [
  [true, "student@academy.local"],
  [false, "arun@academy.local"],
] as const) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("My mistakes → practice → the question leaves the list after two right answers", async ({ page }) => {
      await signIn(page, app, email, "student123");
      await page.getByRole("link", { name: /My mistakes/ }).click();
      await expect(page.getByRole("heading", { name: "My mistakes" })).toBeVisible();
      const first = page.getByTestId("mistake").first();
      const question = (await first.locator("p.font-medium").innerText()).trim();
      const before = await page.getByTestId("mistake").count();
      expect(before).toBeGreaterThan(0);

      // a first round unanswered shows the right option; two rounds right take the question off the list
      const right = await practiseFirst(page, null);
      expect(right).not.toBeNull();
      await expect(page.getByTestId("practice-score")).toContainText("0 of 1 right");
      await practiseFirst(page, right);
      await expect(page.getByTestId("practice-score")).toContainText("1 of 1 right");
      await page.goto(`${app.url}/mistakes`);
      await expect(page.getByTestId("mistake").first().locator("p.font-medium")).toHaveText(question);
      await practiseFirst(page, right);
      await page.goto(`${app.url}/mistakes`);
      await expect(page.getByTestId("mistake")).toHaveCount(before - 1);
      await expect(page.getByTestId("mistake").locator("p.font-medium").getByText(question, { exact: true })).toHaveCount(0);
    });

    test("a star in a test's review keeps the question in My bookmarks; its star there takes it off", async ({ page }) => {
      await signIn(page, app, email, "student123");
      const id = finishedTestOf(email);
      await page.goto(`${app.url}/test/${id}/results`);
      const first = page.locator("ol > li[data-outcome]").first();
      const question = (await first.locator("p.font-medium").innerText()).replace(/^Q1\.\s*/, "");
      await first.getByRole("button", { name: "Bookmark" }).click();
      await expect(first.getByRole("button", { name: "Bookmarked" })).toHaveAttribute("aria-pressed", "true");
      await expect(page).toHaveURL(new RegExp(`/test/${id}/results`));
      // the other questions keep their own stars
      await expect(page.locator("ol > li[data-outcome]").nth(1).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "false");

      await page.goto(`${app.url}/mistakes?show=bookmarked`);
      await expect(page.getByTestId("mistake")).toHaveCount(1);
      await expect(page.getByTestId("mistake").locator("p.font-medium")).toHaveText(question);
      await page.getByTestId("mistake").getByRole("button", { name: "Bookmarked" }).click();
      await expect(page.getByText("No bookmarks yet. Star a question in a test's review to keep it here.")).toBeVisible();
    });

    test("Report beside a question in the review opens its form, and Back returns to that question", async ({ page }) => {
      await signIn(page, app, email, "student123");
      const id = finishedTestOf(email);
      await page.goto(`${app.url}/test/${id}/results`);
      // with JavaScript the app goes there itself (a plain link under one click handler): the page is not loaded again
      if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { stayed: true }));
      const second = page.locator("ol > li[data-outcome]").nth(1);
      await second.getByRole("link", { name: "Report" }).click();
      await expect(page.getByRole("heading", { name: "Report a question" })).toBeVisible();
      await expect(page).toHaveURL(/\/report\?t=/);
      if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await page.getByRole("link", { name: "← Back to the question" }).click();
      await expect(page).toHaveURL(new RegExp(`/test/${id}/results\\?attempt=.*#`));
      await expect(page.locator("ol > li[data-outcome]").nth(1)).toBeInViewport();
    });
  });
}

test.describe("JavaScript off, a long review", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  test("a bookmark far down the review comes back to its question, not the top of the page", async ({ page }) => {
    await signIn(page, app, "arun@academy.local", "student123");
    const id = finishedTestOf("arun@academy.local");
    await page.goto(`${app.url}/test/${id}/results`);
    const items = page.locator("ol > li[data-outcome]");
    expect(await items.count()).toBeGreaterThan(6);
    const far = items.nth(6);
    await far.scrollIntoViewIfNeeded();
    await far.getByRole("button", { name: "Bookmark" }).click();
    await expect(far.getByRole("button", { name: "Bookmarked" })).toHaveAttribute("aria-pressed", "true");
    // the page came back scrolled to that question
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await expect(far).toBeInViewport();
  });
});
