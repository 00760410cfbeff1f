// axe-core on the pages students and admins use most: no serious or critical violations.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

async function expectNoSeriousViolations(page: Page, url: string) {
  await page.goto(`${app.url}${url}`);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("sign-in, student dashboard, exam and results", async ({ page }) => {
  await expectNoSeriousViolations(page, "/login");
  await expectNoSeriousViolations(page, "/login?mode=register");
  await signIn(page, app, STUDENT.email, STUDENT.password);
  await expectNoSeriousViolations(page, "/dashboard");
  await expectNoSeriousViolations(page, "/dashboard?type=NET&unit=1");
  const testId = (app.db().prepare("select id from tests where title = ?").get("NET English Full Mock Test 1") as { id: string }).id;
  await expectNoSeriousViolations(page, `/test/${testId}`);
  await page.getByRole("button", { name: "Start Test" }).click();
  await expectNoSeriousViolations(page, `/test/${testId}?q=1`);
  await expectNoSeriousViolations(page, `/test/${testId}?q=1&confirm=1`);
  await page.getByRole("button", { name: "Submit Test" }).click();
  await page.waitForURL(/results/);
  await expectNoSeriousViolations(page, new URL(page.url()).pathname + new URL(page.url()).search);
});

test("admin pages", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  for (const url of [
    "/admin",
    "/admin/tests",
    "/admin/tests/upload",
    "/admin/tests/bulk-upload",
    "/admin/tests/bulk",
    "/admin/tests/archived",
    "/admin/users/new",
    "/admin/materials/new",
    "/admin/books/new",
    "/admin/announcements/new",
    "/admin/exam-types/new",
    "/admin/users",
    "/admin/materials",
    "/admin/books",
    "/admin/announcements",
    "/admin/csv",
    "/admin/exam-types",
    "/admin/backup",
    "/admin/users/analysis",
    "/admin/batches",
    "/admin/batches/new",
    "/admin/gradebook",
    "/admin/activity",
    "/admin/bank",
    "/admin/bank/generate",
  ]) {
    await expectNoSeriousViolations(page, url);
  }
  // a batch's own page (with its student search open) and a test's batches
  await page.goto(`${app.url}/admin/batches/new`);
  await page.getByLabel("Name").fill("Axe batch");
  await page.getByRole("button", { name: "Create" }).click();
  await page.waitForURL(/\/admin\/batches\/[0-9a-f-]+$/);
  await expectNoSeriousViolations(page, `${new URL(page.url()).pathname}?find=a`);
  await page.goto(`${app.url}/admin/tests`);
  const batchesOfTest = await page.locator('a[href$="/batches"]').first().getAttribute("href");
  await expectNoSeriousViolations(page, batchesOfTest ?? "/admin/tests");
  // a bank question's page (its edit form, its tests) and a test's rank list
  await page.goto(`${app.url}/admin/bank`);
  const bankQuestion = await page.getByRole("link", { name: "Edit", exact: true }).first().getAttribute("href");
  expect(bankQuestion).toMatch(/^\/admin\/bank\/[0-9a-f]{26}$/);
  await expectNoSeriousViolations(page, bankQuestion ?? "/admin/bank");
  const marks = (batchesOfTest ?? "").replace(/\/batches$/, "/marks?view=rank");
  await expectNoSeriousViolations(page, marks);
});
