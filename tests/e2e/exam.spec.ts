import { expect, test } from "@playwright/test";
import { type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

function testIdOf(title: string): string {
  return (app.db().prepare("select id from tests where title = ?").get(title) as { id: string }).id;
}

function savedAnswers(userEmail: string, testId: string) {
  return app
    .db()
    .prepare(
      `select aa.question_id as q, aa.chosen_index as chosen, aa.marked_for_review as marked from attempt_answers aa
       join attempts a on a.id = aa.attempt_id join users u on u.id = a.user_id
       where u.email = ? and a.test_id = ? and a.status = 'in_progress' order by aa.question_id`,
    )
    .all(userEmail, testId) as Array<{ q: string; chosen: number | null; marked: number }>;
}

test("JS on: take a test from the dashboard, reload midway, finish and review", async ({ page }) => {
  await signIn(page, app, STUDENT.email, STUDENT.password);
  // from the dashboard to the test without reloading the page (the app navigates, as on a phone)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: /^NET/ }).first().click();
  await expect(page).toHaveURL(/type=NET/);
  await page.getByRole("link", { name: /General Tests/ }).click();
  await page.getByRole("link", { name: "Start Test" }).click();
  const testId = testIdOf("NET English Full Mock Test 1");
  await expect(page.getByRole("heading", { name: "NET English Full Mock Test 1" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(page.getByText("MCQ")).toBeVisible();
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  await expect(page.getByRole("timer")).toHaveText(/^(19|20):\d\d$/);

  // Q1 correct (T. S. Eliot), saved on choice
  await page.getByLabel("B. T. S. Eliot").check();
  await page.getByRole("button", { name: "Save & Next" }).click();
  await expect(page.getByText("Question 2 of 10")).toBeVisible();
  // Q2 wrong, marked for review
  await page.getByLabel("A. Dante").check();
  await page.getByRole("button", { name: "Mark for Review & Next" }).click();
  await expect(page.getByText("Question 3 of 10")).toBeVisible();
  await expect.poll(() => savedAnswers(STUDENT.email, testId).filter((a) => a.chosen !== null).length).toBe(2);

  await page.reload();
  await expect(page.getByText("Question 3 of 10")).toBeVisible();
  // the navigator moves within the page (no reload: the countdown and save queue live on)
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("button", { name: /^Question 1: Answered$/ }).click();
  await expect(page.getByLabel("B. T. S. Eliot")).toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(new URL(page.url()).search).toBe("?q=1");
  await expect(page.getByRole("button", { name: "Question 2: Answered & Marked for Review" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Question 3: Not Answered" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Question 4: Not Visited" })).toBeVisible();
  await expect(page.getByTestId("answered-count")).toHaveText("2");

  await page.getByRole("button", { name: "Finish Test" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Unanswered: 3, 4, 5, 6, 7, 8, 9, 10");
  await expect(dialog).toContainText("Marked for review: 2");
  await dialog.getByRole("button", { name: "Submit Test" }).click();
  await expect(page).toHaveURL(/\/results\?attempt=/);
  await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  await expect(page.getByText("10%", { exact: true })).toBeVisible();
  await expect(page.getByText("1 / 10")).toBeVisible();
  await expect(page.getByText("Explanation").first()).toBeVisible();
  await expect(page.getByText("✗ Your answer")).toBeVisible();
  await page.getByRole("link", { name: /^Wrong \(1\)$/ }).click();
  await expect(page.locator("[data-outcome]")).toHaveCount(1);
  const row = app
    .db()
    .prepare("select a.status, a.score, a.total_questions as total from attempts a join users u on u.id = a.user_id where u.email = ? and a.test_id = ?")
    .get(STUDENT.email, testId);
  expect(row).toEqual({ status: "submitted", score: 1, total: 10 });
});

test("JS on: a failed save shows the warning and is retried until stored", async ({ page }) => {
  await signIn(page, app, "arun@academy.local", "student123");
  const testId = testIdOf("Chaucer and the Age of Transition");
  await page.goto(`${app.url}/test/${testId}`);
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  await page.route("**/api/attempts/**", (route) => route.abort("internetdisconnected"));
  await page.getByLabel("B. Geoffrey Chaucer").check();
  await expect(page.getByRole("status")).toContainText("Reconnecting… 1 answer not saved yet");
  await page.unroute("**/api/attempts/**");
  await expect(page.getByRole("status")).toHaveCount(0, { timeout: 20_000 });
  expect(savedAnswers("arun@academy.local", testId).find((a) => a.q === "q1")?.chosen).toBe(1);
});

test("the exam page's HTML carries no answer key or explanation", async ({ page }) => {
  await signIn(page, app, "joseph@academy.local", "student123");
  const testId = testIdOf("Romantic Poets: Wordsworth to Keats");
  await page.goto(`${app.url}/test/${testId}`);
  // a limited test (3 attempts): Start asks first
  await page.getByRole("link", { name: "Start Test" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  const res = await page.request.get(`${app.url}/test/${testId}?q=1`);
  const html = await res.text();
  expect(html).toContain("Lyrical Ballads was first published in");
  expect(html).not.toContain("correctAnswer");
  expect(html).not.toContain("anonymously in 1798"); // the first explanation
  const data = await page.request.get(`${app.url}/test/${testId}.data?q=2`);
  const body = await data.text();
  expect(body).toContain("Poetry is");
  expect(body).not.toContain("correctAnswer");
  expect(body).not.toContain("explanation");
});

test("timer expiry: an attempt moved past its deadline opens as results on the next request", async ({ page }) => {
  await signIn(page, app, "meena@academy.local", "student123");
  const testId = testIdOf("English Grammar and Pedagogy");
  await page.goto(`${app.url}/test/${testId}`);
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByLabel("B. goes").check();
  await expect.poll(() => savedAnswers("meena@academy.local", testId).find((a) => a.q === "q1")?.chosen).toBe(1);
  app
    .db()
    .prepare(`update attempts set started_at = ?, deadline_at = ? where test_id = ? and status = 'in_progress'`)
    .run(Date.now() - 11 * 60_000, Date.now() - 60_000, testId);
  await page.goto(`${app.url}/test/${testId}`);
  await expect(page).toHaveURL(/\/results\?attempt=/);
  await expect(page.getByText("Time ran out")).toBeVisible();
  await expect(page.getByText("1 / 10")).toBeVisible();
});

test("JS on: the countdown submits the test by itself at zero", async ({ page }) => {
  await signIn(page, app, "joseph@academy.local", "student123");
  const testId = testIdOf("NET English Full Mock Test 1");
  await page.goto(`${app.url}/test/${testId}`);
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByLabel("B. T. S. Eliot").check();
  await expect.poll(() => savedAnswers("joseph@academy.local", testId).find((a) => a.q === "q1")?.chosen).toBe(1);
  app
    .db()
    .prepare(`update attempts set deadline_at = ? where test_id = ? and status = 'in_progress'`)
    .run(Date.now() + 4_000, testId);
  await page.reload();
  await expect(page.getByRole("timer")).toHaveAttribute("data-warning", "true");
  await expect(page).toHaveURL(/\/results\?attempt=/, { timeout: 15_000 });
  await expect(page.getByText("1 / 10")).toBeVisible();
  // stored as time up, not as submitted, and the results say so
  await expect(page.getByTestId("time-up-note")).toContainText("Time ran out at");
  const status = app
    .db()
    .prepare("select a.status from attempts a join users u on u.id = a.user_id where u.email = ? and a.test_id = ? order by a.started_at desc limit 1")
    .get("joseph@academy.local", testId) as { status: string };
  expect(status.status).toBe("expired");
});

test.describe("JS off", () => {
  test.use({ javaScriptEnabled: false });

  test("the time left says it is as of the page load; an answer sent after the time is up is said to be lost", async ({ page }) => {
    await signIn(page, app, "arun@academy.local", "student123");
    const testId = testIdOf("Indian Writing in English: Beginnings to Independence");
    await page.goto(`${app.url}/test/${testId}`);
    await page.getByRole("button", { name: "Start Test" }).click();
    await expect(page.getByText("Question 1 of 10")).toBeVisible();
    await expect(page.getByText("Left at load")).toBeVisible();
    await page.getByLabel(/^A\./).check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(page.getByText("Question 2 of 10")).toBeVisible();
    // the time runs out (and its grace) while the student thinks about question 2
    app
      .db()
      .prepare(`update attempts set started_at = ?, deadline_at = ? where test_id = ? and status = 'in_progress'`)
      .run(Date.now() - 16 * 60_000, Date.now() - 60_000, testId);
    await page.getByLabel(/^B\./).check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(page).toHaveURL(/\/results\?attempt=.*late=1/);
    await expect(page.getByTestId("time-up-note")).toContainText("Time ran out at");
    await expect(page.getByRole("alert")).toHaveText("Your last answer reached the server after the time was up, so it was not saved.");
    // what was saved in time counts; the late answer is not stored
    const stored = app
      .db()
      .prepare(
        `select question_id as q, chosen_index as chosen from attempt_answers where chosen_index is not null and attempt_id = (
           select a.id from attempts a join users u on u.id = a.user_id where u.email = 'arun@academy.local' and a.test_id = ? order by a.started_at desc limit 1)
         order by question_id`,
      )
      .all(testId);
    expect(stored).toEqual([{ q: "q1", chosen: 0 }]);
  });

  test("an answer sent from one tab after the test was submitted in another is said to be lost, and why", async ({ page, context }) => {
    await signIn(page, app, "joseph@academy.local", "student123");
    const testId = testIdOf("Literary Criticism: Plato to Arnold");
    await page.goto(`${app.url}/test/${testId}`);
    await page.getByRole("button", { name: "Start Test" }).click();
    await expect(page.getByText("Question 1 of 10")).toBeVisible();
    // the same exam in a second tab, submitted there long before its time is up
    const second = await context.newPage();
    await second.goto(`${app.url}/test/${testId}`);
    await second.getByRole("button", { name: "Finish Test" }).click();
    await second.getByRole("button", { name: "Submit Test" }).click();
    await expect(second.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
    // the first tab still shows question 1: its answer arrives after the submission
    await page.getByLabel(/^B\./).check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(page).toHaveURL(/\/results\?attempt=.*late=1/);
    await expect(page.getByRole("alert")).toHaveText("Your last answer was not saved: this test had already been submitted, in another tab or window.");
    await expect(page.getByTestId("time-up-note")).toHaveCount(0);
    // nothing was chosen in the submitted attempt (it was submitted with no answer, and stays so)
    const chosen = app
      .db()
      .prepare(
        `select count(*) as n from attempt_answers where chosen_index is not null and attempt_id = (
           select a.id from attempts a join users u on u.id = a.user_id where u.email = 'joseph@academy.local' and a.test_id = ? order by a.started_at desc limit 1)`,
      )
      .get(testId) as { n: number };
    expect(chosen.n).toBe(0);
  });

  test("take a test with plain form posts and see the review", async ({ page }) => {
    await signIn(page, app, STUDENT.email, STUDENT.password);
    const testId = testIdOf("TET English Mock Test 1");
    await page.goto(`${app.url}/dashboard?type=TET&unit=general`);
    await page.getByRole("link", { name: "Start Test" }).click();
    // a limited test (2 attempts): Start asks first, also without JavaScript
    await page.getByRole("link", { name: "Start Test" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Start Test" }).click();
    await expect(page.getByText("Question 1 of 10")).toBeVisible();
    await expect(page.getByText(/^ends \d{1,2}:\d\d [ap]m/)).toBeVisible();
    // a browser that has never run the site's script gets the plain exam page: no script to fetch
    await expect(page.locator("script[src], link[rel=modulepreload]")).toHaveCount(0);
    await page.getByLabel("B. Wordsworth").check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(page).toHaveURL(/q=2/);
    await page.getByLabel("B. kind").check();
    await page.getByRole("button", { name: "Mark for Review & Next" }).click();
    await expect(page).toHaveURL(/q=3/);
    expect(savedAnswers(STUDENT.email, testId).filter((a) => a.chosen !== null)).toEqual([
      { q: "q1", chosen: 1, marked: 0 },
      { q: "q2", chosen: 1, marked: 1 },
    ]);
    await page.reload();
    await page.getByRole("button", { name: "Question 1: Answered" }).click();
    await expect(page.getByLabel("B. Wordsworth")).toBeChecked();
    await page.getByRole("button", { name: "Finish Test" }).click();
    await expect(page.getByRole("dialog")).toContainText("Unanswered: 3, 4, 5, 6, 7, 8, 9, 10");
    await page.getByRole("button", { name: "Submit Test" }).click();
    await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
    await expect(page.getByText("2 / 10")).toBeVisible();
    await expect(page.getByText("20%", { exact: true })).toBeVisible();
    await expect(page.locator("script[src], link[rel=modulepreload]")).toHaveCount(0);
  });
});
