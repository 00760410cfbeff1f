// Bulk Operations: activate every test the list's filters match, with JavaScript and without.
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
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test("activate all matching: every NET test, and no other", async ({ page }) => {
      app.db().prepare("UPDATE tests SET is_active = 0").run();
      const netTests = (app.db().prepare("SELECT COUNT(*) AS n FROM tests WHERE exam_type = 'NET' AND archived_at IS NULL").get() as { n: number }).n;
      expect(netTests).toBeGreaterThan(1);
      await signIn(page, app, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/tests?type=NET`);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Bulk Operations" }).click();
      await page.getByRole("button", { name: "Change All Matching…" }).click();
      await expect(page.getByText(`Change ${netTests} tests (every test matching the filters):`)).toBeVisible();
      await page.getByLabel("What to change").selectOption("activate");
      await page.getByRole("button", { name: `Change ${netTests} Tests` }).click();
      await expect(page.getByText(`${netTests} tests changed: activated`)).toBeVisible();
      const byType = app.db().prepare("SELECT exam_type AS type, SUM(is_active) AS active, COUNT(*) AS n FROM tests GROUP BY exam_type").all() as {
        type: string;
        active: number;
        n: number;
      }[];
      for (const row of byType) expect(row.active, row.type).toBe(row.type === "NET" ? row.n : 0);
    });
  });
}
