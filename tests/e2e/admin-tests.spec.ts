import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

const fixture = (name: string) => path.join(process.cwd(), "tests/fixtures", name);

/** Signed in as the admin, the bulk upload dialog with clean-10.csv chosen for SET. */
async function bulkUploadOfCleanTen(page: Page) {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/tests/bulk-upload`);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("CSV files").setInputFiles(fixture("clean-10.csv"));
  await dialog.getByLabel("Exam type", { exact: true }).selectOption("SET");
  return dialog;
}

test("an admin uploads a CSV with flagged rows, reads the report, creates the test inactive, publishes it, and a student of that type sees it", async ({
  page,
  browser,
}) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/tests`);
  await page.getByRole("link", { name: "Upload Single Test" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Test title").fill("Victorian Novel Quiz");
  await dialog.getByLabel("Exam type", { exact: true }).selectOption("NET");
  await dialog.getByLabel("Duration (minutes)").fill("25");
  await dialog.getByLabel("CSV file").setInputFiles(fixture("answer-by-text-and-quirks.csv"));
  // choosing the file shows the preview by itself
  await expect(dialog.getByText("7 questions", { exact: true })).toBeVisible();
  await expect(dialog.getByText("Line 4 skipped: only 3 values (at least 4 needed)")).toBeVisible();
  await expect(dialog.getByText(/Line 7 \(question 5\): the answer “7” matches no option/)).toBeVisible();
  // the first 5 questions are previewed (the flagged one, question 5, marked); the rest a click away
  await expect(dialog.getByTestId("preview-question")).toHaveCount(7);
  await expect(dialog.getByTestId("preview-question").filter({ visible: true })).toHaveCount(5);
  await expect(dialog.getByTestId("preview-question").nth(4)).toContainText("Check the answer: “7” (line 7) matches no option");
  await dialog.getByText("Show all 7 questions").click();
  await expect(dialog.getByTestId("preview-question").filter({ visible: true })).toHaveCount(7);
  await expect(dialog.getByRole("note")).toContainText("the test is created inactive");
  await dialog.getByRole("button", { name: "Create Test" }).click();
  await expect(page.getByTestId("flash")).toContainText("Test “Victorian Novel Quiz” created with 7 questions, inactive: check its 2 flagged rows");
  const row = page.getByTestId("test-row").filter({ hasText: "Victorian Novel Quiz" });
  await expect(row).toContainText("25 min · 7 questions");
  await expect(row).toContainText("Inactive");
  await row.getByText("Check 2 flagged rows before publishing").click();
  await expect(row).toContainText("Line 7 (question 5): the answer “7” matched no option");
  // checked: publish it
  await row.getByLabel("More actions for Victorian Novel Quiz").click();
  await row.getByRole("button", { name: "Activate" }).click();
  await expect(page.getByTestId("flash")).toContainText("Test activated");
  await expect(page.getByTestId("test-row").filter({ hasText: "Victorian Novel Quiz" })).not.toContainText("flagged rows");

  const ctx = await browser.newContext();
  const student = await ctx.newPage();
  await signIn(student, app, STUDENT.email, STUDENT.password);
  await student.goto(`${app.url}/dashboard?type=NET&unit=general`);
  await expect(student.getByRole("heading", { name: "Victorian Novel Quiz" })).toBeVisible();
  await ctx.close();
});

