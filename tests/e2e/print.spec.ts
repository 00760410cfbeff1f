import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test("print views render with the print media type: the question paper with every question and an answer grid, the key, the marks register", async ({
  page,
}) => {
  const t = app.db().prepare("SELECT id, title, total_questions AS n FROM tests WHERE archived_at IS NULL ORDER BY total_questions DESC LIMIT 1").get() as {
    id: string;
    title: string;
    n: number;
  };
  await signIn(page, app, ADMIN.email, ADMIN.password);
  await page.emulateMedia({ media: "print" });
  await page.goto(`${app.url}/admin/tests/${t.id}/print`);
  await expect(page.getByRole("heading", { name: t.title })).toBeVisible();
  await expect(page.getByTestId("print-question")).toHaveCount(t.n);
  await expect(page.getByTestId("omr-grid").getByRole("listitem")).toHaveCount(t.n);
  // the site's navigation and the view's own buttons are not printed
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Answer key" })).toBeHidden();

  await page.goto(`${app.url}/admin/tests/${t.id}/print?paper=key`);
  await expect(page.getByTestId("print-question")).toHaveCount(t.n);
  await expect(page.getByTestId("print-question").first()).toContainText("Answer: (");
  await expect(page.getByTestId("omr-grid")).toHaveCount(0);

  await page.goto(`${app.url}/admin/tests/${t.id}/marks`);
  await expect(page.getByRole("heading", { name: `Marks register: ${t.title}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download CSV" })).toBeHidden();
});
