// Hostile text through the forms (and a CSV and a JSON import), then every page that shows it,
// rendered in Chromium at phone width: no script runs, nothing breaks out of its box, no 500.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

const LONG = "Ǝ".repeat(40) + "A".repeat(1200);
const CORPUS = [
  "<script>window.__pwned=1</script>",
  '<img src=x onerror="window.__pwned=1">',
  "javascript:window.__pwned=1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "\u202Eevil\u202C \u200B\u200Bzero-width",
  "📚🎓🔥 emoji",
  LONG,
];
const hostile = (i: number) => `${CORPUS[i % CORPUS.length]} ${CORPUS[(i + 1) % CORPUS.length]}`;

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

async function post(request: APIRequestContext, url: string, form: Record<string, string>) {
  const res = await request.post(`${app.url}${url}`, { form, headers: { Origin: app.url }, maxRedirects: 0 });
  // saved: the action answers with its redirect back to the list
  expect(res.status(), `${url} ${await res.text()}`).toBe(302);
  return res;
}

async function checkPage(page: Page, url: string) {
  let dialogs = 0;
  page.on("dialog", async (d) => {
    dialogs += 1;
    await d.dismiss();
  });
  const res = await page.goto(`${app.url}${url}`);
  expect(res?.status(), url).toBeLessThan(500);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), `script ran on ${url}`).toBeUndefined();
  expect(dialogs, `dialog on ${url}`).toBe(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${url}`).toBeLessThanOrEqual(1);
}

test.use({ viewport: { width: 360, height: 740 } });

test("hostile text in every form renders inert and inside its box", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, app, ADMIN.email, ADMIN.password);
  const r = page.request;
  const db = app.db();
  const testId = (db.prepare("select id from tests where title = ?").get("NET English Full Mock Test 1") as { id: string }).id;
  const studentId = (db.prepare("select id from users where email = ?").get(STUDENT.email) as { id: string }).id;

  await post(r, "/admin/users/new", { intent: "add", name: hostile(0), email: "hostile@example.test", password: "secret12", role: "user", examTypes: "NET" });
  await post(r, "/admin/exam-types/new", { name: hostile(1).slice(0, 50) });
  await post(r, "/admin/books/new", { title: hostile(2).slice(0, 200), coverUrl: "https://127.0.0.1:1/x.png", description: hostile(3).slice(0, 2000) });
  await post(r, "/admin/materials/new", {
    title: hostile(4).slice(0, 200),
    description: hostile(5).slice(0, 2000),
    examType: "NET",
    googleDriveLink: "https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view",
    thumbnailUrl: "https://127.0.0.1:1/t.png",
  });
  for (const [i, target] of (["all", "specific"] as const).entries()) {
    await post(r, "/admin/announcements/new", {
      title: hostile(6 + i).slice(0, 200),
      content: hostile(7 + i).slice(0, 5000),
      type: "general",
      targetType: target,
      targetEmails: STUDENT.email,
      isActive: "on",
    });
  }
  await post(r, `/admin/tests/${testId}/edit`, {
    intent: "edit",
    title: hostile(1).slice(0, 200),
    description: hostile(2).slice(0, 2000),
    examType: "NET",
    duration: "20",
    isActive: "on",
  });

  // a CSV with hostile cells, previewed and created
  // (options within the question record's 1,000 characters: a longer one is refused on every path)
  const csv = `question,option_a,option_b,option_c,option_d,correct_answer,explanation\n${CORPUS.map((c, i) => [c, hostile(i).slice(0, 1000), "B", "C", "D", "1", hostile(i + 2)].map((v) => `"${v.replace(/"/g, '""')}"`).join(",")).join("\n")}\n`;
  const preview = await r.post(`${app.url}/admin/tests/upload`, {
    multipart: {
      intent: "preview",
      title: hostile(3).slice(0, 200),
      examType: "NET",
      duration: "30",
      file: { name: "hostile.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
    headers: { Origin: app.url, Accept: "text/html" },
  });
  expect(preview.status()).toBeLessThan(500);
  await page.goto(`${app.url}/admin/tests/upload`);
  await page.getByRole("dialog").getByLabel("Test title").fill(hostile(4).slice(0, 200));
  await page.getByRole("dialog").getByLabel("Exam type", { exact: true }).selectOption("NET");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
  fs.writeFileSync(path.join(dir, "hostile.csv"), csv);
  await page.getByRole("dialog").getByLabel("CSV file").setInputFiles(path.join(dir, "hostile.csv"));
  await page.getByRole("dialog").getByRole("button", { name: "Create Test" }).click();
  await expect(page.getByTestId("flash")).toContainText("created with 8 questions");

  // a JSON import with hostile fields
  const backup = {
    version: "1.0",
    users: [{ id: "hostile-user", email: "imported@example.test", name: hostile(5), assignedExamTypes: ["NET"] }],
    tests: [],
    attempts: [],
    materials: [],
    customExamTypes: [{ value: "HOSTILE_TYPE", label: hostile(6).slice(0, 90) }],
    books: [{ id: "hostile-book", title: hostile(7), coverUrl: "javascript:alert(1)", description: hostile(0) }],
  };
  fs.writeFileSync(path.join(dir, "backup.json"), JSON.stringify(backup));
  await page.goto(`${app.url}/admin/backup`);
  await page.getByLabel("Backup file (.json)").setInputFiles(path.join(dir, "backup.json"));
  await page.getByRole("button", { name: "Preview import" }).click();
  await page.getByLabel(/I understand/).check();
  await page.getByRole("button", { name: "Import Data" }).click();
  await expect(page.getByTestId("flash")).toContainText("Import completed");
  fs.rmSync(dir, { recursive: true, force: true });

  // the student's own name, and a finished attempt on the hostile test
  db.prepare("update users set name = ? where id = ?").run(hostile(3), studentId);
  const hostileTest = (db.prepare("select id from tests where title like ?").get(`${CORPUS[4].slice(0, 10)}%`) as { id: string }).id;

  const adminPages = [
    "/admin",
    "/admin/tests",
    "/admin/users",
    "/admin/users/analysis",
    `/admin/users/${studentId}`,
    "/admin/materials",
    "/admin/books",
    "/admin/announcements",
    "/admin/csv",
    "/admin/exam-types",
    `/admin/csv/${hostileTest}/edit`,
    `/admin/tests/${hostileTest}/analysis`,
    "/admin/backup",
  ];
  for (const url of adminPages) await checkPage(page, url);

  const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const student = await ctx.newPage();
  await signIn(student, app, STUDENT.email, STUDENT.password);
  await checkPage(student, "/dashboard");
  await checkPage(student, "/dashboard?announcements=all");
  await checkPage(student, "/dashboard?type=NET&unit=general");
  await checkPage(student, `/test/${hostileTest}`);
  await student.getByRole("button", { name: "Start Test" }).click();
  await checkPage(student, `/test/${hostileTest}?q=2`);
  await checkPage(student, `/test/${hostileTest}?q=8&confirm=1`);
  await student.getByRole("button", { name: "Submit Test" }).click();
  await student.waitForURL(/results/);
  await checkPage(student, new URL(student.url()).pathname + new URL(student.url()).search);
  await ctx.close();

  const anon = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const visitor = await anon.newPage();
  await checkPage(visitor, "/");
  const bookId = (db.prepare("select id from books where title like ?").get(`${CORPUS[2].slice(0, 10)}%`) as { id: string }).id;
  await checkPage(visitor, `/?book=${bookId}`);
  await checkPage(visitor, "/?book=hostile-book");
  await anon.close();
});
