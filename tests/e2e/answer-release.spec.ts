// A live mock keeps its answers back until its window closes: the admin sets it in Edit Test, the student's
// start card says when the answers come, the results page of this mock (several attempts allowed) says when the
// score and the answers come and shows neither (with JavaScript and without), and once the window has closed the
// same page shows the review.
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
let testId: string;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
  testId = (app.db().prepare("SELECT id FROM tests WHERE title = 'English Grammar and Pedagogy'").get() as { id: string }).id;
  // a window open now, closing in two hours
  app
    .db()
    .prepare("UPDATE tests SET opens_at = ?, closes_at = ? WHERE id = ?")
    .run(Date.now() - 3_600_000, Date.now() + 7_200_000, testId);
});
test.afterAll(async () => {
  await app.stop();
});

/** Starts the test from its card, answers nothing and submits it. */
async function sitAndSubmit(page: Page) {
  await page.goto(`${app.url}/test/${testId}`);
  await expect(page.getByTestId("answers-note")).toContainText(
    "Answers and explanations are shown after the test closes and everyone writing has finished: at the latest",
  );
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByRole("button", { name: "Finish Test" }).click();
  await page.getByRole("button", { name: "Submit Test" }).click();
  await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
}

test("the admin keeps a live mock's answers back until it closes; the tests list says so", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/tests/${testId}/edit`);
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Answers and explanations shown to students").selectOption("after_window");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Test updated successfully")).toBeVisible();
  expect((app.db().prepare("SELECT answer_release AS r FROM tests WHERE id = ?").get(testId) as { r: string }).r).toBe("after_window");
  await expect(page.getByTestId("test-row").filter({ hasText: "English Grammar and Pedagogy" }).getByTestId("test-window")).toContainText(
    "answers after it closes",
  );
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test("the results page of a mock of several attempts shows when the score and answers come, and no score, answer or explanation", async ({ page }) => {
      await signIn(page, app, STUDENT.email, STUDENT.password);
      await sitAndSubmit(page);
      // a score per attempt would give the key away, one question answered per attempt
      await expect(page.getByTestId("score-held")).toContainText("Submitted. Your score and the answers are shown on");
      await expect(page.getByText("0 / 10")).toHaveCount(0);
      await expect(page.getByText("Score Breakdown")).toHaveCount(0);
      await expect(page.getByText("Correct answer")).toHaveCount(0);
      await expect(page.getByText("Explanation", { exact: true })).toHaveCount(0);
      await expect(page.locator("[data-outcome]")).toHaveCount(0);
      // asking the review's filter by hand shows nothing more
      await page.goto(`${page.url()}&filter=unanswered`);
      await expect(page.locator("[data-outcome]")).toHaveCount(0);
    });
  });
}

test("once the window has closed, the student's results show the review with no action by anyone", async ({ page }) => {
  await signIn(page, app, STUDENT.email, STUDENT.password);
  app
    .db()
    .prepare("UPDATE tests SET closes_at = ? WHERE id = ?")
    .run(Date.now() - 1000, testId);
  await page.goto(`${app.url}/test/${testId}/results`);
  await expect(page.getByTestId("answers-later")).toHaveCount(0);
  await expect(page.getByText("Correct answer").first()).toBeVisible();
  await expect(page.locator("[data-outcome]")).toHaveCount(10);
});
