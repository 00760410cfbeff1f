// An error shows inside its area's frame with the thrown status's own message: the admin tabs stay for a
// missing user in a dialog or a missing test's page; a student's page keeps the navigation bar. A busy server
// (503) answering a hydrated page's navigation says so inside the frame too.
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

const BUSY = "The site is very busy right now. Nothing was lost: press the button again in a few seconds.";

let app: AppServer;
/** The same site on the same database with no patience at all: it turns every page request away with 503. */
let busyTwin: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
  busyTwin = await startApp({ dbFile: app.dbFile, env: { RENDER_QUEUE_MAX_WAIT_MS: "0" } });
});
test.afterAll(async () => {
  await busyTwin.stop();
  await app.stop();
});

/** From now on the page's data requests for `pattern` are answered by the busy twin (its real answer). */
async function sendDataRequestsToBusyTwin(page: Page, pattern: string) {
  await page.route(pattern, async (route) => {
    const address = new URL(route.request().url());
    const response = await route.fetch({ url: `${busyTwin.url}${address.pathname}${address.search}` });
    await route.fulfill({ response });
  });
}

/** Posts an ordinary form (no JavaScript of the page involved) to a page that takes no posts. */
async function postFormTo(page: Page, action: string) {
  await page.evaluate((target) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = target;
    document.body.append(form);
    form.submit();
  }, action);
  await page.waitForLoadState("load");
}

test.describe("inside the admin area", () => {
  test("a dialog for a user that does not exist says so, and the admin tabs stay", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    const res = await page.goto(`${app.url}/admin/users/no-such-user/delete`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "User not found" })).toBeVisible();
    await expect(page.getByText("Error 404")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Admin Panel" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("the marks register of a test that does not exist says 'Test not found' inside the admin frame", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    const res = await page.goto(`${app.url}/admin/tests/no-such-test/marks`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Test not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
  });
});

test.describe("the question editor and practice rounds have error pages of their own kind", () => {
  test("the editor of a missing test says so with its status, inside the admin frame", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    const res = await page.goto(`${app.url}/admin/csv/no-such-test/edit`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Test not found" })).toBeVisible();
    await expect(page.getByText("Error 404")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to CSV Management" })).toBeVisible();
  });

  test("a practice round that is not the student's gives the student's error page, with the way back to the dashboard", async ({ page }) => {
    await signIn(page, app, "student@academy.local", "student123");
    const res = await page.goto(`${app.url}/practice/no-such-round`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Error 404")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  });
});

test.describe("a busy server (503) answering a page already open", () => {
  test("an admin's next tab says the site is busy inside the admin frame; pressing again works", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    await page.waitForLoadState("networkidle");
    await sendDataRequestsToBusyTwin(page, "**/admin/users.data*");
    await page.getByRole("link", { name: "User Management" }).click();
    await expect(page.getByRole("heading", { name: BUSY })).toBeVisible();
    await expect(page.getByText("Error 503")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    // the rush is over: Try again asks for the same page once more, and it opens
    await page.unrouteAll();
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: BUSY })).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("searchbox").or(page.getByRole("textbox")).first()).toBeVisible();
  });

  test("a student pressing Start Test on a limited test sees the busy message inside the exam page, under the navigation bar", async ({ page }) => {
    await signIn(page, app, STUDENT.email, STUDENT.password);
    const limited = app.db().prepare("SELECT id FROM tests WHERE title = 'Romantic Poets: Wordsworth to Keats'").get() as { id: string };
    await page.goto(`${app.url}/test/${limited.id}`);
    await page.waitForLoadState("networkidle");
    await sendDataRequestsToBusyTwin(page, "**/test/*.data*");
    // a limited test's Start Test asks to confirm first (the exam page's own data, fetched again)
    await page.getByRole("link", { name: "Start Test" }).click();
    await expect(page.getByRole("heading", { name: BUSY })).toBeVisible();
    await expect(page.getByText("Error 503")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
  });
});

test.describe("a student's pages", () => {
  test("a post to My Progress (which takes none) says so; the navigation bar stays", async ({ page }) => {
    await signIn(page, app, STUDENT.email, STUDENT.password);
    await postFormTo(page, "/progress");
    await expect(page.getByRole("heading", { name: "That page cannot take this request." })).toBeVisible();
    await expect(page.getByText("Error 405")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the exam's results page answers a stray post with its own message, not 'Page not found'", async ({ page }) => {
    await signIn(page, app, STUDENT.email, STUDENT.password);
    const testId = (app.db().prepare("SELECT id FROM tests WHERE is_active = 1 AND exam_type = 'TET' LIMIT 1").get() as { id: string }).id;
    await page.goto(`${app.url}/test/${testId}`);
    await postFormTo(page, `/test/${testId}/results`);
    await expect(page.getByRole("heading", { name: "That page cannot take this request." })).toBeVisible();
    await expect(page.getByText("Page not found")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });
});

test.describe("a fault (an error that is not an answer of the route's own)", () => {
  test("says 'Something went wrong' with Try again, inside the admin frame and under the student's navigation bar", async ({ browser, page }) => {
    // one test's stored options made unreadable (as a half-written disk might leave them), put back afterwards
    const db = app.db();
    const { id } = db.prepare("SELECT id FROM tests WHERE title = 'Indian Writing in English: Beginnings to Independence'").get() as { id: string };
    const kept = db.prepare("SELECT rowid, options FROM questions WHERE test_id = ?").all(id) as Array<{ rowid: number; options: string }>;
    db.prepare("UPDATE questions SET options = '{not json' WHERE test_id = ?").run(id);
    try {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      const res = await page.goto(`${app.url}/admin/tests/${id}/preview`);
      expect(res?.status()).toBe(500);
      await expect(page.getByRole("heading", { name: "Something went wrong. Please try again." })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Try again" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Admin Panel" })).toBeVisible();
      // nothing of the fault is shown
      await expect(page.getByText("JSON")).toHaveCount(0);

      // a student without JavaScript opening that test
      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const student = await noScript.newPage();
      await signIn(student, app, "arun@academy.local", "student123");
      expect((await student.goto(`${app.url}/test/${id}`))?.status()).toBe(500);
      await expect(student.getByRole("heading", { name: "Something went wrong. Please try again." })).toBeVisible();
      await expect(student.getByRole("button", { name: "Logout" })).toBeVisible();
      await expect(student.getByRole("link", { name: "Try again" })).toBeVisible();
      await expect(student.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
      await noScript.close();
    } finally {
      const restore = db.prepare("UPDATE questions SET options = ? WHERE rowid = ?");
      for (const row of kept) restore.run(row.options, row.rowid);
    }
  });
});
