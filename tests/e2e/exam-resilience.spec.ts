// The exam on real phones and real networks: offline mid-exam, taps before the page's JavaScript,
// no JavaScript at all, two tabs, a focused screen without layout shift, and the ways in and out.
import { expect, type Page, test } from "@playwright/test";
import { type AppServer, signIn, STUDENT, startApp } from "./app-server";

let app: AppServer;
test.beforeAll(async () => {
  app = await startApp({ seedDemo: true });
});
test.afterAll(async () => {
  await app.stop();
});

const PASSWORD = "student123";

function testIdOf(title: string): string {
  return (app.db().prepare("select id from tests where title = ?").get(title) as { id: string }).id;
}

function attemptOf(email: string, testId: string) {
  return app
    .db()
    .prepare("select a.id, a.status from attempts a join users u on u.id = a.user_id where u.email = ? and a.test_id = ? order by a.started_at desc limit 1")
    .get(email, testId) as { id: string; status: string } | undefined;
}

function answersOf(attemptId: string) {
  return app
    .db()
    .prepare(
      "select question_id as q, chosen_index as chosen, marked_for_review as marked from attempt_answers where attempt_id = ? and (chosen_index is not null or marked_for_review = 1) order by question_id",
    )
    .all(attemptId) as Array<{ q: string; chosen: number | null; marked: number }>;
}

async function startTest(page: Page, testId: string) {
  await page.goto(`${app.url}/test/${testId}`);
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
}

/** A student's start card of a test once its JavaScript runs (Start then goes through the JSON endpoint). */
async function openStartCard(page: Page, email: string, title: string): Promise<string> {
  await signIn(page, app, email, PASSWORD);
  const testId = testIdOf(title);
  await page.goto(`${app.url}/test/${testId}`);
  await page.waitForFunction(() => document.querySelector("form[data-start-with-exam]") !== null);
  return testId;
}

/** The running exam of an unlimited test, started if need be. */
async function openExam(page: Page, testId: string) {
  await page.goto(`${app.url}/test/${testId}`);
  const start = page.getByRole("button", { name: "Start Test" });
  if (await start.count()) await start.click();
  await expect(page.getByText(/Question \d+ of 10/)).toBeVisible();
}

