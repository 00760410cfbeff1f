// What an academy's staff see while a student is writing a test, before an action that would cost the student:
// Backup & Import says how many are writing (a restore would replace their answers), the user list marks the
// student, and Set Password says which test they would be signed out of. Once the student finishes, none of it.
import { expect, test } from "@playwright/test";
import { ADMIN, type AppServer, signIn, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

test("a student writing a test is shown on Backup & Import, in the user list and in Set Password, and not once they finish", async ({ browser }) => {
  const studentContext = await browser.newContext({ javaScriptEnabled: false });
  const student = await studentContext.newPage();
  await signIn(student, app, "joseph@academy.local", "student123");
  const { id: testId } = app.db().prepare("select id from tests where title = ?").get("Chaucer and the Age of Transition") as { id: string };
  await student.goto(`${app.url}/test/${testId}`);
  await student.getByRole("button", { name: "Start Test" }).click();
  await expect(student.getByText(/Question 1 of \d+/)).toBeVisible();

  const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await adminContext.newPage();
  await signIn(admin, app, ADMIN.email, ADMIN.password);
  await admin.goto(`${app.url}/admin/backup`);
  await expect(admin.getByTestId("restore-writing")).toContainText(
    "1 student is writing a test right now. A restore replaces their attempts and the answers they gave with the snapshot's.",
  );
  await expect(admin.getByLabel("Restore even though students are writing a test")).not.toBeChecked();

  await admin.goto(`${app.url}/admin/users?q=joseph`);
  await expect(admin.getByRole("row", { name: /Joseph Xavier/ })).toContainText("writing a test");
  const { id: userId } = app.db().prepare("select id from users where email = ?").get("joseph@academy.local") as { id: string };
  await admin.goto(`${app.url}/admin/users/${userId}/password`);
  await expect(admin.getByRole("dialog")).toContainText("Joseph Xavier is writing “Chaucer and the Age of Transition” right now");

  // the student finishes: nothing more to warn about
  await student.getByRole("button", { name: "Finish Test" }).first().click();
  await student.getByRole("button", { name: "Submit Test" }).click();
  await expect(student.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  await admin.goto(`${app.url}/admin/backup`);
  await expect(admin.getByRole("heading", { name: "Restore the whole site from a snapshot" })).toBeVisible();
  await expect(admin.getByTestId("restore-writing")).toHaveCount(0);
  await admin.goto(`${app.url}/admin/users?q=joseph`);
  await expect(admin.getByRole("row", { name: /Joseph Xavier/ })).not.toContainText("writing a test");

  await studentContext.close();
  await adminContext.close();
});
