// A tour of every student and admin page at 320 px (the narrowest phones still sold), read from app/routes: no page
// may be wider than the screen. The demo data, plus what makes the narrow case seen on a phone appear: a closed
// test's disabled "Closed on …" button on a dashboard card and on its start card.
import { expect, type Page, test } from "@playwright/test";
import { routeFiles, urlPatternOf } from "../route-files";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test.use({ viewport: { width: 320, height: 700 } });

const idOf = (sql: string, ...args: unknown[]) =>
  (
    app
      .db()
      .prepare(sql)
      .get(...args) as { id: string } | undefined
  )?.id ?? "none";

/** Every page address of app/routes, with the demo data's ids put in; resource routes (files, JSON) left out. */
function pages(): string[] {
  const testId = idOf("select id from tests where title = ?", "NET English Full Mock Test 1");
  const ids: Record<string, string> = {
    testId,
    userId: idOf("select id from users where email = ?", STUDENT.email),
    announcementId: idOf("select id from announcements limit 1"),
    bookId: idOf("select id from books limit 1"),
    materialId: idOf("select id from materials limit 1"),
    typeId: idOf("select id from exam_types where is_builtin = 0 limit 1"),
    batchId: idOf("select id from batches limit 1"),
    roundId: "none",
    reportId: "none",
    token: "none",
    key: "none",
    attemptId: "none",
  };
  return routeFiles()
    .filter((f) => f.endsWith(".tsx"))
    .map((f) => urlPatternOf(f))
    .filter((p) => !p.includes(".csv") && !p.startsWith("/api") && !["/logout", "/*"].includes(p))
    .map((p) => p.replace(/:([a-zA-Z]+)/g, (_, name: string) => ids[name] ?? "none"));
}

async function widthOf(page: Page, url: string) {
  const res = await page.goto(`${app.url}${url}`);
  expect(res?.status(), url).toBeLessThan(500);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test("no student page is wider than a 320 px screen, with a closed test on the dashboard and its start card", async ({ page }) => {
  const closed = idOf("select id from tests where title = ?", "Romantic Poets: Wordsworth to Keats");
  app
    .db()
    .prepare("update tests set opens_at = ?, closes_at = ? where id = ?")
    .run(Date.now() - 2 * 86_400_000, Date.now() - 86_400_000, closed);
  await signIn(page, app, STUDENT.email, STUDENT.password);
  const student = pages().filter((p) => !p.startsWith("/admin") && !p.startsWith("/welcome"));
  student.push("/dashboard?type=NET", "/dashboard?type=NET&unit=2", "/dashboard?type=NET&unit=general", "/dashboard?type=TET&unit=general", `/test/${closed}`);
  const tooWide: string[] = [];
  for (const url of student) {
    const width = await widthOf(page, url);
    if (width > 320) tooWide.push(`${url}: ${width}px`);
  }
  // the closed test's card says so on a button that wraps
  await page.goto(`${app.url}/dashboard?type=NET&unit=2`);
  await expect(page.getByTestId("start-refused").first()).toContainText("Closed on");
  expect(tooWide).toEqual([]);
});

test("no admin page is wider than a 320 px screen", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, app, ADMIN.email, ADMIN.password);
  const tooWide: string[] = [];
  for (const url of pages().filter((p) => p.startsWith("/admin"))) {
    const width = await widthOf(page, url);
    if (width > 320) tooWide.push(`${url}: ${width}px`);
  }
  expect(tooWide).toEqual([]);
});
