// A wide table on a phone scrolls sideways inside its card; it is never squeezed to a column one letter wide.
// The page wraps very long words anywhere (user text), which once let a table's columns shrink until names,
// e-mails and headings broke between letters ("Ar / un / Ku / mar"): every word in a table cell keeps to
// one line here.
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test.use({ viewport: { width: 360, height: 740 } });

/** The words of table cells that the browser broke across lines: each text's lines against its words. */
function wordsBrokenInTables(page: Page) {
  return page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll("table th, table td")) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const words = (node.textContent ?? "").trim().split(/\s+/).filter(Boolean);
        if (!words.length) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        if (lines > words.length) broken.push(`${(node.textContent ?? "").trim()} (${lines} lines)`);
      }
    }
    return broken;
  });
}

test("the gradebook and the question bank on a phone: names, e-mails and headings are whole, the table scrolls", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/gradebook?type=NET`);
  await expect(page.getByTestId("gradebook-row").first()).toBeVisible();
  await expect(page.getByRole("rowheader", { name: /Arun Kumar/ })).toBeVisible();
  expect(await wordsBrokenInTables(page)).toEqual([]);
  // wider than the phone, so it scrolls inside its region and not the page
  const region = page.getByRole("region", { name: "Gradebook (scrolls sideways)" });
  expect(await region.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(`${app.url}/admin/bank`);
  await expect(page.getByTestId("bank")).toBeVisible();
  expect(await wordsBrokenInTables(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a student's progress tables on a phone keep their words whole", async ({ page }) => {
  await signIn(page, app, "student@academy.local", "student123");
  await page.goto(`${app.url}/progress`);
  await expect(page.getByRole("heading", { name: "My progress" })).toBeVisible();
  expect(await page.locator("table").count()).toBeGreaterThan(0);
  expect(await wordsBrokenInTables(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
