import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, startApp } from "./app-server";

async function signIn(page: Page, app: AppServer) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email Address").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/admin$/);
}

test("the overview shows figures that match the database, and User Analysis opens a student's history", async ({ page }) => {
  const app = await startApp({ seedDemo: true });
  try {
    await signIn(page, app);
    const db = app.db();
    const finished = db.prepare("select count(*) as n, count(distinct user_id) as u from attempts where status in ('submitted','expired')").get() as {
      n: number;
      u: number;
    };
    const tests = db.prepare("select count(*) as n from tests where archived_at is null").get() as { n: number };
    await expect(page.getByTestId("activity-total")).toHaveText(String(finished.n));
    await expect(page.getByTestId("activity-users")).toHaveText(String(finished.u));
    await expect(page.getByText("Total Tests").locator("..")).toContainText(String(tests.n));
    await expect(page.getByRole("img", { name: `Score distribution of ${finished.n} attempts` })).toBeVisible();
    await page.getByRole("link", { name: "User Analysis →" }).click();
    await page.getByLabel("Sort").selectOption("attempts");
    // the two demo students with 2 attempts come first, ties by name
    await expect(page.getByTestId("analysis-row").nth(0)).toContainText("Arun Kumar");
    await expect(page.getByTestId("analysis-row").nth(1)).toContainText("Priya Raman");
    await page.getByLabel("Search by name or email").fill("priya");
    await expect(page.getByTestId("analysis-row")).toHaveCount(1);
    await page.getByTestId("analysis-row").first().getByRole("link", { name: "View Analysis" }).click();
    await expect(page.getByRole("heading", { name: "Priya Raman" })).toBeVisible();
    await page.getByRole("link", { name: "View results" }).first().click();
    await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Admin Panel" })).toBeVisible();
  } finally {
    await app.stop();
  }
});

test("an admin exports JSON and imports it into a fresh instance", async ({ browser }) => {
  const source = await startApp({ seedDemo: true });
  const target = await startApp({ seedDemo: false });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-export-"));
  try {
    const a = await browser.newPage();
    await signIn(a, source);
    await a.goto(`${source.url}/admin/backup`);
    const [download] = await Promise.all([a.waitForEvent("download"), a.getByRole("button", { name: "Export as JSON" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^academy-test-series-backup-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(a.getByRole("status")).toHaveText("Data exported successfully as JSON");
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const [csv] = await Promise.all([a.waitForEvent("download"), a.getByRole("button", { name: "Users", exact: true }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^academy-users-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(a.getByRole("status")).toHaveText("Data exported successfully as CSV files");

    const b = await browser.newPage();
    await signIn(b, target);
    await b.goto(`${target.url}/admin/backup`);
    await b.getByLabel("Backup file (.json)").setInputFiles(file);
    await b.getByRole("button", { name: "Preview import" }).click();
    await expect(b.getByText("File loaded successfully. Review the data before importing.")).toBeVisible();
    await expect(b.getByTestId("count-tests")).toHaveText("7");
    await b.getByLabel(/I understand/).check();
    await b.getByRole("button", { name: "Import Data" }).click();
    await expect(b.getByTestId("flash")).toContainText("Import completed:");
    const counts = (app: AppServer) =>
      app
        .db()
        .prepare("select (select count(*) from tests) t, (select count(*) from questions) q, (select count(*) from attempts) a, (select count(*) from books) b")
        .get();
    expect(counts(target)).toEqual(counts(source));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await source.stop();
    await target.stop();
  }
});