test("offline mid-exam: moving, answering, marking and finishing stay in the exam; back online the attempt is finished with every answer", async ({
  page,
  context,
}) => {
  await signIn(page, app, STUDENT.email, STUDENT.password);
  const testId = testIdOf("NET English Full Mock Test 1");
  await startTest(page, testId);
  await context.setOffline(true);
  await page.getByLabel("B. T. S. Eliot").check();
  await page.getByRole("button", { name: "Save & Next" }).click();
  await expect(page.getByText("Question 2 of 10")).toBeVisible();
  await page.getByLabel("A. Dante").check();
  await page.getByRole("button", { name: "Mark for Review & Next" }).click();
  await page.getByRole("button", { name: /^Question 5: / }).click();
  await expect(page.getByText("Question 5 of 10")).toBeVisible();
  await page.getByLabel("B. Pride and Prejudice").check();
  await expect(page.getByRole("status")).toContainText("Reconnecting…");
  await page.getByRole("button", { name: "Finish Test" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Test" }).click();
  await expect(page.getByRole("dialog")).toContainText("Submitting… (waiting for the connection)");
  // still the exam: no error page, the question is on screen
  await expect(page.getByText("Question 5 of 10")).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  expect(attemptOf(STUDENT.email, testId)?.status).toBe("in_progress");

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/results\?attempt=/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  const attempt = attemptOf(STUDENT.email, testId)!;
  expect(attempt.status).toBe("submitted");
  expect(answersOf(attempt.id)).toEqual([
    { q: "q1", chosen: 1, marked: 0 },
    { q: "q2", chosen: 0, marked: 1 },
    { q: "q5", chosen: 1, marked: 0 },
  ]);
  // Back after submitting leaves the results (they took the exam's place): the start card, with the result a link away
  await page.goBack();
  await expect(page).not.toHaveURL(/\/results/);
  await expect(page.getByRole("link", { name: "View your latest result" })).toBeVisible();
});

test("a first visit to the exam fetches four scripts, all named in the HTML and cached for a year (few round trips on a slow link)", async ({
  page,
  browser,
  context,
}) => {
  await signIn(page, app, "arun@academy.local", PASSWORD);
  const testId = testIdOf("Indian Writing in English: Beginnings to Independence");
  await startTest(page, testId);
  // a new browser with the same session: nothing cached
  const fresh = await browser.newContext({ storageState: await context.storageState() });
  const examPage = await fresh.newPage();
  const scripts: Array<{ url: string; cache: string | null }> = [];
  examPage.on("response", (res) => {
    if (res.request().resourceType() === "script") scripts.push({ url: new URL(res.url()).pathname, cache: res.headers()["cache-control"] ?? null });
  });
  const response = await examPage.goto(`${app.url}/test/${testId}?q=1`);
  await expect(examPage.getByText("Question 1 of 10")).toBeVisible();
  await examPage.waitForFunction(() => (window as unknown as { __examHydrated?: boolean }).__examHydrated === true);
  const html = await response!.text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  expect(preloaded).toHaveLength(4);
  expect(new Set(scripts.map((s) => s.url))).toEqual(new Set(preloaded));
  for (const s of scripts) expect(s.cache, s.url).toContain("immutable");
  // the tap recorder is in the page itself
  expect(html).toContain("window.__examTaps");
  await fresh.close();
});

test("with JavaScript, Start and Finish are one request each: their answers carry the exam and the results", async ({ page }) => {
  await signIn(page, app, "joseph@academy.local", PASSWORD);
  const testId = testIdOf("Literary Criticism: Plato to Arnold");
  // the page's clock, to move it past the moment the exam learns the results page's route
  await page.clock.install();
  await page.goto(`${app.url}/test/${testId}`);
  await page.waitForFunction(() => document.querySelector("form[data-start-with-exam]") !== null); // hydrated
  const requests: string[] = [];
  // the results route asked of route discovery (Remix v2 asks `?p=`, React Router 7 `?paths=`: the path is read decoded)
  const resultsDiscovery = `/test/${testId}/results`;
  const discoveries: number[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/__manifest") && decodeURIComponent(req.url()).includes(resultsDiscovery)) discoveries.push(Date.now());
    // (Remix's route discovery, /__manifest, may run at any moment as links render: left out)
    if (req.resourceType() === "fetch" && !req.url().includes("/__manifest")) requests.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/test/${testId}\\?q=1$`));
  // the exam screen as after any start: no site navbar, the countdown running, answers saved
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(page.getByRole("timer")).toBeVisible();
  expect(requests).toEqual([`POST /api/tests/${testId}/start`]);
  await page.getByLabel(/^B\./).check();
  const attempt = attemptOf("joseph@academy.local", testId)!;
  expect(attempt.status).toBe("in_progress");
  await expect.poll(() => answersOf(attempt.id)).toEqual([{ q: "q1", chosen: 1, marked: 0 }]);
  // a reload asks the server as usual and resumes the same attempt
  await page.reload();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  await expect(page.getByLabel(/^B\./)).toBeChecked();
  // within its first minute the exam learns the results page's route (not at Finish, when every
  // student of an exam day would ask at once)
  expect(discoveries).toHaveLength(0);
  await page.clock.fastForward(61_000);
  await expect.poll(() => discoveries.length).toBe(1);

  // Finish is one request too: its answer carries the results, shown without loading a page
  const afterSubmit: string[] = [];
  page.on("request", (req) => {
    if (["fetch", "document"].includes(req.resourceType())) afterSubmit.push(`${req.resourceType()} ${req.method()} ${new URL(req.url()).pathname}`);
  });
  await page.getByRole("button", { name: "Finish Test" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit Test" }).click();
  await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/test/${testId}/results\\?attempt=${attempt.id}$`));
  // (the results page's links may make Remix discover their routes: left out; the results route is known)
  expect(afterSubmit.filter((r) => r !== "fetch GET /__manifest")).toEqual([`fetch POST /api/attempts/${attempt.id}/finish`]);
  expect(discoveries).toHaveLength(1);
  expect(attemptOf("joseph@academy.local", testId)?.status).toBe("submitted");
});

test("a browser that can run scripts but reaches a plain exam page (its script never ran) loads it again as the exam with its script", async ({
  page,
  context,
}) => {
  await signIn(page, app, "joseph@academy.local", PASSWORD);
  const testId = testIdOf("NET English Full Mock Test 1");
  await openExam(page, testId);
  // as if the site's script had never run in this browser (JavaScript just turned on, a first visit)
  await context.clearCookies({ name: "scripted" });
  // the plain page (no cookie), then the same address again once its script has set the cookie: the framework's
  // page (which plain-pages.test.ts tells apart by its body; here the first is gone before it could be read)
  const documents: string[] = [];
  page.on("request", async (request) => {
    if (request.resourceType() !== "document") return;
    const cookie = (await request.allHeaders()).cookie ?? "";
    documents.push(`${new URL(request.url()).pathname} ${cookie.includes("scripted=1") ? "scripted" : "never ran"}`);
  });
  await page.reload();
  await expect.poll(() => documents).toEqual([`/test/${testId} never ran`, `/test/${testId} scripted`]);
  await expect(page.getByText(/Question \d+ of 10/)).toBeVisible();
  await page.waitForFunction(() => (window as unknown as { __examHydrated?: boolean }).__examHydrated === true);
  expect((await context.cookies()).some((c) => c.name === "scripted" && c.value === "1")).toBe(true);
  // and it finishes as any hydrated exam does
  await page.getByRole("button", { name: "Finish Test" }).click();
  await page.getByRole("button", { name: "Submit Test" }).click();
  await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  expect(attemptOf("joseph@academy.local", testId)?.status).toBe("submitted");
});

test("Start on a dropped link says so and starts once the link is back", async ({ page, context }) => {
  const testId = await openStartCard(page, "joseph@academy.local", "Chaucer and the Age of Transition");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByRole("alert")).toHaveText("Could not reach the server. Check your connection and press Start Test again.");
  await expect(page.getByRole("button", { name: "Start Test" })).toBeEnabled();
  expect(attemptOf("joseph@academy.local", testId)).toBeUndefined();
  await context.setOffline(false);
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  expect(attemptOf("joseph@academy.local", testId)?.status).toBe("in_progress");
});

