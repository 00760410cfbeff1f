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

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the admin tabs show there are more to the right; the marks register's headers stay whole words", async ({ page }) => {
    await signIn(page, app, ADMIN.email, ADMIN.password);
    await expect(page.getByTestId("tabs-more")).toBeVisible();
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
