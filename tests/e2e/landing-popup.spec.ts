import { expect, test } from "@playwright/test";
import { type AppServer, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
  // the newest public announcement, very long: it is the one that pops up
  const long = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of the timetable for the weekend batches.`).join("\n\n");
  app
    .db()
    .prepare(
      "INSERT INTO announcements (id, title, content, type, is_active, target_type, created_at, updated_at) VALUES ('long-one', 'A very long timetable', ?, 'course', 1, 'all', ?, ?)",
    )
    .run(long, Date.now() + 1000, Date.now() + 1000);
});
test.afterAll(async () => {
  await app.stop();
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the on-load announcement at 360 px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 640 } });

    test("Close, Get Started and a × are in view without scrolling; closing is remembered for 30 days", async ({ page, context }) => {
      await page.goto(app.url);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("A very long timetable");
      for (const link of [
        dialog.getByRole("link", { name: "Close", exact: true }),
        dialog.getByRole("link", { name: "Get Started" }),
        dialog.getByRole("link", { name: "Dismiss" }),
      ])
        await expect(link).toBeInViewport();
      // only the text scrolls
      await expect(dialog.getByTestId("announcement-scroll")).toContainText("Paragraph 60");
      await dialog.getByRole("link", { name: "Dismiss" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      // with JavaScript the close is posted in the background: wait for its cookie
      await expect
        .poll(async () => (await context.cookies()).find((c) => c.name === "landing_popup_closed")?.expires ?? 0)
        .toBeGreaterThan(Date.now() / 1000 + 29 * 86_400);
      await page.goto(app.url);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  });
}

test.describe("the contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 640 } });

  test("after the post, its error is in view (not at the top of the page)", async ({ page }) => {
    await page.goto(`${app.url}/?popup=closed`);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("form", { name: "Contact form" }).getByRole("alert")).toHaveText("Please fill in all fields");
    await expect(page.getByRole("form", { name: "Contact form" }).getByRole("alert")).toBeInViewport();
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the landing page's phone menu, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 640 } });

    test("closes after a section is chosen, and opens again", async ({ page }) => {
      await page.goto(`${app.url}/?popup=closed`);
      const nav = page.getByRole("navigation", { name: "Site" });
      await nav.getByLabel("Sections").click();
      const about = nav.getByRole("link", { name: "About", exact: true });
      await expect(about).toBeVisible();
      await about.click();
      await expect(page).toHaveURL(/#about$/);
      await expect(page.locator("#about")).toBeInViewport();
      await expect(about).toBeHidden();
      await nav.getByLabel("Sections").click();
      await expect(nav.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
    });
  });
}

test.describe("book cards at 360 px", () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test("a long title shows at most two whole lines", async ({ page }) => {
    app
      .db()
      .prepare("UPDATE books SET title = ? WHERE rowid = (SELECT MIN(rowid) FROM books)")
      .run("A Very Long Book Title About the History of English Literature From Beowulf to the Present Day");
    await page.goto(`${app.url}/?popup=closed#books`);
    const titles = page.getByTestId("book-title");
    await expect(titles.first()).toBeVisible();
    for (const box of await titles.evaluateAll((els) =>
      els.map((e) => ({ h: e.getBoundingClientRect().height, line: Number.parseFloat(getComputedStyle(e).lineHeight) })),
    )) {
      expect(box.h).toBeLessThanOrEqual(box.line * 2 + 1);
    }
  });
});

test.describe("a broken book cover without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows the placeholder over the broken image", async ({ page }) => {
    app.db().prepare("UPDATE books SET cover_url = 'https://127.0.0.1:1/missing.png' WHERE rowid = (SELECT MAX(rowid) FROM books)").run();
    const id = (app.db().prepare("SELECT id FROM books WHERE rowid = (SELECT MAX(rowid) FROM books)").get() as { id: string }).id;
    await page.goto(`${app.url}/?book=${id}`);
    const img = page.getByRole("dialog").getByRole("img");
    await expect(img).toHaveAttribute("src", "https://127.0.0.1:1/missing.png");
    await expect.poll(() => img.evaluate((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth === 0)).toBe(true);
    // the broken image draws its ::before: the placeholder, covering the icon and the alt text
    const style = await img.evaluate((e) => {
      const s = getComputedStyle(e, "::before");
      return { content: s.content, image: s.backgroundImage, position: s.position };
    });
    // by its fingerprinted address, cached for a year like every other build asset
    expect(style).toEqual({ content: '""', image: expect.stringMatching(/\/build\/_assets\/book-placeholder-[A-Za-z0-9_-]+\.svg/), position: "absolute" });
    const placeholder = await page.request.get(`${app.url}${style.image.match(/\/build\/[^")]+/)![0]}`);
    expect(placeholder.status()).toBe(200);
    expect(placeholder.headers()["cache-control"]).toContain("immutable");
  });
});
