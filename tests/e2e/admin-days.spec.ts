// What an academy's administrator trips on during a working day: the upload preview, the names of the
// export controls, lists at 360 px, the item analysis after a regrade. JavaScript on and off where the
// page behaves differently.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures", name);

test.describe("Upload Single Test without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the preview shows the first 5 questions; Show all opens the rest", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin/tests/upload`);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Test title").fill("Ten Clean Questions");
    await dialog.getByLabel("Exam type", { exact: true }).selectOption("NET");
    await dialog.getByLabel("CSV file").setInputFiles(fixture("clean-10.csv"));
    await dialog.getByRole("button", { name: "Upload & Preview" }).click();
    await expect(dialog.getByRole("heading", { name: "The first 5 questions, and every flagged one" })).toBeVisible();
    await expect(dialog.getByTestId("preview-question").filter({ visible: true })).toHaveCount(5);
    await dialog.getByText("Show all 10 questions").click();
    await expect(dialog.getByTestId("preview-question").filter({ visible: true })).toHaveCount(10);
  });
});

test("Backup & Import names its CSV export as the spec does", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/backup`);
  await expect(page.getByRole("button", { name: "Export as JSON" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Export as CSV", exact: true })).toBeVisible();
});

test("on a desktop the question bank's pages mark Test Management as the current section", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/bank`);
  const tabs = page.getByRole("navigation", { name: "Admin sections" }).last();
  await expect(tabs.getByRole("link", { name: "Test Management", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(tabs.getByRole("link", { name: "Overview & Analytics", exact: true })).not.toHaveAttribute("aria-current", "page");
  await page.goto(`${app.url}/admin`);
  await expect(tabs.getByRole("link", { name: "Overview & Analytics", exact: true })).toHaveAttribute("aria-current", "page");
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the admin sections are a menu that shows every one of them; the marks register's headers stay whole words", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await expect(sections.getByTestId("sections-menu")).toContainText("Overview & Analytics");
    await expect(sections.getByTestId("sections-menu")).toContainText("All sections");
    await sections.getByTestId("sections-menu").click();
    // every section on the screen at once, none off to the right
    for (const name of ["Test Management", "User Management", "Study Materials", "Books", "Announcements", "CSV Management", "Exam Types", "Backup & Import"]) {
      const link = sections.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      const box = await link.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    await sections.getByRole("link", { name: "Backup & Import", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/backup$/);
    await expect(sections.getByTestId("sections-menu")).toContainText("Backup & Import");
    await expect(sections.getByRole("link", { name: "Books", exact: true })).toBeHidden();
    // the question bank is a page of Test Management's, not the overview's
    await page.goto(`${app.url}/admin/bank/taken-out`);
    await expect(sections.getByTestId("sections-menu")).toContainText("Test Management");
    const t = app.db().prepare("select t.id from tests t where exists (select 1 from attempts a where a.test_id = t.id) limit 1").get() as { id: string };
    await page.goto(`${app.url}/admin/tests/${t.id}/marks`);
    await expect(page.getByRole("region", { name: "Marks register (scrolls sideways)" })).toBeVisible();
    const heads = page.locator("thead th");
    expect(await heads.count()).toBe(7);
    // one line each: no header broken in the middle of a word
    const heights = await heads.evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().height));
    const lineHeight = await heads.first().evaluate((c) => Number.parseFloat(getComputedStyle(c).lineHeight));
    for (const h of heights) expect(h).toBeLessThan(lineHeight * 2);
  });
});

test("a student import adds exam types by default, and the preview shows each change before → after", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/users/import`);
  await page
    .getByLabel("Students CSV")
    .setInputFiles({ name: "tet-batch.csv", mimeType: "text/csv", buffer: Buffer.from("name,email,exam_types\nArun Kumar,arun@academy.local,TET\n") });
  await expect(page.getByLabel("Add the file's exam types to theirs")).toBeChecked();
  await page.getByRole("button", { name: "Preview Import" }).click();
  await expect(page.getByTestId("import-types")).toHaveText("NET, SET → NET, SET, TET");
  await page.getByRole("button", { name: "Import 1 Student" }).click();
  await expect(page.getByTestId("flash")).toContainText("1 updated");
  const types = app
    .db()
    .prepare("select exam_type from user_exam_types where user_id = (select id from users where email = 'arun@academy.local') order by exam_type")
    .all();
  expect(types).toEqual([{ exam_type: "NET" }, { exam_type: "SET" }, { exam_type: "TET" }]);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the question editor, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("marks the questions an upload flagged, and says every problem beside its question", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      // an upload with a flagged answer (question 5), created inactive
      const title = `Flagged for the editor ${javaScriptEnabled}`;
      await page.goto(`${app.url}/admin/tests/upload`);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Test title").fill(title);
      await dialog.getByLabel("Exam type", { exact: true }).selectOption("NET");
      await dialog.getByLabel("CSV file").setInputFiles(fixture("answer-by-text-and-quirks.csv"));
      if (!javaScriptEnabled) await dialog.getByRole("button", { name: "Upload & Preview" }).click();
      await dialog.getByRole("button", { name: "Create Test" }).click();
      await expect(page.getByTestId("flash")).toContainText("inactive");
      const id = (app.db().prepare("select id from tests where title = ?").get(title) as { id: string }).id;
      await page.goto(`${app.url}/admin/csv/${id}/edit`);
      const questions = page.getByTestId("editor-question");
      await expect(questions.nth(4).getByTestId("flagged-note")).toContainText("the answer “7” matched no option");
      await expect(page.getByTestId("flagged-note")).toHaveCount(1);
      // two questions broken at once: each says so beside itself
      await page.getByLabel("Question 2", { exact: true }).fill(" ");
      await page.getByLabel("Question 4 option A").fill("");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect(questions.nth(1).getByTestId("question-errors")).toHaveText("Question 2 text is required");
      await expect(questions.nth(3).getByTestId("question-errors")).toHaveText("Question 4 has empty options");
      await expect(page.getByTestId("questions-to-fix").getByRole("link")).toHaveText(["Question 2", "Question 4"]);
      if (javaScriptEnabled) await expect(page.getByLabel("Question 2", { exact: true })).toBeFocused();
    });
  });
}

