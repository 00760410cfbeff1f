// "Forgot password?" end to end, at 360 px with JavaScript on and off: the e-mail arrives in the inbox of a real SMTP
// server started here, its link sets a new password and signs the student in, and works only once.
import { expect, test } from "@playwright/test";
import { linkIn, startTestSmtp, type TestSmtp } from "../test-smtp";
import { type AppServer, startApp } from "./app-server";

let app: AppServer;
let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startTestSmtp();
  app = await startApp({ seedDemo: true, env: { SMTP_URL: smtp.url, MAIL_FROM: "tests@academy.test", MAIL_SECONDS: "1" } });
});
test.afterAll(async () => {
  await app.stop();
  await smtp.close();
});

test.use({ viewport: { width: 360, height: 780 } });

for (const [javaScriptEnabled, email] of [
  [true, "arun@academy.local"],
  [false, "meena@academy.local"],
] as const) {
  test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: the reset link arrives by e-mail, sets a new password once`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByTestId("reset-sent")).toContainText("If an account uses that e-mail address, we have sent a link to it.");

    await expect.poll(() => smtp.inbox.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(1);
    const link = linkIn(smtp.inbox.find((m) => m.to.includes(email)) ?? smtp.inbox[0]).replace(/^https?:\/\/[^/]+/, app.url);
    await page.goto(link);
    await page.getByLabel("New password").fill("reset-by-mail-7");
    await page.getByLabel("Type it again").fill("reset-by-mail-7");
    await page.getByRole("button", { name: "Set Password and Sign In" }).click();
    await page.waitForURL(/\/dashboard$/);

    // the link works once
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get a new link by e-mail" })).toBeVisible();
    await context.close();
  });
}