test("Start after the session ended elsewhere leads to the sign-in page, which returns to the test, as without JavaScript", async ({ page, context }) => {
  // (the test of one request each finished an attempt of this test: the card offers Start Test again)
  const testId = await openStartCard(page, "joseph@academy.local", "Literary Criticism: Plato to Arnold");
  await context.clearCookies();
  await page.getByRole("button", { name: "Start Test" }).click();
  await expect(page).toHaveURL(`${app.url}/login?redirectTo=${encodeURIComponent(`/test/${testId}`)}&ended=test`);
  await expect(page.getByLabel("Email Address")).toBeVisible();
  expect(attemptOf("joseph@academy.local", testId)?.status).toBe("submitted");
});

test("a review mark not yet stored at a reload keeps the question's stored answer on screen, and is stored later", async ({ page }) => {
  await signIn(page, app, STUDENT.email, STUDENT.password);
  const testId = testIdOf("Chaucer and the Age of Transition");
  await startTest(page, testId);
  await page.getByRole("button", { name: "Save & Next" }).click();
  await expect(page.getByText("Question 2 of 10")).toBeVisible();
  await page.getByLabel(/^B\./).check();
  const attemptId = attemptOf(STUDENT.email, testId)?.id ?? "";
  await expect.poll(() => answersOf(attemptId)).toEqual([{ q: "q2", chosen: 1, marked: 0 }]);
  // the link drops before the mark reaches the server; the page is reloaded
  await page.route("**/api/attempts/*/answers", (route) => route.abort());
  await page.getByRole("button", { name: "Mark for Review & Next" }).click();
  await expect(page.getByText("Question 3 of 10")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Question 3 of 10")).toBeVisible();
  await expect(page.getByRole("button", { name: "Question 2: Answered & Marked for Review" })).toBeVisible();
  await expect(page.getByTestId("answered-count")).toHaveText("1");
  // back online, the mark is stored beside the answer
  await page.unroute("**/api/attempts/*/answers");
  await expect.poll(() => answersOf(attemptId), { timeout: 30_000 }).toEqual([{ q: "q2", chosen: 1, marked: 1 }]);
});

test("a tap made before the page's JavaScript has loaded is stored", async ({ page }) => {
  await signIn(page, app, "arun@academy.local", PASSWORD);
  const testId = testIdOf("Chaucer and the Age of Transition");
  await startTest(page, testId);
  // hold the scripts back, as a slow link would
  const held: Array<() => Promise<void>> = [];
  await page.route("**/build/**/*.js", (route) => {
    held.push(() => route.continue().catch(() => {}));
  });
  await page.goto(`${app.url}/test/${testId}?q=2`, { waitUntil: "commit" });
  await page.getByLabel(/^C\./).check();
  expect(await page.evaluate(() => (window as unknown as { __examTaps?: unknown[] }).__examTaps?.length)).toBe(1);
  expect(answersOf(attemptOf("arun@academy.local", testId)!.id)).toEqual([]);
  await page.unroute("**/build/**/*.js");
  for (const release of held) await release();
  await expect.poll(() => answersOf(attemptOf("arun@academy.local", testId)!.id), { timeout: 15_000 }).toEqual([{ q: "q2", chosen: 2, marked: 0 }]);
  await expect(page.getByLabel(/^C\./)).toBeChecked();
  await expect(page.getByRole("button", { name: "Question 2: Answered" })).toBeVisible();
});

test("two tabs of one attempt see each other's answers, and the second learns the first submitted", async ({ context }) => {
  const a = await context.newPage();
  await signIn(a, app, "joseph@academy.local", PASSWORD);
  const testId = testIdOf("NET English Full Mock Test 1");
  await startTest(a, testId);
  const b = await context.newPage();
  await b.goto(`${app.url}/test/${testId}?q=1`);
  await expect(b.getByText("Question 1 of 10")).toBeVisible();
  await expect(b.getByRole("button", { name: "Question 1: Not Answered" })).toBeVisible();

  await a.getByLabel("B. T. S. Eliot").check();
  await expect(b.getByRole("button", { name: "Question 1: Answered" })).toBeVisible();
  await expect(b.getByLabel("B. T. S. Eliot")).toBeChecked();

  await a.getByRole("button", { name: "Finish Test" }).click();
  await a.getByRole("dialog").getByRole("button", { name: "Submit Test" }).click();
  await expect(a).toHaveURL(/\/results\?attempt=/);
  await expect(b.getByRole("dialog")).toContainText("This test was submitted in another tab");
  await b.getByRole("link", { name: "View result" }).click();
  await expect(b).toHaveURL(/\/results\?attempt=/);
  await expect(b.getByText("1 / 10")).toBeVisible();
});

test.describe("the exam screen at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("shows one header with the title, question, time and Finish, no site navbar, and no layout shift", async ({ page }) => {
    await signIn(page, app, "meena@academy.local", PASSWORD);
    const testId = testIdOf("English Grammar and Pedagogy");
    await startTest(page, testId);
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) w.__cls += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.reload();
    await expect(page.getByRole("timer")).toBeVisible();
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThan(0.02);

    // scrolled to the navigator, the header is still in sight
    await page.getByRole("button", { name: /^Question 10: / }).scrollIntoViewIfNeeded();
    for (const text of [/English Grammar/, /Question 1 of 10/]) await expect(page.getByText(text).first()).toBeInViewport();
    await expect(page.getByRole("timer")).toBeInViewport();
    await expect(page.getByRole("button", { name: "Finish Test" })).toBeInViewport();
  });

  test("focus is on the question with a visible ring after Start, and moves to the next question after Save & Next", async ({ page }) => {
    await signIn(page, app, "meena@academy.local", PASSWORD);
    await openExam(page, testIdOf("English Grammar and Pedagogy"));
    const heading = page.getByTestId("question-heading");
    await expect(heading).toBeFocused();
    // (an attempt resumed elsewhere than question 1: its palette button moves there, focus following)
    if (!(await heading.innerText()).startsWith("Q1.")) await page.getByRole("button", { name: /^Question 1: / }).click();
    await expect(heading).toContainText("Q1.");
    await expect(heading).toBeFocused();
    // a ring a sighted keyboard user can see (Tailwind's ring is a box shadow)
    expect(await heading.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe("none");
    await page.locator('input[type="radio"]').first().check();
    await page.getByRole("button", { name: "Save & Next" }).click();
    await expect(heading).toContainText("Q2.");
    await expect(heading).toBeFocused();
    // the next Tab reaches the new question's first option, not the buttons below it
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("radio");
  });

  test("the finish dialog takes focus, keeps it, closes on Esc and gives it back", async ({ page }) => {
    await signIn(page, app, "meena@academy.local", PASSWORD);
    await openExam(page, testIdOf("English Grammar and Pedagogy"));
    const finish = page.getByRole("button", { name: "Finish Test" });
    await finish.focus();
    await finish.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));
    // focus moves in once the dialog is shown (an effect after the render that shows it)
    await expect.poll(focusInDialog).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInDialog()).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(finish).toBeFocused();
  });
});

