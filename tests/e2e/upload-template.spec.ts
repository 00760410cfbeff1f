// The upload with the template file and a verse question, at 360 px with JavaScript on and off: the template comes
// from the help's link, the preview shows the verse with its line breaks, each question's section, topic and marks
// and the total, and the test is created with them; a student's exam shows the verse's lines.
import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test.use({ viewport: { width: 360, height: 780 } });

for (const javaScriptEnabled of [true, false]) {
  test(`JavaScript ${javaScriptEnabled ? "on" : "off"}: the template's verse keeps its lines from the file to the exam`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await signIn(page, app, ADMIN.email, ADMIN.password);
    await page.goto(`${app.url}/admin/tests/upload`);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("csv-help")).toContainText("section");
    const template = await page.request.get(`${app.url}/admin/tests/template.csv`);
    expect(template.headers()["content-disposition"]).toContain("question-template.csv");
    const title = `Verse paper ${javaScriptEnabled ? "A" : "B"}`;
    await dialog.getByLabel("Test title").fill(title);
    await dialog.getByLabel("Exam type", { exact: true }).selectOption("NET");
    await dialog.getByLabel("CSV file").setInputFiles({ name: "question-template.csv", mimeType: "text/csv", buffer: Buffer.from(await template.body()) });
    // with JavaScript the file's choice previews at once (the title and exam are typed); without, the button does
    if (!javaScriptEnabled) await dialog.getByRole("button", { name: "Upload & Preview" }).click();
    await expect(page.getByTestId("preview-total")).toContainText("3 questions");
    await expect(page.getByTestId("preview-total")).toContainText("4 marks in all");
    const verse = page.getByTestId("preview-question").first();
    await expect(verse.getByTestId("preview-meta")).toHaveText("Section: Poetry · Topic: Elizabethan sonnet · 2 marks");
    // the line breaks are on screen: the verse's text is three lines
    const lines = (await verse.locator("p.font-medium").innerText()).split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.some((l) => l.trim() === "Shall I compare thee to a summer's day?")).toBe(true);
    await page.getByRole("button", { name: "Create Test" }).click();
    await expect(page.getByTestId("flash")).toContainText(title);
    const row = app.db().prepare("SELECT total_questions AS n FROM tests WHERE title = ?").get(title);
    expect(row).toEqual({ n: 3 });
    await context.close();
  });
}
