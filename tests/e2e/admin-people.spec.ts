import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test("a custom exam type, assigned to the demo student with a test in it, appears on their dashboard", async ({ page, browser }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/exam-types`);
  await page.getByRole("link", { name: "Add Custom Exam Type" }).first().click();
  await page.getByRole("dialog").getByLabel("Name").fill("Polytechnic TRB");
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Custom exam type created successfully");
  await expect(page.getByTestId("custom-type-row")).toContainText("POLYTECHNIC_TRB");

  await page.goto(`${app.url}/admin/users?q=student@academy.local`);
  await page.getByTestId("user-row").getByRole("link", { name: "Exam types" }).click();
  await page.getByRole("dialog").getByLabel("Polytechnic TRB (custom)").check();
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Exam types updated");

  await page.goto(`${app.url}/admin/tests/upload`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Test title").fill("Polytechnic Mock 1");
  await dialog.getByLabel("Exam type", { exact: true }).selectOption("POLYTECHNIC_TRB");
  await dialog.getByLabel("CSV file").setInputFiles(path.join(process.cwd(), "tests/fixtures/clean-10.csv"));
  await dialog.getByRole("button", { name: "Create Test" }).click();
  await expect(page.getByTestId("flash")).toContainText("Polytechnic Mock 1");

  const ctx = await browser.newContext();
  const student = await ctx.newPage();
  await signIn(student, app, STUDENT.email, STUDENT.password);
  await student.getByRole("link", { name: /Polytechnic TRB/ }).click();
  await student.getByRole("link", { name: /General Tests/ }).click();
  await expect(student.getByRole("heading", { name: "Polytechnic Mock 1" })).toBeVisible();
  await ctx.close();
});

test("announcements reach the right students: a past schedule shows, a targeted one only to its audience", async ({ page, browser }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/announcements/new`);
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Mock results are out");
  await dialog.getByLabel("Content").fill("Check your dashboard.");
  await dialog.getByLabel(/Scheduled for/).fill("2026-01-10T10:00");
  await dialog.getByRole("button", { name: "Create Announcement" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Announcement created successfully");

  await page.goto(`${app.url}/admin/announcements/new`);
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Only for Arun");
  await dialog.getByLabel("Content").fill("Your doubt-clearing session is at 5 PM.");
  await dialog.getByLabel("Specific users").check();
  await dialog.getByLabel("Find students").fill("arun");
  await dialog.getByRole("button", { name: /Arun Kumar/ }).click();
  await expect(dialog.getByLabel(/e-mail addresses/)).toHaveValue("arun@academy.local");
  await dialog.getByRole("button", { name: "Create Announcement" }).click();
  await expect(page.getByTestId("announcement-row").filter({ hasText: "Only for Arun" })).toContainText("1 specific users");

  const arunCtx = await browser.newContext();
  const arun = await arunCtx.newPage();
  await signIn(arun, app, "arun@academy.local", "student123");
  await arun.goto(`${app.url}/dashboard?announcements=all`);
  await expect(arun.getByText("Only for Arun")).toBeVisible();
  await expect(arun.getByText("Mock results are out")).toBeVisible();
  await arunCtx.close();

  const meenaCtx = await browser.newContext();
  const meena = await meenaCtx.newPage();
  await signIn(meena, app, "meena@academy.local", "student123");
  await meena.goto(`${app.url}/dashboard?announcements=all`);
  await expect(meena.getByText("Mock results are out")).toBeVisible();
  await expect(meena.getByText("Only for Arun")).toHaveCount(0);
  await meenaCtx.close();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Add User, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an error shows beside its field and the name, e-mail and ticks are kept", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/users`);
      await page.getByRole("link", { name: "Add User" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name").fill(`Revathi ${javaScriptEnabled}`);
      await dialog.getByLabel("Email").fill(`revathi-${javaScriptEnabled}@example.test`);
      await dialog.getByLabel("Password").fill("abc");
      await dialog.getByLabel("NET").check();
      await dialog.getByRole("button", { name: "Add User" }).click();
      const password = dialog.getByLabel("Password");
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByText("Password must be at least 6 characters")).toBeVisible();
      await expect(dialog.getByLabel("Name")).toHaveValue(`Revathi ${javaScriptEnabled}`);
      await expect(dialog.getByLabel("Email")).toHaveValue(`revathi-${javaScriptEnabled}@example.test`);
      await expect(dialog.getByLabel("NET")).toBeChecked();
      await password.fill("secret12");
      await dialog.getByRole("button", { name: "Add User" }).click();
      await expect(page.getByText(`User Revathi ${javaScriptEnabled} added`)).toBeVisible();
      const row = app
        .db()
        .prepare(
          "select u.name, group_concat(t.exam_type) as types from users u left join user_exam_types t on t.user_id = u.id where u.email = ? group by u.id",
        )
        .get(`revathi-${javaScriptEnabled}@example.test`);
      expect(row).toEqual({ name: `Revathi ${javaScriptEnabled}`, types: "NET" });
    });
  });
}