test("a deep link survives sign-in; a limited test asks before using an attempt; Resume opens the last question", async ({ page }) => {
  const testId = testIdOf("TET English Mock Test 1");
  await page.goto(`${app.url}/test/${testId}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Email Address").fill("meena@academy.local");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${app.url}/test/${testId}`);
  const attemptsBefore = (
    app
      .db()
      .prepare("select count(*) as n from attempts a join users u on u.id = a.user_id where u.email = ? and a.test_id = ?")
      .get("meena@academy.local", testId) as { n: number }
  ).n;
  await page.getByRole("link", { name: "Start Test" }).click();
  const dialog = page.getByRole("dialog");
  // (the demo data gave Meena one finished attempt of this 2-attempt test)
  await expect(dialog).toContainText(`Start attempt ${attemptsBefore + 1}?`);
  await expect(dialog).toContainText(`You have ${2 - attemptsBefore} attempt${2 - attemptsBefore === 1 ? "" : "s"} left for this test.`);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(attemptOf("meena@academy.local", testId)?.status ?? "none").not.toBe("in_progress");
  // asking and starting: one request each (the dialog's data; Start answered with the exam), and the
  // site's own data (who is signed in) is not fetched again for either (Remix's route discovery,
  // /__manifest, may run at any moment as links render: it is left out)
  const requests: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "fetch" && !req.url().includes("/__manifest")) requests.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await page.getByRole("link", { name: "Start Test" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  expect(requests).toEqual([`GET /test/${testId}.data`, `POST /api/tests/${testId}/start`]);
  await page.getByRole("button", { name: /^Question 4: / }).click();
  await expect(page.getByText("Question 4 of 10")).toBeVisible();
  const attempt = attemptOf("meena@academy.local", testId)!;
  await expect.poll(() => (app.db().prepare("select last_question as n from attempts where id = ?").get(attempt.id) as { n: number }).n).toBe(4);
  await page.goto(`${app.url}/dashboard?type=TET&unit=general`);
  // (the running tests are also listed first on the dashboard: this test's Resume, wherever it is)
  await page.locator(`a[href="/test/${testId}"]`, { hasText: "Resume Test" }).first().click();
  await expect(page.getByText("Question 4 of 10")).toBeVisible();
});

test("Back after Finish on a limited test never opens the confirmation of another attempt", async ({ page }) => {
  const testId = testIdOf("Romantic Poets: Wordsworth to Keats");
  // a limited test with attempts to spare
  app.db().prepare("update tests set max_attempts = 10 where id = ?").run(testId);
  await signIn(page, app, STUDENT.email, PASSWORD);
  await page.goto(`${app.url}/test/${testId}`);
  await page.getByRole("link", { name: "Start Test" }).click();
  await expect(page).toHaveURL(/start=confirm/);
  await page.getByRole("dialog").getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText(/Question 1 of \d+/)).toBeVisible();
  await page.getByRole("button", { name: "Finish Test" }).click();
  await page.getByRole("button", { name: "Submit Test" }).click();
  await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  const finished = (app.db().prepare("select count(*) as n from attempts where test_id = ? and status <> 'in_progress'").get(testId) as { n: number }).n;
  await page.goBack();
  await page.waitForLoadState("networkidle");
  expect(page.url()).not.toContain("start=confirm");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText(/Start attempt \d+\?/)).toHaveCount(0);
  // nothing was started by going back
  expect((app.db().prepare("select count(*) as n from attempts where test_id = ?").get(testId) as { n: number }).n).toBe(finished);
});

