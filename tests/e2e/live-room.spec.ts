// The live exam room with a student writing in another browser: the row and its figures, the refresh by
// itself (JavaScript) or the Refresh link (without), more time that reaches the student's page, Submit now.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
let testId: string;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
  testId = (app.db().prepare("SELECT id FROM tests WHERE title = 'English Grammar and Pedagogy'").get() as { id: string }).id;
});
test.afterAll(async () => {
  await app.stop();
});

/** The demo student, in a browser of their own, starts the test and answers the first question. */
async function studentWriting(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await signIn(page, app, STUDENT.email, STUDENT.password);
  await page.goto(`${app.url}/test/${testId}`);
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.locator('input[type="radio"]').first().check();
  await expect(page.getByTestId("answered-count")).toHaveText("1");
  await page.waitForLoadState("networkidle");
  return page;
}

const attemptOfStudent = () =>
  app
    .db()
    .prepare(
      "SELECT a.id, a.status, a.deadline_at AS deadlineAt FROM attempts a JOIN users u ON u.id = a.user_id WHERE u.email = ? AND a.test_id = ? ORDER BY a.started_at DESC",
    )
    .get(STUDENT.email, testId) as { id: string; status: string; deadlineAt: number };

test("JS on: the room shows the student writing, refreshes by itself, and more time reaches the student's page", async ({ page, browser }) => {
  const student = await studentWriting(browser);
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/tests/${testId}/live`);
  const row = page.getByTestId("live-row").filter({ hasText: "Priya Raman" });
  await expect(row).toContainText("1 / 10");
  await expect(page.getByText("Writing", { exact: true }).locator("..")).toContainText("1");

  // the student answers another question; the room shows it without a reload
  await student.getByRole("button", { name: "Save & Next" }).click();
  await student.locator('input[type="radio"]').nth(1).check();
  await expect(student.getByTestId("answered-count")).toHaveText("2");
  await expect(row).toContainText("2 / 10", { timeout: 15_000 });

  const before = attemptOfStudent().deadlineAt;
  await page.getByRole("link", { name: "More time for Priya Raman" }).click();
  await expect(page.getByRole("heading", { name: "More time for Priya Raman" })).toBeVisible();
  await page.getByLabel("Minutes").fill("10");
  await page.getByLabel("Reason (kept with the attempt)").fill("Power cut at the centre");
  await page.getByRole("button", { name: "Give time" }).click();
  await expect(page.getByText("10 minutes more given to 1 student")).toBeVisible();
  await expect(row).toContainText("+10 min given");
  expect(attemptOfStudent().deadlineAt).toBe(before + 10 * 60_000);

  // the student's next save brings the new deadline and says so
  await student.locator('input[type="radio"]').nth(2).check();
  await expect(student.getByTestId("time-extended")).toContainText("The academy gave you more time");
  await student.context().close();
});

test("JS on: the room names who has not started and who finished; its message and more time reach an open exam without a save", async ({ page, browser }) => {
  app.db().prepare("UPDATE attempts SET status = 'submitted', score = 0, completed_at = ?, time_spent = 1 WHERE status = 'in_progress'").run(Date.now());
  const student = await studentWriting(browser);
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/tests/${testId}/live`);
  await page.getByTestId("not-started-names").locator("summary").click();
  await expect(page.getByTestId("not-started-names")).not.toContainText("Priya Raman");
  await expect(page.getByTestId("not-started-names").locator("li").first()).toBeVisible();
  await page.getByTestId("finished-names").locator("summary").click();
  await expect(page.getByTestId("finished-names")).toContainText("Priya Raman");

  await page.getByLabel("Message to everyone writing").fill("Question 3: read Keats for Yeats.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  // the student saves nothing: the page asks by itself every 20 s or so
  await expect(student.getByTestId("live-message")).toContainText("Question 3: read Keats for Yeats.", { timeout: 35_000 });

  await page.getByLabel("Minutes").fill("7");
  await page.getByLabel("Reason (kept with the attempt)").fill("Late start at the centre");
  await page.getByRole("button", { name: "Give time" }).click();
  await expect(page.getByText("7 minutes more given to 1 student")).toBeVisible();
  await expect(student.getByTestId("time-extended")).toContainText("The academy gave you more time", { timeout: 35_000 });
  await student.context().close();
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test("the Refresh link, more time for everyone writing, and Submit now after a confirmation", async ({ page, browser }) => {
    // the attempt of the test before is over
    app.db().prepare("UPDATE attempts SET status = 'submitted', score = 0, completed_at = ?, time_spent = 1 WHERE status = 'in_progress'").run(Date.now());
    const student = await studentWriting(browser);
    await signIn(page, app, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin/tests/${testId}/live`);
    const row = page.getByTestId("live-row").filter({ hasText: "Priya Raman" });
    await expect(row).toContainText("1 / 10");
    // on a phone the table scrolls inside its region; the page itself does not scroll sideways
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // and the row's actions are on the screen, under the student's name, not at the end of the scrolled row
    for (const name of ["More time for Priya Raman", "Submit Priya Raman's attempt now"]) {
      const box = await row.getByRole("link", { name }).boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(row).toBeVisible();

    // a bad form says what is wrong beside its fields
    await page.getByRole("button", { name: "Give time" }).click();
    await expect(page.getByText("Give from 1 to 180 minutes")).toBeVisible();
    await page.getByLabel("Minutes").fill("5");
    await page.getByLabel("Reason (kept with the attempt)").fill("Late start");
    await page.getByRole("button", { name: "Give time" }).click();
    await expect(page.getByText("5 minutes more given to 1 student")).toBeVisible();

    await page.getByRole("link", { name: "Submit Priya Raman's attempt now" }).click();
    await expect(page.getByTestId("submit-confirm")).toContainText("Submit Priya Raman's attempt now, with the 1 answers saved?");
    await page.getByRole("button", { name: "Submit now" }).click();
    await expect(page.getByText("Attempt submitted")).toBeVisible();
    await expect(page.getByText("Nobody is writing this test right now.")).toBeVisible();
    expect(attemptOfStudent().status).toBe("submitted");
    await student.context().close();
  });
});

test("a page whose clock runs out after the academy gave more time goes on, with the new time", async ({ browser }) => {
  app.db().prepare("UPDATE attempts SET status = 'submitted', score = 0, completed_at = ?, time_spent = 1 WHERE status = 'in_progress'").run(Date.now());
  const student = await studentWriting(browser);
  const attempt = attemptOfStudent();
  // the page counts down to a deadline 6 s away; then more time is given without the page hearing of it
  app
    .db()
    .prepare("UPDATE attempts SET deadline_at = ? WHERE id = ?")
    .run(Date.now() + 6_000, attempt.id);
  await student.reload();
  await expect(student.getByTestId("answered-count")).toHaveText("1");
  await student.waitForLoadState("networkidle");
  app.db().prepare("UPDATE attempts SET deadline_at = deadline_at + 600000 WHERE id = ?").run(attempt.id);
  // the countdown reaches zero, sends time up, and hears of the new deadline instead of being submitted
  await expect(student.getByTestId("time-extended")).toContainText("The academy gave you more time", { timeout: 20_000 });
  await expect(student.getByRole("dialog")).toHaveCount(0);
  await expect(student.getByRole("timer")).toHaveAttribute("aria-label", /Time left (9|10):\d\d/);
  expect(attemptOfStudent().status).toBe("in_progress");
  // and it can still be finished by the student
  await student.getByRole("button", { name: "Finish Test" }).click();
  await student.getByRole("button", { name: "Submit Test" }).click();
  await expect(student.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  expect(attemptOfStudent().status).toBe("submitted");
  await student.context().close();
});