test("export downloads a CSV named after the test", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/csv?q=Chaucer`);
  await expect(page.getByText("Showing 1 of")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("Chaucer_and_the_Age_of_Transition.csv");
  const body = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(body).toString("utf8");
  expect(text).toContain("question,option_a,option_b,option_c,option_d,correct_answer,explanation");
  expect(text).toContain("Piers Plowman is attributed to,John Gower,William Langland,The Pearl Poet,Thomas Malory,2,");
});

test("the question editor adds an option, marks it correct and saves", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  const id = (app.db().prepare("select id from tests where title = ?").get("TET English Mock Test 1") as { id: string }).id;
  await page.goto(`${app.url}/admin/csv/${id}/edit`);
  const first = page.getByTestId("editor-question").first();
  await first.getByRole("button", { name: "Add option" }).click();
  await first.getByLabel("Question 1 option E").fill("Robert Burns");
  await first.getByLabel("Option E is correct").check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(`${app.url}/admin/csv`);
  await expect(page.getByTestId("flash")).toHaveText("Test updated successfully");
  const row = app.db().prepare("select options, correct_answer as c from questions where test_id = ? and id = 'q1' order by version desc limit 1").get(id) as {
    options: string;
    c: number;
  };
  expect(JSON.parse(row.options)).toEqual(["Keats", "Wordsworth", "Shelley", "Tennyson", "Robert Burns"]);
  expect(row.c).toBe(4);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an upload works in two steps", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin/tests/upload`);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Test title").fill("No-JS Upload");
    await dialog.getByLabel("Exam type", { exact: true }).selectOption("TET");
    await dialog.getByLabel("CSV file").setInputFiles(fixture("bom-crlf.csv"));
    await dialog.getByRole("button", { name: "Upload & Preview" }).click();
    await expect(page.getByRole("dialog").getByText("3 questions", { exact: true })).toBeVisible();
    await expect(page.getByText("The Guide, a novel, was written by")).toBeVisible();
    await page.getByRole("button", { name: "Create Test" }).click();
    await expect(page.getByTestId("flash")).toContainText("No-JS Upload");
    const row = app.db().prepare("select exam_type as t, total_questions as n from tests where title = ?").get("No-JS Upload");
    expect(row).toEqual({ t: "TET", n: 3 });
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Upload Single Test, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a bad duration shows beside its field with the title and unit kept; nothing is created", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/tests/upload?q=Keats`);
      const dialog = page.getByRole("dialog");
      const title = `Refused upload ${javaScriptEnabled}`;
      await dialog.getByLabel("Test title").fill(title);
      await dialog.getByLabel("Exam type", { exact: true }).selectOption("NET");
      await dialog.getByLabel("Duration (minutes)").fill("9999");
      await dialog.getByLabel("Unit name (optional)").fill("Romantics");
      await dialog.getByRole("button", { name: "Upload & Preview" }).click();
      const duration = dialog.getByLabel("Duration (minutes)");
      await expect(duration).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`[id="${await duration.getAttribute("aria-describedby")}"]`)).toHaveText(
        "Duration must be a whole number of minutes from 1 to 600",
      );
      // a unit name needs its number: said beside the number
      await expect(dialog.getByText("Enter the unit number for this unit name")).toBeVisible();
      await expect(dialog.getByLabel("Test title")).toHaveValue(title);
      await expect(dialog.getByLabel("Unit name (optional)")).toHaveValue("Romantics");
      expect(app.db().prepare("select count(*) as n from tests where title = ?").get(title)).toEqual({ n: 0 });
      // Cancel returns to the list with its search
      await dialog.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/admin\/tests\?q=Keats$/);
    });

    test("Choose another file keeps the title, exam type, duration and unit already entered", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/tests/upload`);
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Test title").fill(`Kept details ${javaScriptEnabled}`);
      await dialog.getByLabel("Exam type", { exact: true }).selectOption("SET");
      await dialog.getByLabel("Duration (minutes)").fill("35");
      await dialog.getByLabel("Unit number (optional)").fill("4");
      await dialog.getByLabel("Unit name (optional)").fill("Moderns");
      await dialog.getByLabel("CSV file").setInputFiles(fixture("clean-10.csv"));
      if (!javaScriptEnabled) await dialog.getByRole("button", { name: "Upload & Preview" }).click();
      await expect(dialog.getByText("10 questions", { exact: true })).toBeVisible();
      await dialog.getByRole("link", { name: "Choose another file" }).click();
      await expect(page.getByRole("dialog").getByLabel("Test title")).toHaveValue(`Kept details ${javaScriptEnabled}`);
      await expect(page.getByRole("dialog").getByLabel("Exam type", { exact: true })).toHaveValue("SET");
      await expect(page.getByRole("dialog").getByLabel("Duration (minutes)")).toHaveValue("35");
      await expect(page.getByRole("dialog").getByLabel("Unit number (optional)")).toHaveValue("4");
      await expect(page.getByRole("dialog").getByLabel("Unit name (optional)")).toHaveValue("Moderns");
    });

    test("Choose other files after the bulk preview keeps the settings already chosen", async ({ page }) => {
      const dialog = await bulkUploadOfCleanTen(page);
      await dialog.getByLabel("Duration (minutes)").fill("45");
      await dialog.getByLabel("Marks off per wrong answer").fill("1/3");
      await dialog.getByLabel("Max attempts (empty = unlimited)").fill("3");
      await dialog.getByRole("button", { name: "Upload & Preview" }).click();
      await expect(page.getByTestId("bulk-preview-summary")).toContainText("−0.33 a wrong one");
      await page.getByRole("dialog").getByRole("button", { name: "Choose other files" }).click();
      await expect(page.getByTestId("bulk-back")).toHaveText("Choose the files again. The settings below are kept.");
      await expect(dialog.getByLabel("Exam type", { exact: true })).toHaveValue("SET");
      await expect(dialog.getByLabel("Duration (minutes)")).toHaveValue("45");
      await expect(dialog.getByLabel("Marks off per wrong answer")).toHaveValue("1/3");
      await expect(dialog.getByLabel("Max attempts (empty = unlimited)")).toHaveValue("3");
      // nothing was created, and the files are chosen again
      await expect(dialog.getByRole("button", { name: "Upload & Preview" })).toBeVisible();
      expect((app.db().prepare("select count(*) as n from tests where title = 'clean 10' and duration = 45").get() as { n: number }).n).toBe(0);
    });

    test("bulk upload closes on success and lists what it created", async ({ page }) => {
      const dialog = await bulkUploadOfCleanTen(page);
      if (javaScriptEnabled) await dialog.getByLabel("Test name for clean-10.csv").fill(`Bulk once ${javaScriptEnabled}`);
      const name = javaScriptEnabled ? `Bulk once ${javaScriptEnabled}` : "clean 10";
      await dialog.getByRole("button", { name: "Upload & Preview" }).click();
      const previewed = page.getByTestId("bulk-preview-file");
      await expect(previewed).toContainText(`clean-10.csv → “${name}” (SET): 10 questions`);
      await expect(previewed).toContainText("published");
      expect((app.db().prepare("select count(*) as n from tests where title = ?").get(name) as { n: number }).n).toBe(0);
      await page.getByRole("dialog").getByRole("button", { name: "Create 1 Test" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Bulk upload complete: 1 successful, 0 errors" })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/admin\/tests\?bulkResult=/);
      await expect(page.getByRole("status")).toContainText(`clean-10.csv → ${name}: 10 questions`);
      const count = app.db().prepare("select count(*) as n from tests where title = ?").get(name) as { n: number };
      expect(count.n).toBe(1);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the Edit Test dialog, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("shows each error beside its field, keeps the other input, then saves", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      await page.goto(`${app.url}/admin/tests?q=Chaucer`);
      await page.getByRole("link", { name: "Edit", exact: true }).first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Edit Test" })).toBeVisible();
      await dialog.getByLabel("Description").fill(`Kept description ${javaScriptEnabled}`);
      await dialog.getByLabel("Duration (minutes)").fill("0");
      await dialog.getByLabel("Max attempts (empty = unlimited)").fill("-1");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      const duration = dialog.getByLabel("Duration (minutes)");
      await expect(duration).toHaveAttribute("aria-invalid", "true");
      const describedBy = await duration.getAttribute("aria-describedby");
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Duration must be a whole number of minutes from 1 to 600");
      await expect(dialog.getByText("Max attempts must be a whole number from 1 to 100, or empty for unlimited")).toBeVisible();
      await expect(dialog.getByLabel("Description")).toHaveValue(`Kept description ${javaScriptEnabled}`);
      await expect(duration).toHaveValue("0");
      const stored = app.db().prepare("select duration, description from tests where title like 'Chaucer%'").get() as { duration: number; description: string };
      expect(stored.duration).not.toBe(0);

      await duration.fill("25");
      await dialog.getByLabel("Max attempts (empty = unlimited)").fill("");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByText("Test updated successfully")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect(app.db().prepare("select duration, description from tests where title like 'Chaucer%'").get()).toEqual({
        duration: 25,
        description: `Kept description ${javaScriptEnabled}`,
      });
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`Delete Selected, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("names what goes and asks before deleting; the ticks survive to the confirmation", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      const db = app.db();
      for (const n of [1, 2]) {
        const id = `del-${javaScriptEnabled}-${n}`;
        db.prepare(
          "insert into tests (id, title, description, exam_type, duration, total_questions, is_active, current_version, created_at, updated_at) values (?, ?, '', 'NET', 10, 0, 1, 1, ?, ?)",
        ).run(id, `Disposable ${javaScriptEnabled} ${n}`, Date.now(), Date.now());
      }
      await page.goto(`${app.url}/admin/tests?q=Disposable ${javaScriptEnabled}`);
      await page.getByLabel(`Select Disposable ${javaScriptEnabled} 1`).check();
      await page.getByLabel(`Select Disposable ${javaScriptEnabled} 2`).check();
      await page.getByRole("button", { name: "Bulk Operations" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete Selected…" }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("Delete 2 tests?");
      await expect(dialog).toContainText(`Disposable ${javaScriptEnabled} 1`);
      await expect(dialog).toContainText(`Disposable ${javaScriptEnabled} 2`);
      const left = () =>
        (db.prepare("select count(*) as n from tests where title like ? and archived_at is null").get(`Disposable ${javaScriptEnabled}%`) as { n: number }).n;
      expect(left()).toBe(2);
      await dialog.getByRole("button", { name: "Delete 2 Tests" }).click();
      await expect(page.getByText("Bulk delete complete: 2 deleted, 0 errors")).toBeVisible();
      expect(left()).toBe(0);
    });
  });
}