test("an import's report stays on Backup & Import after its message is gone: every refused item, and a CSV", async ({ page, request }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/tests/bulk-upload`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("CSV files").setInputFiles([
    { name: "no-header.csv", mimeType: "text/csv", buffer: Buffer.from("Q,A,B,C,D,Ans\nWho?,a,b,c,d,A\n") },
    {
      name: "fine.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("question,option1,option2,correct_answer\nWho wrote Hamlet?,Shakespeare,Marlowe,Shakespeare\n"),
    },
  ]);
  await dialog.getByLabel("Exam type", { exact: true }).selectOption("NET");
  await dialog.getByRole("button", { name: "Upload & Preview" }).click();
  // the preview: the refused file and why, the good file's test; nothing created yet
  await expect(page.getByTestId("bulk-refused-file")).toHaveText("no-header.csv: CSV must contain at least: question, option columns, correct_answer");
  await expect(page.getByTestId("bulk-preview-file")).toContainText("fine.csv → “fine”");
  await page.getByRole("dialog").getByRole("button", { name: "Create 1 Test" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Bulk upload complete: 1 successful, 1 errors" })).toBeVisible();
  await page.getByRole("link", { name: "The report of this upload" }).click();
  await expect(page.getByRole("heading", { name: "Bulk test upload report" })).toBeVisible();
  await expect(page.getByTestId("report-item")).toHaveText(["no-header.csvCSV must contain at least: question, option columns, correct_answer"]);
  // later, from Backup & Import
  await page.goto(`${app.url}/admin/backup`);
  const listed = page.getByTestId("import-report").first();
  await expect(listed).toContainText("Bulk test upload");
  await expect(listed).toContainText("1 refused item");
  const csvHref = await listed.getByRole("link", { name: "CSV" }).getAttribute("href");
  const csv = await request.get(`${app.url}${csvHref}`, {
    headers: { Cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") },
  });
  expect(await csv.text()).toContain("no-header.csv");
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a student with only a phone number, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the admin adds them by phone; they sign in with it typed their own way", async ({ browser }) => {
      const phone = javaScriptEnabled ? "+91 90000 11111" : "+91 90000 22222";
      const adminPage = await browser.newPage();
      await signIn(adminPage, app, ADMIN.email, ADMIN.password);
      await adminPage.goto(`${app.url}/admin/users/new`);
      // with JavaScript, the page's script has taken over the form (a press while it hydrates can be lost)
      await adminPage.waitForLoadState("networkidle");
      const dialog = adminPage.getByRole("dialog");
      await dialog.getByLabel("Name").fill(`Phone Student ${javaScriptEnabled ? "A" : "B"}`);
      await dialog.getByLabel("Password").fill("phone-pass-1");
      await dialog.getByRole("button", { name: "Add User" }).click();
      await expect(dialog.getByText("Give an email or a roll number / phone")).toBeVisible();
      await dialog.getByLabel(/Roll number or phone/).fill(phone);
      await dialog.getByLabel("Password").fill("phone-pass-1");
      await dialog.getByRole("button", { name: "Add User" }).click();
      await expect(adminPage.getByText(`User Phone Student ${javaScriptEnabled ? "A" : "B"} added`)).toBeVisible();
      // stored as its national number: one student however the number is written (ACADEMY_COUNTRY)
      await expect(adminPage.getByText(phone.replace(/^\+91/, "").replaceAll(" ", ""), { exact: true })).toBeVisible();
      await adminPage.close();

      const page = await browser.newPage();
      await page.goto(`${app.url}/login`);
      await expect(page.getByText("No e-mail? Use the roll number or phone number your academy registered you with.")).toBeVisible();
      await signIn(page, app, phone.replaceAll(" ", "-"), "phone-pass-1");
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.close();
    });
  });
}
