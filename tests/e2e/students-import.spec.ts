import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Import students, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("preview then confirm; a new student signs in through their one-time link", async ({ page, browser }) => {
      const suffix = javaScriptEnabled ? "js" : "nojs";
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "students-"));
      const file = path.join(dir, "students.csv");
      fs.writeFileSync(
        file,
        `name,email,exam_types,password\nகவிதா ${suffix},kavitha-${suffix}@import.test,TET;NET,\nBad Row,not-an-email,TET,\nRavi ${suffix},ravi-${suffix}@import.test,PG TRB,ravi-pass-1\n`,
      );
      await signIn(page, app, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/users`);
      await page.getByRole("link", { name: "Import Students" }).click();
      await page.getByLabel("Students CSV").setInputFiles(file);
      await page.getByRole("button", { name: "Preview Import" }).click();
      await expect(page.getByTestId("import-counts")).toContainText("2 new");
      await expect(page.getByTestId("import-errors")).toContainText("Line 3 (not-an-email): Please enter a valid email address");
      await expect(page.getByTestId("import-row").first()).toContainText(`கவிதா ${suffix}`);
      // nothing is written before the confirmation
      expect(app.db().prepare("SELECT COUNT(*) AS n FROM users WHERE email LIKE ?").get(`%-${suffix}@import.test`)).toEqual({ n: 0 });
      await page.getByRole("button", { name: "Import 2 Students" }).click();
      await expect(page.getByTestId("flash")).toContainText("Import complete: 2 students added");
      const links = page.getByTestId("sign-in-links");
      await expect(links).toContainText("1 new student has no password yet");

      const csv = await (await page.request.get(`${app.url}${await links.getByRole("link").getAttribute("href")}`)).text();
      const line = csv.split("\n").find((l) => l.includes(`kavitha-${suffix}@import.test`)) ?? "";
      const url = /https?:\/\/\S+\/welcome\/[A-Za-z0-9_-]{43}/.exec(line)?.[0] ?? "";
      expect(url).not.toBe("");

      const ctx = await browser.newContext({ javaScriptEnabled });
      const student = await ctx.newPage();
      await student.goto(url);
      await expect(student.getByRole("heading", { name: `Welcome, கவிதா ${suffix}` })).toBeVisible();
      await student.getByLabel("New password").fill("kavitha-pass-1");
      await student.getByLabel("Type it again").fill("kavitha-pass-1");
      await student.getByRole("button", { name: "Set Password and Sign In" }).click();
      await expect(student).toHaveURL(/\/dashboard$/);
      // the link works once
      await student.goto(url);
      await expect(student.getByRole("alert")).toContainText("already been used");
      await ctx.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Bulk actions on users, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the ticked users reach the dialog, and Assign an exam type changes exactly them", async ({ page }) => {
      const suffix = javaScriptEnabled ? "bjs" : "bnojs";
      const db = app.db();
      for (const n of [1, 2, 3])
        db.prepare("INSERT INTO users (id, email, name, role, status, join_date, created_at, updated_at) VALUES (?, ?, ?, 'user', 'active', ?, ?, ?)").run(
          `${suffix}-${n}`,
          `${suffix}-${n}@bulk.test`,
          `Bulk ${suffix} ${n}`,
          Date.now(),
          Date.now(),
          Date.now(),
        );
      await signIn(page, app, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/users?q=${suffix}`);
      await page.getByLabel(`Select Bulk ${suffix} 1`).check();
      await page.getByLabel(`Select Bulk ${suffix} 3`).check();
      await page.getByRole("button", { name: "Bulk actions…" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText("The 2 ticked users")).toBeVisible();
      await dialog.getByLabel("Action").selectOption("add-type");
      await dialog.getByLabel("Exam type (to assign or remove)").selectOption("SET");
      await dialog.getByRole("button", { name: "Apply to 2 Users" }).click();
      await expect(page.getByTestId("flash")).toHaveText("Assign an exam type: 2 of 2 users changed");
      const withSet = db.prepare("SELECT user_id AS id FROM user_exam_types WHERE exam_type = 'SET' AND user_id LIKE ? ORDER BY user_id").all(`${suffix}-%`);
      expect(withSet).toEqual([{ id: `${suffix}-1` }, { id: `${suffix}-3` }]);
    });
  });
}