test.describe("admin lists at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no text breaks one letter per line; a row has one main action and a More menu", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    // heights of every header cell, badge and row (a word broken per letter makes them tall and narrow)
    const heights = (selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    const narrowest = (selector: string) =>
      page.locator(selector).evaluateAll((els) => Math.min(...els.map((e) => Math.round(e.getBoundingClientRect().width))));

    await page.goto(`${app.url}/admin/users`);
    for (const h of await heights("thead th")) expect(h).toBeLessThanOrEqual(48);
    for (const h of await heights("[data-testid=user-row] .badge")) expect(h).toBeLessThanOrEqual(30);
    expect(await narrowest("[data-testid=user-row] .badge")).toBeGreaterThanOrEqual(30);
    // (the owner, with every exam type, is the tallest row; letter-per-line rows were ~350 px)
    for (const h of await heights("[data-testid=user-row]")) expect(h).toBeLessThanOrEqual(200);
    const firstUser = page.getByTestId("user-row").first();
    await expect(firstUser.getByRole("link", { name: "Exam types" })).toBeVisible();
    await expect(firstUser.getByRole("link", { name: "Password" })).toBeHidden();
    await firstUser.getByText("More").click();
    await expect(firstUser.getByRole("link", { name: "Password" })).toBeVisible();

    await page.goto(`${app.url}/admin/tests`);
    // a long unit name may take two lines, never one letter per line
    for (const h of await heights("[data-testid=test-row] .badge")) expect(h).toBeLessThanOrEqual(44);
    expect(await narrowest("[data-testid=test-row] .badge")).toBeGreaterThanOrEqual(30);
    const firstTest = page.getByTestId("test-row").first();
    await expect(firstTest.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
    await expect(firstTest.getByRole("link", { name: "Clone" })).toBeHidden();
  });
});