test("an expired attempt offers its result, not Resume", async ({ page }) => {
  await signIn(page, app, "arun@academy.local", PASSWORD);
  const testId = testIdOf("Romantic Poets: Wordsworth to Keats");
  await page.goto(`${app.url}/test/${testId}`);
  await page.getByRole("link", { name: "Start Test" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Start Test" }).click();
  await expect(page.getByText("Question 1 of 10")).toBeVisible();
  app
    .db()
    .prepare("update attempts set deadline_at = ? where id = ?")
    .run(Date.now() - 60_000, attemptOf("arun@academy.local", testId)!.id);
  await page.goto(`${app.url}/dashboard?type=NET&unit=2`);
  const card = page.getByRole("listitem").filter({ hasText: "Romantic Poets" });
  await expect(card.getByRole("link", { name: "Resume Test" })).toHaveCount(0);
  const requests: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "fetch" && !req.url().includes("/__manifest")) requests.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await card.getByRole("link", { name: "View Result" }).click();
  await expect(page).toHaveURL(/\/results\?attempt=/);
  await expect(page.getByText("Time ran out")).toBeVisible();
  // the test's data (which sends on to the result), then the result's: the site's own data is not
  // fetched again beside them (the exam and results routes have a clientLoader)
  expect(requests).toEqual([`GET /test/${testId}.data`, `GET /test/${testId}/results.data`]);
});

test("the dashboard's × hides that announcement with JavaScript, across a reload", async ({ page }) => {
  await signIn(page, app, "arun@academy.local", PASSWORD);
  const panel = page.getByRole("region", { name: "Announcements" });
  const title = (await panel.getByRole("listitem").first().locator(".font-medium").textContent()) ?? "";
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/dashboard"));
  await panel.getByRole("button", { name: `Dismiss “${title}”` }).click();
  await expect(panel.getByText(title, { exact: true })).toHaveCount(0);
  await answered;
  await page.waitForLoadState("networkidle");
  await expect(panel.getByText(title, { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(panel.getByText(title, { exact: true })).toHaveCount(0);
});

test("an unknown address is a real 404 page; robots.txt exists", async ({ page, request }) => {
  const res = await page.goto(`${app.url}/no/such/page`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Home page" })).toBeVisible();
  const robots = await request.get(`${app.url}/robots.txt`);
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Disallow: /admin");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the option chosen is kept whichever control leaves the question: Next, a navigator number, Finish", async ({ page }) => {
    await signIn(page, app, STUDENT.email, STUDENT.password);
    const testId = testIdOf("English Grammar and Pedagogy");
    await page.goto(`${app.url}/test/${testId}`);
    await page.getByRole("button", { name: "Start Test" }).click();
    await expect(page.getByText("Question 1 of 10")).toBeVisible();
    await page.getByLabel(/^B\./).check();
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByText("Question 2 of 10")).toBeVisible();
    await page.getByLabel(/^C\./).check();
    await page.getByRole("button", { name: /^Question 6: / }).click();
    await expect(page.getByText("Question 6 of 10")).toBeVisible();
    await page.getByLabel(/^A\./).check();
    await page.getByRole("button", { name: "Finish Test" }).click();
    await expect(page.getByRole("dialog")).toContainText("You have answered 3 of 10 questions.");
    const attempt = attemptOf(STUDENT.email, testId)!;
    expect(answersOf(attempt.id)).toEqual([
      { q: "q1", chosen: 1, marked: 0 },
      { q: "q2", chosen: 2, marked: 0 },
      { q: "q6", chosen: 0, marked: 0 },
    ]);
    await page.getByRole("button", { name: "Submit Test" }).click();
    await expect(page.getByRole("heading", { name: "Test Completed!" })).toBeVisible();
  });
});
