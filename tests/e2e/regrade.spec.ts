import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test("an admin fixes a wrong answer key and regrades; the student's results page shows the new score", async ({ page, browser }) => {
  const db = app.db();
  // a finished attempt of the demo student on the current version of its test
  const attempt = db
    .prepare(
      `SELECT a.id, a.test_id AS testId, a.score, a.total_questions AS total, t.title
       FROM attempts a JOIN users u ON u.id = a.user_id JOIN tests t ON t.id = a.test_id
       JOIN attempt_answers aa ON aa.attempt_id = a.id AND aa.question_id = 'q1' AND aa.chosen_index IS NOT NULL
       WHERE u.email = ? AND a.status = 'submitted' AND a.test_version = t.current_version ORDER BY a.completed_at DESC LIMIT 1`,
    )
    .get(STUDENT.email) as { id: string; testId: string; score: number; total: number; title: string };
  const q1 = db
    .prepare("SELECT correct_answer AS key, options FROM questions WHERE test_id = ? AND id = 'q1' ORDER BY version DESC LIMIT 1")
    .get(attempt.testId) as {
    key: number;
    options: string;
  };
  const chosen = (
    db.prepare("SELECT chosen_index AS c FROM attempt_answers WHERE attempt_id = ? AND question_id = 'q1'").get(attempt.id) as { c: number | null } | undefined
  )?.c;
  // the "fixed" key: the option the student chose when they were marked wrong, otherwise another option
  const newKey = chosen !== null && chosen !== undefined && chosen !== q1.key ? chosen : (q1.key + 1) % JSON.parse(q1.options).length;
  const expected = attempt.score + (chosen === newKey ? 1 : 0) - (chosen === q1.key ? 1 : 0);
  expect(expected).not.toBe(attempt.score);

  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/csv/${attempt.testId}/edit`);
  await page
    .getByTestId("editor-question")
    .first()
    .getByLabel(`Option ${String.fromCharCode(65 + newKey)} is correct`)
    .check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tests/${attempt.testId}/regrade$`));
  await expect(page.getByTestId("flash")).toContainText("marked with the old answer key");
  const row = page.getByTestId("regrade-row").filter({ hasText: STUDENT.email });
  await expect(row).toContainText(`${attempt.score} / ${attempt.total}`);
  await expect(row).toContainText(`${expected} / ${attempt.total}`);
  await page.getByLabel("Why (recorded with your name)").fill("Q1 had the wrong key");
  await page.getByRole("button", { name: /Apply: Regrade/ }).click();
  await expect(page.getByTestId("flash")).toContainText(/Regraded \d+ attempts?/);
  await expect(page.getByText("Nothing to regrade")).toBeVisible();
  await expect(page.getByText("“Q1 had the wrong key”")).toBeVisible();

  const ctx = await browser.newContext();
  const student = await ctx.newPage();
  await signIn(student, app, STUDENT.email, STUDENT.password);
  await student.goto(`${app.url}/test/${attempt.testId}/results?attempt=${attempt.id}`);
  await expect(student.getByTestId("regraded-note")).toContainText("Regraded on");
  await expect(student.getByText(`${expected} / ${attempt.total}`)).toBeVisible();
  await ctx.close();
});
