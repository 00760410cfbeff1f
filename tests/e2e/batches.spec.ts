// A batch, walked as an academy would, with JavaScript on and off: create a batch, add a student from the user
// list by "all matching", give a test to the batch, the student sees it and sits it, a student outside the batch
// does not see it, and the gradebook filtered by the batch shows the result.
import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

const RUNS = [
  // JavaScript on: Joseph and the PG TRB test (nobody else has PG TRB)
  {
    javaScriptEnabled: true,
    batch: "PG TRB weekend batch 2026",
    student: "joseph@academy.local",
    type: "PG_TRB",
    testTitle: "Literary Criticism: Plato to Arnold",
    outsider: null,
  },
  // JavaScript off: Meena and a TET test; the demo student has TET too and is left out of the batch
  {
    javaScriptEnabled: false,
    batch: "TET Sunday batch",
    student: "meena@academy.local",
    type: "TET",
    testTitle: "English Grammar and Pedagogy",
    outsider: "student@academy.local",
  },
] as const;

for (const run of RUNS) {
  test.describe(`JavaScript ${run.javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: run.javaScriptEnabled });

    test("create a batch, add by 'all matching', give it a test, the student sits it, the gradebook shows it", async ({ browser }) => {
      const adminContext = await browser.newContext({ javaScriptEnabled: run.javaScriptEnabled });
      const admin = await adminContext.newPage();
      await signIn(admin, app, ADMIN.email, ADMIN.password);

      // a new batch
      await admin.goto(`${app.url}/admin/batches`);
      await admin
        .getByRole("link", { name: /New Batch|Create the First Batch/ })
        .first()
        .click();
      await admin.getByLabel("Name").fill(run.batch);
      await admin.getByRole("button", { name: "Create" }).click();
      await expect(admin.getByRole("heading", { name: run.batch })).toBeVisible();
      await expect(admin.getByText("No students in this batch yet")).toBeVisible();

      // the user list, searched to the one student, then Bulk actions on all matching
      await admin.goto(`${app.url}/admin/users?q=${encodeURIComponent(run.student)}`);
      await admin.getByRole("button", { name: "Bulk actions…" }).click();
      await expect(admin.getByLabel(/All 1 user matching/)).toBeChecked();
      await admin.getByLabel("Action", { exact: true }).selectOption("add-batch");
      await admin.getByLabel(/^Batch \(to add/).selectOption({ label: run.batch });
      await admin.getByRole("button", { name: "Apply to 1 User" }).click();
      await expect(admin.getByText("Add to a batch: 1 of 1 users changed")).toBeVisible();

      // the test given to the batch, from its Batches page
      await admin.goto(`${app.url}/admin/tests?q=${encodeURIComponent(run.testTitle)}`);
      const testHref = await admin.locator('a[href$="/batches"]').first().getAttribute("href");
      await admin.goto(`${app.url}${testHref}`);
      await admin.getByLabel("Batch", { exact: true }).selectOption({ label: run.batch });
      await admin.getByRole("button", { name: "Give to Batch" }).click();
      await expect(admin.getByText(`Given to ${run.batch}`)).toBeVisible();
      await expect(admin.getByTestId("test-batch-row")).toContainText("1 student");

      // the student sees it in their category and sits it (Finish without answers: 0%)
      const studentContext = await browser.newContext({ javaScriptEnabled: run.javaScriptEnabled });
      const student = await studentContext.newPage();
      await signIn(student, app, run.student, "student123");
      // (both demo tests are in unit 1 of their type)
      await student.goto(`${app.url}/dashboard?type=${run.type}&unit=1`);
      await expect(student.getByText(run.testTitle).first()).toBeVisible();
      const testId = (testHref ?? "").split("/")[3];
      await student.goto(`${app.url}/test/${testId}`);
      if (run.javaScriptEnabled) await student.waitForLoadState("networkidle");
      await student.getByRole("button", { name: "Start Test" }).click();
      await student.getByRole("button", { name: "Finish Test" }).click();
      await student
        .getByRole("dialog")
        .getByRole("button", { name: /Submit|Finish/ })
        .last()
        .click();
      await expect(student.getByRole("heading", { name: "Test Completed!" })).toBeVisible();

      // someone of the same exam type outside the batch does not see it, and cannot open it
      if (run.outsider) {
        const outsiderContext = await browser.newContext({ javaScriptEnabled: run.javaScriptEnabled });
        const outsider = await outsiderContext.newPage();
        await signIn(outsider, app, run.outsider, "student123");
        await outsider.goto(`${app.url}/test/${testId}`);
        await expect(outsider.getByText(/not found/i).first()).toBeVisible();
        await outsiderContext.close();
      }

      // the gradebook of the batch: the student's latest attempt on the test
      await admin.goto(`${app.url}/admin/gradebook?type=${run.type}`);
      await admin.getByLabel("Batch", { exact: true }).selectOption({ label: run.batch });
      await admin.getByLabel("Score per test").selectOption("latest");
      await admin.getByRole("button", { name: "Show" }).click();
      await expect(admin.getByText("1 student ·")).toBeVisible();
      const row = admin.getByTestId("gradebook-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("0%");
      // each score with its marks, rank and percentile among the batch (one student: first, 100th percentile)
      const standings = await row.getByTestId("gradebook-standing").all();
      expect(standings.length).toBeGreaterThan(0);
      for (const standing of standings) await expect(standing).toContainText(/\/\d+ · #1\s*(, percentile)?\s*· P100/);
      await adminContext.close();
      await studentContext.close();
    });
  });
}
