import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { type AppServer, startApp } from "./app-server";

test.describe("with an empty database", () => {
  let app: AppServer;
  test.beforeAll(async () => {
    app = await startApp({ seedDemo: false });
  });
  test.afterAll(async () => {
    await app.stop();
  });

  test("shows every empty state and no dialog", async ({ page }) => {
    await page.goto(app.url);
    await expect(page.getByText("No Announcements Yet")).toBeVisible();
    await expect(page.getByText("Check back soon for updates on courses, tests, and admissions!")).toBeVisible();
    await expect(page.getByText("Study Materials Coming Soon")).toBeVisible();
    await expect(page.getByText("Books Coming Soon")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});

test.describe("with demo content", () => {
  let app: AppServer;
  test.beforeAll(async () => {
    app = await startApp({ seedDemo: true });
    // enough public announcements and books to fill the page past its limits
    const db = app.db();
    const now = Date.now();
    for (let i = 1; i <= 5; i++) {
      db.prepare(
        "insert into announcements (id, title, content, type, is_active, target_type, created_at, updated_at) values (?, ?, ?, 'course', 1, 'all', ?, ?)",
      ).run(`extra-${i}`, `Extra announcement ${i}`, `Details of extra announcement ${i}`, now - 10 * 86_400_000 - i * 1000, now);
    }
    for (let i = 1; i <= 4; i++) {
      db.prepare("insert into books (id, title, cover_url, description, created_at, updated_at) values (?, ?, ?, ?, ?, ?)").run(
        `book-extra-${i}`,
        `Extra Book ${i}`,
        i === 1 ? "https://127.0.0.1:1/missing-cover.png" : "/images/book-2.svg",
        null,
        now - 30 * 86_400_000 - i * 1000,
        now,
      );
    }
  });
  test.afterAll(async () => {
    await app.stop();
  });

  test("shows 6 announcements, 8 books, the on-load dialog, a book dialog and Get Started", async ({ page }) => {
    await page.goto(app.url);
    const popup = page.getByRole("dialog");
    await expect(popup).toContainText("New NET Mock Test Series Begins");
    await popup.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("announcement-card")).toHaveCount(6);
    await expect(page.getByTestId("book-card")).toHaveCount(8);
    await expect(page.getByText("Future")).toHaveCount(0);
    // the targeted (TET-only) and the scheduled announcements are not public
    await expect(page.getByText("TET Students: Grammar Revision Workshop")).toHaveCount(0);
    await expect(page.getByText("Results of the Monthly Grand Test")).toHaveCount(0);
    for (const id of ["home", "about", "features", "announcements", "materials", "books", "contact"]) {
      await expect(page.locator(`#${id}`)).toHaveCount(1);
    }

    await page.getByTestId("book-card").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Book Details");
    await expect(dialog).toContainText("Added on");
    const order = dialog.getByRole("link", { name: "Order via WhatsApp" });
    const href = (await order.getAttribute("href")) ?? "";
    expect(decodeURIComponent(href)).toContain('Hi, I would like to order the book: "A Handbook of NET English Literature"');
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // the popup stays closed for the rest of the visit
    await page.reload();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByTestId("announcement-card").first().click();
    await expect(page).toHaveURL(/\?announcement=/);
    await page.getByRole("dialog").getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(`${app.url}/login`);
  });

  test("a broken cover falls back to the placeholder", async ({ page }) => {
    await page.goto(`${app.url}/?book=book-extra-1`);
    const img = page.getByRole("dialog").getByRole("img", { name: "Cover of Extra Book 1" });
    // the placeholder by its fingerprinted address (cached for a year)
    await expect(img).toHaveAttribute("src", /^\/build\/_assets\/book-placeholder-[A-Za-z0-9_-]+\.svg$/);
  });

  test("the contact form validates and then opens the mail client", async ({ page }) => {
    await page.goto(`${app.url}/?popup=closed`);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please fill in all fields");
    await form.getByLabel("First Name").fill("Asha");
    await form.getByLabel("Last Name").fill("K");
    await form.getByLabel("Email").fill("asha@example");
    await form.getByLabel("Subject").fill("Weekend batch");
    await form.getByLabel("Message").fill("Is there a Sunday batch?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address");
    await form.getByLabel("Email").fill("asha@example.in");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("status")).toContainText("Message sent successfully!");
    await expect(form.getByRole("status")).toContainText("Your email client should open with the message ready to send.");
    await expect(form.getByRole("status")).toHaveCount(0, { timeout: 5_000 });
  });

  test("passes an axe scan with no serious violations", async ({ page }) => {
    await page.goto(`${app.url}/?popup=closed`);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("dialogs are links, the popup closes with a cookie, contact posts to the server", async ({ page }) => {
      await page.goto(app.url);
      await expect(page.getByRole("dialog")).toContainText("New NET Mock Test Series Begins");
      await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
      await expect(page).toHaveURL(`${app.url}/`);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByTestId("book-card")).toHaveCount(8);
      await page.getByTestId("book-card").nth(1).click();
      await expect(page.getByRole("dialog")).toContainText("TET English Made Easy");
      await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByTestId("announcement-card").first().click();
      await expect(page.getByRole("dialog")).toContainText("New NET Mock Test Series Begins");
      await page.goto(`${app.url}/`);
      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("First Name").fill("Asha");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("form", { name: "Contact form" }).getByRole("alert")).toHaveText("Please fill in all fields");
      await expect(page.getByRole("form", { name: "Contact form" }).getByLabel("First Name")).toHaveValue("Asha");
      const res = await page.request.post(`${app.url}/?index`, {
        form: { firstName: "Asha", lastName: "K", email: "asha@example.in", subject: "Hi", message: "Hello" },
        headers: { Origin: app.url },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toMatch(/^mailto:contact@minerva-academy\.in\?subject=Hi&body=/);
    });
  });

  test("a signed-in student visiting / goes to the dashboard", async ({ page }) => {
    await page.goto(`${app.url}/login`);
    await page.getByLabel("Email Address").fill("student@academy.local");
    await page.getByLabel("Password", { exact: true }).fill("student123");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(app.url);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
