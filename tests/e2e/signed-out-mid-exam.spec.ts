// A student signed out while writing (the academy set a new password, or pressed Sign out everywhere): the exam page
// says so instead of "Reconnecting…", keeps the answers given since, and sends them once the student signs in again.
import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

const ARUN = { email: "arun@academy.local", password: "student123" };

function answersOf(testId: string) {
  return app
    .db()
    .prepare(
      `select question_id as q, chosen_index as chosen from attempt_answers where chosen_index is not null and attempt_id = (
         select a.id from attempts a join users u on u.id = a.user_id where u.email = ? and a.test_id = ? order by a.started_at desc limit 1)
       order by question_id`,
    )
    .all(ARUN.email, testId) as Array<{ q: string; chosen: number }>;
}

test("signed out mid-exam by the academy: the page says so, keeps the answer, and sends it after signing in again", async ({ browser }) => {
  const student = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await signIn(student, app, ARUN.email, ARUN.password);
  const { id: testId } = app.db().prepare("select id from tests where title = ?").get("NET English Full Mock Test 1") as { id: string };
  await student.goto(`${app.url}/test/${testId}`);
  await student.getByRole("button", { name: "Start Test" }).click();
  await expect(student.getByText("Question 1 of 10")).toBeVisible();
  await student.getByLabel("B. T. S. Eliot").check();
  await expect.poll(() => answersOf(testId)).toEqual([{ q: "q1", chosen: 1 }]);

  // the academy signs the student out everywhere (warned that they are writing)
  const admin = await browser.newPage();
  await signIn(admin, app, ADMIN.email, ADMIN.password);
  const { id: userId } = app.db().prepare("select id from users where email = ?").get(ARUN.email) as { id: string };
  await admin.goto(`${app.url}/admin/users/${userId}`);
  await expect(admin.getByTestId("writing-now")).toContainText("Arun Kumar is writing “NET English Full Mock Test 1” right now");
  await admin.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(admin.getByText("Not signed in anywhere.")).toBeVisible();

  // the next answer cannot be saved: the page says why, not "Reconnecting…"
  await student.getByRole("button", { name: "Save & Next" }).click();
  await expect(student.getByText("Question 2 of 10")).toBeVisible();
  await student.getByLabel("A. Dante").check();
  const alert = student.getByTestId("signed-out");
  await expect(alert).toContainText(
    "You were signed out, so new answers are not being saved. Sign in again: the 1 answer not yet saved waits on this page and is sent once you are back. The time keeps running.",
  );
  await expect(student.getByText(/Reconnecting/)).toHaveCount(0);
  expect(answersOf(testId)).toEqual([{ q: "q1", chosen: 1 }]);

  // signing in again from the message comes back to the question, and the answer is stored
  await alert.getByRole("link", { name: "Sign in again" }).click();
  await student.getByLabel("Email Address").fill(ARUN.email);
  await student.getByLabel("Password", { exact: true }).fill(ARUN.password);
  await student.getByRole("button", { name: /sign in|log in|login/i }).click();
  await expect(student.getByText("Question 2 of 10")).toBeVisible();
  await expect(student.getByLabel("A. Dante")).toBeChecked();
  await expect
    .poll(() => answersOf(testId))
    .toEqual([
      { q: "q1", chosen: 1 },
      { q: "q2", chosen: 0 },
    ]);
  await expect(student.getByTestId("signed-out")).toHaveCount(0);
});

test("two tabs of the test, signed out: signing in again in one tab lets the other send what it kept", async ({ browser }) => {
  const priya = { email: "student@academy.local", password: "student123" };
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, app, priya.email, priya.password);
  const { id: testId } = app.db().prepare("select id from tests where title = ?").get("Chaucer and the Age of Transition") as { id: string };
  await first.goto(`${app.url}/test/${testId}`);
  await first.getByRole("button", { name: "Start Test" }).click();
  await expect(first.getByText(/Question 1 of \d+/)).toBeVisible();
  const second = await context.newPage();
  await second.goto(`${app.url}/test/${testId}?q=2`);
  await expect(second.getByText(/Question 2 of \d+/)).toBeVisible();

  const admin = await browser.newPage();
  await signIn(admin, app, ADMIN.email, ADMIN.password);
  const { id: userId } = app.db().prepare("select id from users where email = ?").get(priya.email) as { id: string };
  await admin.goto(`${app.url}/admin/users/${userId}`);
  await admin.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(admin.getByText("Not signed in anywhere.")).toBeVisible();

  const chosenOn = (q: string) =>
    app
      .db()
      .prepare(
        `select chosen_index as chosen from attempt_answers where question_id = ? and attempt_id = (
           select a.id from attempts a join users u on u.id = a.user_id where u.email = ? and a.test_id = ? order by a.started_at desc limit 1)`,
      )
      .get(q, priya.email, testId) as { chosen: number | null } | undefined;
  await second.locator('input[type="radio"]').nth(2).check();
  await expect(second.getByTestId("signed-out")).toContainText("the 1 answer not yet saved waits on this page");
  expect(chosenOn("q2")?.chosen ?? null).toBeNull();

  // the student signs in again in the first tab; the second sends what it kept (on focus, or its next retry)
  await first.goto(`${app.url}/login`);
  await first.getByLabel("Email Address").fill(priya.email);
  await first.getByLabel("Password", { exact: true }).fill(priya.password);
  await first.getByRole("button", { name: /sign in|log in|login/i }).click();
  await expect(first).toHaveURL(/dashboard/);
  await second.bringToFront();
  await expect.poll(() => chosenOn("q2")?.chosen ?? null, { timeout: 40_000 }).toBe(2);
  await expect(second.getByTestId("signed-out")).toHaveCount(0);
  await context.close();
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("signed out mid-exam: the next press leads to the sign-in page, and signing in returns to the test with its answers", async ({ page, browser }) => {
    const joseph = { email: "joseph@academy.local", password: "student123" };
    await signIn(page, app, joseph.email, joseph.password);
    const { id: testId } = app.db().prepare("select id from tests where title = ?").get("Chaucer and the Age of Transition") as { id: string };
    await page.goto(`${app.url}/test/${testId}`);
    await page.getByRole("button", { name: "Start Test" }).click();
    await expect(page.getByText(/Question 1 of \d+/)).toBeVisible();
    await page.locator('input[name="chosen"]').nth(1).check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(page.getByText(/Question 2 of \d+/)).toBeVisible();

    const admin = await browser.newPage();
    await signIn(admin, app, ADMIN.email, ADMIN.password);
    const { id: userId } = app.db().prepare("select id from users where email = ?").get(joseph.email) as { id: string };
    await admin.goto(`${app.url}/admin/users/${userId}`);
    await admin.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(admin.getByText("Not signed in anywhere.")).toBeVisible();

    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(page).toHaveURL(`${app.url}/login?redirectTo=${encodeURIComponent(`/test/${testId}`)}&ended=test`);
    await expect(page.getByTestId("ended-mid-test")).toHaveText(
      "You were signed out, so what you pressed on the test page was not done: an answer you had just chosen is not saved. Sign in to go back to the test.",
    );
    await page.getByLabel("Email Address").fill(joseph.email);
    await page.getByLabel("Password", { exact: true }).fill(joseph.password);
    await page.getByRole("button", { name: /sign in|log in|login/i }).click();
    // back in the running test, with the answer given before the sign-out
    await expect(page.getByText(/Question \d+ of \d+/)).toBeVisible();
    await page.getByRole("button", { name: "Question 1: Answered" }).click();
    await expect(page.locator('input[name="chosen"]').nth(1)).toBeChecked();
  });
});
