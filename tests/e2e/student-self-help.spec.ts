// Students help themselves, on a phone (360 px) with JavaScript on and off: My account (change the password:
// the other device is signed out, this one stays; last, as it changes the password), the library after
// sign-in, and All my tests searched across units. Each run has its own demo student.
import { expect, test } from "@playwright/test";
import { type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test.use({ viewport: { width: 360, height: 780 } });

for (const [javaScriptEnabled, email] of [
  [true, "student@academy.local"],
  [false, "joseph@academy.local"],
] as const) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the library after sign-in: the dashboard leads there; search and the books", async ({ page }) => {
      await signIn(page, app, email, "student123");
      await page.getByRole("link", { name: /^Library: study materials and books/ }).click();
      await expect(page.getByRole("heading", { name: "Library", exact: true })).toBeVisible();
      await expect(page.getByTestId("library-material").first()).toBeVisible();
      await page.getByLabel("Search").fill("chaucer");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/q=chaucer/);
      await expect(page.getByTestId("library-material")).toHaveCount(1);
      await expect(page.getByTestId("library-material")).toContainText("Chaucer");
      await expect(page.getByText("No book matches your search.")).toBeVisible();
      await page.goto(`${app.url}/library?show=books`);
      await expect(page.getByTestId("library-book").first()).toBeVisible();
      await expect(page.getByTestId("library-material")).toHaveCount(0);
    });

    test("All my tests: one search finds a test in another unit, and the filters narrow the list", async ({ page }) => {
      await signIn(page, app, email, "student123");
      await page.getByRole("link", { name: /^All my tests/ }).click();
      await expect(page.getByRole("heading", { name: "All my tests" })).toBeVisible();
      await page.getByLabel("Search").fill("romantic");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByTestId("test-card")).toHaveCount(1);
      await expect(page.getByTestId("test-card")).toContainText("Unit 2");
      await page.getByRole("link", { name: "Show all" }).click();
      await page.getByRole("navigation", { name: "Quick filters" }).getByRole("link", { name: "Not attempted" }).click();
      await expect(page).toHaveURL(/filter=not-attempted/);
      await expect(page.getByRole("status")).toContainText(/\d+ of \d+ tests/);
    });
    test("in the exam on a phone: the palette opens as a sheet from the header (a link down to it without JavaScript), and the Bookmark sticks", async ({
      page,
    }) => {
      await signIn(page, app, email, "student123");
      await page.goto(`${app.url}/tests?q=${encodeURIComponent("Full Mock Test 1")}`);
      await page
        .getByTestId("test-card")
        .first()
        .getByRole("link", { name: /Start Test|Resume Test|Retake Test/ })
        .click();
      await page.getByRole("button", { name: "Start Test" }).click();
      await expect(page.getByTestId("question-heading")).toContainText("Q1.");

      await page.getByTestId("exam-star").click();
      await expect(page.getByTestId("exam-star")).toHaveAttribute("aria-pressed", "true");
      await expect(page.getByTestId("exam-star")).toContainText("Bookmarked");

      await page.getByTestId("palette-toggle").click();
      if (javaScriptEnabled) await expect(page.getByTestId("palette")).toHaveAttribute("data-open", "true");
      else await expect(page).toHaveURL(/#palette$/);
      await expect(page.getByRole("button", { name: /^Question 3:/ })).toBeInViewport();
      await page.getByRole("button", { name: /^Question 3:/ }).click();
      await expect(page.getByTestId("question-heading")).toContainText("Q3.");
      if (javaScriptEnabled) await expect(page.getByTestId("palette")).not.toHaveAttribute("data-open", "true");
      // the star stayed on question 1
      await page.getByRole("button", { name: "Previous" }).click();
      await page.getByRole("button", { name: "Previous" }).click();
      await expect(page.getByTestId("question-heading")).toContainText("Q1.");
      await expect(page.getByTestId("exam-star")).toHaveAttribute("aria-pressed", "true");
    });

    test("My account: a wrong current password is refused beside its field; a right one changes it and signs the other device out", async ({
      page,
      browser,
    }) => {
      const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const otherPage = await other.newPage();
      await signIn(otherPage, app, email, "student123");
      await signIn(page, app, email, "student123");
      await page.getByRole("link", { name: "My account" }).click();
      await expect(page.getByRole("heading", { name: "My account" })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      // the other browser, and this file's earlier sign-ins
      await expect(page.getByTestId("other-devices")).toHaveText(/^You are also signed in on \d+ other devices?\.$/);

      await page.getByLabel("Current password").fill("not-my-password");
      await page.getByLabel("New password", { exact: true }).fill("a-new-pass-42");
      await page.getByLabel("Type the new password again").fill("a-new-pass-42");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText("Your current password is not right")).toBeVisible();
      await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Current password").fill("student123");
      await page.getByLabel("New password", { exact: true }).fill("a-new-pass-42");
      await page.getByLabel("Type the new password again").fill("a-new-pass-42");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByText(/^Your password is changed\. Your (other device was|\d+ other devices were) signed out\.$/)).toBeVisible();
      await expect(page.getByTestId("other-devices")).toHaveText("You are signed in on this device only.");

      // the other device is sent to sign in; the new password works there
      await otherPage.goto(`${app.url}/dashboard`);
      await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
      await signIn(otherPage, app, email, "a-new-pass-42");
      await other.close();
    });
  });
}
