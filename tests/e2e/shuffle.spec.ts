// A shuffled test (questions and options) as a student takes it, with JavaScript on and off: the page
// shows this attempt's order, the answer stored is the option as written, the score counts it, and the
// review lists the questions and options in the order the student saw.
import { expect, test } from "@playwright/test";
import { type AppServer, STUDENT, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
  app.db().prepare("UPDATE tests SET shuffle_questions = 1, shuffle_options = 1 WHERE exam_type = 'NET'").run();
});
test.afterAll(async () => {
  await app.stop();
});

type Question = { id: string; question: string; options: string[]; correct: number };

function questionsOf(testId: string): Question[] {
  return (
    app
      .db()
      .prepare("SELECT id, question, options, correct_answer AS correct FROM questions WHERE test_id = ? AND version = 1 ORDER BY position")
      .all(testId) as {
      id: string;
      question: string;
      options: string;
      correct: number;
    }[]
  ).map((q) => ({ ...q, options: JSON.parse(q.options) as string[] }));
}

/** The question on screen, found by its text (markdown bold stripped). */
async function questionOnScreen(page: import("@playwright/test").Page, list: Question[]) {
  const legend = (await page.locator("legend").innerText()).replace(/^Q\d+\.\s*/, "").trim();
  const found = list.find((q) => q.question.replace(/\*\*/g, "").trim() === legend);
  if (!found) throw new Error(`question not found: ${legend}`);
  return found;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a shuffled exam and its review", async ({ page }) => {
      await signIn(page, app, STUDENT.email, STUDENT.password);
      const { id: testId } = app
        .db()
        .prepare(
          "SELECT t.id FROM tests t WHERE t.exam_type = 'NET' AND NOT EXISTS (SELECT 1 FROM attempts a JOIN users u ON u.id = a.user_id WHERE a.test_id = t.id AND u.email = ?) LIMIT 1",
        )
        .get(STUDENT.email) as { id: string };
      const list = questionsOf(testId);
      await page.goto(`${app.url}/test/${testId}`);
      const start = page.getByRole("button", { name: "Start Test" });
      if (await start.isVisible()) await start.click();
      else {
        await page.getByRole("link", { name: "Start Test" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Start Test" }).click();
      }
      await expect(page.getByText(/Question 1 of \d+/)).toBeVisible();

      // Q1 on screen: choose its correct option by its text, wherever it is shown
      const first = await questionOnScreen(page, list);
      const correctText = first.options[first.correct].replace(/\*\*/g, "");
      await page.locator("label", { hasText: correctText }).first().locator("input").check();
      await page.getByRole("button", { name: "Save & Next" }).click();
      await expect(page.getByText(/Question 2 of \d+/)).toBeVisible();
      const second = await questionOnScreen(page, list);
      // the option as written is stored
      await expect
        .poll(
          () =>
            (
              app
                .db()
                .prepare(
                  "SELECT chosen_index AS c FROM attempt_answers aa JOIN attempts a ON a.id = aa.attempt_id WHERE a.test_id = ? AND aa.question_id = ? AND a.status = 'in_progress'",
                )
                .get(testId, first.id) as { c: number | null } | undefined
            )?.c,
        )
        .toBe(first.correct);
      // the order is kept on reload
      await page.reload();
      expect((await questionOnScreen(page, list)).id).toBe(second.id);

      await page.getByRole("button", { name: "Finish Test" }).click();
      await page.getByRole("button", { name: "Submit Test" }).click();
      await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
      await expect(page.getByText(`1 / ${list.length}`)).toBeVisible();
      // the review lists the questions in the student's order: the first one first, marked correct
      const firstReview = page
        .locator("article, li")
        .filter({ hasText: first.question.replace(/\*\*/g, "") })
        .first();
      await expect(firstReview).toContainText("✓ Correct answer");
      const reviewText = await page.locator("main").innerText();
      expect(reviewText.indexOf(first.question.replace(/\*\*/g, ""))).toBeLessThan(reviewText.indexOf(second.question.replace(/\*\*/g, "")));
    });
  });
}
