// A sign-in wave: when the password queue is full the server answers 503 + Retry-After, and the sign-in
// page says so and sends the form again by itself (JavaScript on); without JavaScript the message stays
// for the student to press Sign In again. PASSWORD_QUEUE_MAX_WAIT_MS=0 makes every sign-in "too busy".
import { expect, test } from "@playwright/test";
import { type AppServer, STUDENT, startApp } from "./app-server";

const BUSY = "Many students are signing in right now. Please wait a few seconds and try again.";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true, env: { PASSWORD_QUEUE_MAX_WAIT_MS: "0" } });
});
test.afterAll(async () => {
  await app.stop();
});

async function fillSignIn(page: import("@playwright/test").Page) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email Address").fill(STUDENT.email);
  await page.getByLabel("Password", { exact: true }).fill(STUDENT.password);
}

test("JavaScript on: the page says sign-in is busy and tries again by itself", async ({ page }) => {
  const posts: number[] = [];
  page.on("response", (res) => {
    if (res.request().method() === "POST" && new URL(res.url()).pathname.startsWith("/login")) posts.push(res.status());
  });
  await fillSignIn(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toContainText(BUSY);
  await expect(page.getByRole("alert")).toContainText("Trying again for you in a few seconds");
  // Retry-After is 2 s here; the page waits that plus up to as much again, then posts the same form
  await expect.poll(() => posts.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  expect(posts.every((status) => status === 503)).toBe(true);
  // the student's e-mail is still in the form
  await expect(page.getByLabel("Email Address")).toHaveValue(STUDENT.email);
});

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  test("the busy message is shown with status 503, the e-mail kept", async ({ page }) => {
    await fillSignIn(page);
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Sign In" }).click()]);
    expect(response.status()).toBe(503);
    expect(response.headers()["retry-after"]).toBe("2");
    await expect(page.getByRole("alert")).toContainText(BUSY);
    await expect(page.getByLabel("Email Address")).toHaveValue(STUDENT.email);
  });
});
