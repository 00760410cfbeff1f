// A sectioned exam on a 360 px phone, with JavaScript on and off: the section tabs above the question (each with
// its answered count), the palette by section with its counts, Save & Next across a section boundary, and the
// results by section after the attempt.
import { expect, test } from "@playwright/test";
import { type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
let testId: string;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
  // a fresh NET test in two sections: questions 1–3 "Literature", 4–5 "Pedagogy" (the right answer is always A)
  testId = "sectioned-e2e";
  const now = Date.now();
  app
    .db()
    .prepare(
      "INSERT INTO tests (id, title, description, exam_type, duration, total_questions, is_active, current_version, created_at, updated_at) VALUES (?, 'Sectioned Mock', '', 'NET', 30, 5, 1, 1, ?, ?)",
    )
    .run(testId, now, now);
  const insert = app
    .db()
    .prepare(
      "INSERT INTO questions (test_id, version, id, position, question, options, correct_answer, explanation, section, topic) VALUES (?, 1, ?, ?, ?, ?, 0, NULL, ?, ?)",
    );
  for (let i = 0; i < 5; i++)
    insert.run(
      testId,
      `q${i + 1}`,
      i,
      `Sectioned question ${i + 1}?`,
      JSON.stringify(["Right", "Wrong", "Other"]),
      i < 3 ? "Literature" : "Pedagogy",
      i < 3 ? "Chaucer" : "Methods",
    );
});
test.afterAll(async () => {
  await app.stop();
});

test.use({ viewport: { width: 360, height: 740 } });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("tabs, palette counts per section, Save & Next across a section boundary, results by section", async ({ page }) => {
      // each run on its own student's attempt: the previous run finished its own
      app.db().prepare("DELETE FROM attempts WHERE test_id = ?").run(testId);
      await signIn(page, app, STUDENT.email, STUDENT.password);
      await page.goto(`${app.url}/test/${testId}`);
      if (javaScriptEnabled) await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Start Test" }).click();
      await expect(page.getByText("Question 1 of 5")).toBeVisible();
      const tabs = page.getByRole("navigation", { name: "Sections" });
      await expect(tabs.getByRole("button", { name: /Literature/ })).toHaveAttribute("aria-current", "true");
      await expect(tabs.getByRole("button", { name: /Pedagogy 0\/2/ })).toBeVisible();

      // answer 1–3 with Save & Next; from the last of Literature it goes on to the first of Pedagogy
      for (let n = 1; n <= 3; n++) {
        await page.getByLabel("A. Right").check();
        await page.getByRole("button", { name: "Save & Next" }).click();
        await expect(page.getByText(`Question ${n + 1} of 5`)).toBeVisible();
      }
      await expect(page.locator("legend", { hasText: "Sectioned question 4?" })).toBeVisible();
      await expect(tabs.getByRole("button", { name: /Pedagogy/ })).toHaveAttribute("aria-current", "true");
      await expect(tabs.getByRole("button", { name: /Literature 3\/3/ })).toBeVisible();
      const palette = page.getByTestId("palette-section");
      await expect(palette.first()).toContainText("Literature · 3 of 3 answered");
      await expect(palette.last()).toContainText("Pedagogy · 0 of 2 answered");

      // a wrong answer on 4, then the Literature tab goes back to question 1
      await page.getByLabel("B. Wrong").check();
      await tabs.getByRole("button", { name: /Literature/ }).click();
      await expect(page.getByText("Question 1 of 5")).toBeVisible();
      await expect(tabs.getByRole("button", { name: /Pedagogy 1\/2/ })).toBeVisible();

      await page.getByRole("button", { name: "Finish Test" }).click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /Submit|Finish/ })
        .last()
        .click();
      await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
      const rows = page.getByTestId("section-row");
      await expect(rows.first()).toContainText("Literature");
      await expect(rows.first()).toContainText("100%");
      await expect(rows.last()).toContainText("Pedagogy");
      // on a phone, Correct, Marks and Accuracy are on the screen without scrolling sideways
      await page.setViewportSize({ width: 360, height: 740 });
      for (const name of ["Correct", "Marks", "Accuracy"]) {
        const box = await page.getByTestId("by-section").getByRole("columnheader", { name, exact: true }).boundingBox();
        expect((box?.x ?? 999) + (box?.width ?? 0), name).toBeLessThanOrEqual(360);
      }
      await expect(page.getByTestId("weak-topics")).toContainText("Methods: 0 of 2 right (0%)");
    });
  });
}