test("the question bank shows a question's **bold** words in bold, as students see them, not the markup", async ({ page }) => {
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.goto(`${app.url}/admin/bank?q=${encodeURIComponent("Beauty is truth")}`);
  const row = page.getByTestId("bank-row").first();
  await expect(row.locator("strong")).toHaveText('"Beauty is truth, truth beauty"');
  await expect(row).not.toContainText("**");
  await row.getByRole("link", { name: "Edit tags" }).click();
  await expect(page.getByRole("dialog").locator("strong")).toHaveText('"Beauty is truth, truth beauty"');
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a bank question's page, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 360, height: 780 } });

    test("a question taken out of the bank is listed under Taken Out, and Put Back returns it to the bank", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      const words = javaScriptEnabled ? "Adonais is an elegy" : "Mrs Dalloway is set";
      await page.goto(`${app.url}/admin/bank?q=${encodeURIComponent(words)}`);
      await page.getByTestId("bank-row").first().getByRole("link", { name: "Edit", exact: true }).click();
      await page.getByRole("link", { name: "Take Out of the Bank" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Take Out" }).click();
      await expect(page.getByTestId("flash")).toContainText("Taken out of the bank.");
      await page.getByRole("link", { name: "Taken Out", exact: true }).click();
      const row = page.getByTestId("taken-out-row").filter({ hasText: words });
      await expect(row).toContainText("taken out");
      await row.getByRole("button", { name: "Put Back" }).click();
      await expect(page.getByTestId("flash")).toHaveText("Put back in the bank: it is listed and drawn into generated tests again.");
      await expect(page.getByTestId("taken-out-row").filter({ hasText: words })).toHaveCount(0);
      await page.goto(`${app.url}/admin/bank?q=${encodeURIComponent(words)}`);
      await expect(page.getByTestId("bank-row")).toHaveCount(1);
    });

    test("an edit without its words is refused beside them, the rest kept; then saved as version 2, the tests nobody sat take it", async ({ page }) => {
      await signIn(page, app, ADMIN.email, ADMIN.password);
      const words = javaScriptEnabled ? "The Eve of St. Agnes" : "Negative Capability";
      await page.goto(`${app.url}/admin/bank?q=${encodeURIComponent(words)}`);
      await page.getByTestId("bank-row").first().getByRole("link", { name: "Edit", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Bank Question" })).toBeVisible();
      await expect(page.getByTestId("bank-tests")).toContainText("0 attempts");
      await page.getByLabel("Option E", { exact: true }).fill("None of these");
      await page.getByLabel("Question", { exact: true }).fill("");
      await page.getByRole("button", { name: "Save Question" }).click();
      const question = page.getByLabel("Question", { exact: true });
      await expect(question).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(`[id="${await question.getAttribute("aria-describedby")}"]`)).toHaveText("Question text is required");
      await expect(page.getByLabel("Option E", { exact: true })).toHaveValue("None of these");
      await question.fill(`${words}: which is right?\nRead the line again.`);
      await page.getByRole("button", { name: "Save Question" }).click();
      await expect(page.getByTestId("flash")).toContainText("Saved as version 2, and in 1 test nobody has sat yet.");
      await expect(page.getByText("Version 2", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Option E", { exact: true })).toHaveValue("None of these");
      await expect(page.getByTestId("bank-version")).toContainText(words);
      const stored = app.db().prepare("select question, options from questions where question like ?").get(`${words}: which is right?%`) as {
        question: string;
        options: string;
      };
      expect(stored.question).toBe(`${words}: which is right?\nRead the line again.`);
      expect(JSON.parse(stored.options)).toContain("None of these");
    });
  });
}
