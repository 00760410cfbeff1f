import { chromium } from "playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const [w, js] of [[1280, true], [360, false]]) {
const ctx = await browser.newContext({ viewport: { width: w, height: 900 }, javaScriptEnabled: js });
const page = await ctx.newPage();
await page.goto("http://localhost:3111/login");
await page.getByLabel("Email").fill("admin@academy.local");
await page.getByLabel("Password", { exact: true }).fill("adminpass1");
await page.getByRole("button", { name: /sign in/i }).click();
await page.waitForURL(/admin/);
await page.goto("http://localhost:3111/admin/csv/340ff349-424f-4abd-97eb-2f21b06c9c1b/edit");
await page.getByLabel("Title", { exact: true }).fill("");
await page.getByLabel("Duration (minutes)").fill("9999");
await page.getByRole("button", { name: "Save Changes" }).click();
await page.waitForTimeout(800);
await page.screenshot({ path: "/tmp/shots/editor-" + w + ".png" });
}
await browser.close();
