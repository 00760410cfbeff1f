// What a student trips on from one day to the next: Back after Finish, a running test invisible on the
// dashboard, Retake offered with no attempt left, announcements dismissed one by one. JavaScript on and
// off where the page behaves differently.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

const PASSWORD = "student123";

function testIdOf(title: string): string {
  return (app.db().prepare("select id from tests where title = ?").get(title) as { id: string }).id;
}

/** Answers the first question and submits through the finish dialog (the same controls with and without JavaScript). */
async function answerOneAndFinish(page: Page) {
  await expect(page.getByText(/Question 1 of \d+/)).toBeVisible();
  await page.getByLabel(/^B\./).check();
  await page.getByRole("button", { name: "Finish Test" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Test" }).click();
  await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("Back after Finish leaves the results for the start card", async ({ page }) => {
      await signIn(page, app, javaScriptEnabled ? "joseph@academy.local" : "arun@academy.local", PASSWORD);
      const testId = testIdOf("NET English Full Mock Test 1");
      await page.goto(`${app.url}/dashboard`);
      await page.goto(`${app.url}/test/${testId}`);
      await page.getByRole("button", { name: "Start Test" }).click();
      // a few questions, as a student moves through a paper
      await expect(page.getByText("Question 1 of 10")).toBeVisible();
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect(page.getByText("Question 2 of 10")).toBeVisible();
      await page.getByRole("button", { name: "Previous" }).click();
      await answerOneAndFinish(page);
      await expect(page).toHaveURL(/\/results\?attempt=/);
      await page.goBack();
      await expect(page).not.toHaveURL(/\/results/);
      await expect(page.getByRole("link", { name: "View your latest result" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Test Completed!" })).toHaveCount(0);
    });

    test("a running test is first on the dashboard, with the time left and Resume", async ({ page }) => {
      await signIn(page, app, javaScriptEnabled ? "meena@academy.local" : "student@academy.local", PASSWORD);
      const testId = testIdOf("English Grammar and Pedagogy");
      await page.goto(`${app.url}/test/${testId}`);
      await page.getByRole("button", { name: "Start Test" }).click();
      await expect(page.getByText("Question 1 of 10")).toBeVisible();
      await page.getByLabel(/^A\./).check();
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(page.getByText("Question 2 of 10")).toBeVisible();
      await page.goto(`${app.url}/dashboard`);
      const running = page.getByRole("region", { name: "Test in progress" });
      await expect(running).toContainText("English Grammar and Pedagogy");
      await expect(running).toContainText(/Time left: \d+:\d\d/);
      await expect(running).toContainText("1 of 10 answered");
      // on a deeper level of the dashboard too
      await page.goto(`${app.url}/dashboard?type=TET`);
      await expect(page.getByRole("region", { name: "Test in progress" })).toBeVisible();
      await running.getByRole("link", { name: "Resume Test" }).click();
      await expect(page.getByText("Question 2 of 10")).toBeVisible();
    });

    test("announcements are dismissed one by one; a new one still shows; All announcements lists them all", async ({ page }) => {
      const email = javaScriptEnabled ? "arun@academy.local" : "joseph@academy.local";
      await signIn(page, app, email, PASSWORD);
      const panel = page.getByRole("region", { name: "Announcements" });
      const items = panel.getByRole("listitem");
      await expect(items.first()).toBeVisible();
      const count = await items.count();
      const first = (await items.first().locator(".font-medium").textContent()) ?? "";
      // (with JavaScript the item goes at once; the reload waits for the post to be answered)
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/dashboard"));
      await panel.getByRole("button", { name: `Dismiss “${first}”` }).click();
      await answered;
      await expect(panel.getByText(first, { exact: true })).toHaveCount(0);
      await page.reload();
      await expect(panel.getByText(first, { exact: true })).toHaveCount(0);
      if (count > 1) await expect(items.first()).toBeVisible();
      // an urgent announcement published afterwards is shown
      const now = Date.now();
      app
        .db()
        .prepare(
          "insert into announcements (id, title, content, type, is_active, target_type, created_at, updated_at) values (?, ?, 'Bring your hall ticket.', 'test', 1, 'all', ?, ?)",
        )
        .run(`urgent-${javaScriptEnabled}`, `Exam hall changed (${javaScriptEnabled})`, now, now);
      await page.reload();
      await expect(panel.getByText(`Exam hall changed (${javaScriptEnabled})`)).toBeVisible();
      // the dismissed one is still a link away
      await panel.getByRole("link", { name: /^All announcements/ }).click();
      await expect(page.getByRole("region", { name: "Announcements" }).getByText(first, { exact: true })).toBeVisible();
    });
  });
}

test("Retake Test is offered only while an attempt is left; the last attempt's results say why not", async ({ page }) => {
  await signIn(page, app, "meena@academy.local", PASSWORD);
  const testId = testIdOf("TET English Mock Test 1");
  // the demo may have given her attempts already: start from none
  app.db().prepare("delete from attempts where test_id = ? and user_id = (select id from users where email = 'meena@academy.local')").run(testId);
  for (const attempt of [1, 2]) {
    await page.goto(`${app.url}/test/${testId}`);
    await page.getByRole("link", { name: "Start Test" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Start Test" }).click();
    await answerOneAndFinish(page);
    if (attempt === 1) {
      await expect(page.getByRole("link", { name: "Retake Test" })).toBeVisible();
      await expect(page.getByTestId("retake-note")).toHaveCount(0);
    }
  }
  await expect(page.getByRole("link", { name: "Retake Test" })).toHaveCount(0);
  await expect(page.getByTestId("retake-note")).toHaveText("No retake: you have used all 2 attempts of this test.");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the exam header shows the whole title; focus is on the question after Start, and the current question's button has a ring apart from the focus ring", async ({
    page,
  }) => {
    await signIn(page, app, "arun@academy.local", PASSWORD);
    const title = "Indian Writing in English: Beginnings to Independence";
    await page.goto(`${app.url}/test/${testIdOf(title)}`);
    await page.getByRole("button", { name: "Start Test" }).click();
    await expect(page.getByText(/Question 1 of \d+/)).toBeVisible();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(title);
    expect(await heading.evaluate((h) => h.scrollHeight <= h.clientHeight + 1 && h.scrollWidth <= h.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("LEGEND");
    // keyboard focus on the current question's button looks different from the button unfocused
    const current = page.locator('button[aria-current="step"]');
    const look = () => current.evaluate((b) => `${getComputedStyle(b).outlineStyle} ${getComputedStyle(b).outlineColor} ${getComputedStyle(b).boxShadow}`);
    const unfocused = await look();
    expect(unfocused).toContain("none");
    for (let i = 0; i < 80 && !(await current.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
    expect(await current.evaluate((b) => b === document.activeElement)).toBe(true);
    const focused = await look();
    expect(focused).not.toBe(unfocused);
    expect(focused).toContain("solid");
  });

  test("the progress tables that scroll sideways say so and can be reached by keyboard", async ({ page }) => {
    await signIn(page, app, "student@academy.local", PASSWORD);
    await page.goto(`${app.url}/progress`);
    const region = page.getByRole("region", { name: "Tests taken (scrolls sideways)" });
    await expect(region).toBeVisible();
    await expect(page.getByText("Scroll sideways for more →").first()).toBeVisible();
    await region.focus();
    await expect(region).toBeFocused();
    const results = await new AxeBuilder({ page }).withRules(["scrollable-region-focusable"]).analyze();
    expect(results.violations).toEqual([]);
  });
});
