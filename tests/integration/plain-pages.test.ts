// The plain exam and results pages (app/lib/rules/plain-page.ts, root.tsx): a browser that has never run the site's
// script gets its exam and results rendered by the framework without scripts or hydration data; one that has, and
// every other page, gets the hydrated page. Through the production server, as a browser without JavaScript sends its forms.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookie } from "@remix-run/node";
import { generate, SECRET, signInAdmin, signInStudents, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-plain-"));
const dbFile = path.join(dir, "plain.db");
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;

beforeAll(async () => {
  await generate(dbFile, { students: 6, tests: 3, questionsPerTest: 10, attempts: 0 });
  server = await startServer(dbFile, { workers: 1 });
  base = server.base;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const SCRIPTED = "scripted=1";

function post(address: string, fields: Record<string, string>, cookie: string) {
  return fetch(`${base}${address}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
    body: new URLSearchParams(fields),
  });
}

async function page(address: string, cookie: string) {
  const res = await fetch(`${base}${address}`, { headers: { Cookie: cookie, Accept: "text/html" }, redirect: "manual" });
  return { status: res.status, csp: res.headers.get("content-security-policy") ?? "", html: await res.text() };
}

/** What a reader sees of a page: its markup without scripts, preloads, nonces and React's boundary and text markers. */
function shown(html: string): string {
  return (
    html
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<link rel="modulepreload"[^>]*>/g, "")
      // each answer has its own CSP nonce (React Router 7's <Links> gives it to the stylesheet link too)
      .replace(/ nonce="[^"]*"/g, "")
      .replace(/<!--\/?\$-->|<!-- -->/g, "")
      .replace(/name="shownAt" value="\d+"/, "")
  );
}

const isFrameworkPage = (html: string) => html.includes("window.__remixContext");

/** Starts test `testId` through the start card's form; the exam page's address. */
async function start(cookie: string, testId: string): Promise<string> {
  const res = await post(`/test/${testId}`, { intent: "start" }, cookie);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location") ?? "", base).pathname + new URL(res.headers.get("location") ?? "", base).search;
}

describe("the plain exam and results pages", () => {
  it("a student without the site's script sits the exam and sees the result on pages without scripts, the same as the framework's", async () => {
    const [cookie] = await signInStudents(base, [0]);
    const examAddress = await start(cookie, "t0");
    const plain = await page(examAddress, cookie);
    expect(plain.status).toBe(200);
    expect(isFrameworkPage(plain.html)).toBe(false);
    expect(plain.html).not.toMatch(/<script[^>]+src=/);
    expect(shown(plain.html)).toContain("Question 1 of 10");
    // the one script it has (the upgrade for a browser that can run scripts after all) carries the page's nonce
    const nonce = /'nonce-([^']+)'/.exec(plain.csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(plain.html).toContain(`<script type="module" nonce="${nonce}">`);

    // the same address for a browser that has run the script: the framework's page, showing the same
    const framework = await page(examAddress, `${cookie}; ${SCRIPTED}`);
    expect(isFrameworkPage(framework.html)).toBe(true);
    expect(shown(plain.html)).toBe(shown(framework.html));

    // Save & Next with an option: the next question, still plain
    const q1 = /name="questionId" value="([^"]+)"/.exec(plain.html)?.[1] ?? "";
    const saved = await post(examAddress, { intent: "save", questionId: q1, q: "1", chosen: "2", nav: "next" }, cookie);
    expect(saved.status).toBe(302);
    const next = await page(saved.headers.get("location") ?? "", cookie);
    expect(shown(next.html)).toContain("Question 2 of 10");
    expect(isFrameworkPage(next.html)).toBe(false);

    // Finish: the confirmation, then the results
    const finishing = await post(examAddress, { intent: "save", questionId: q1, q: "1", nav: "finish" }, cookie);
    const confirm = await page(finishing.headers.get("location") ?? "", cookie);
    expect(shown(confirm.html)).toContain("Submit the test?");
    expect(shown(confirm.html)).toContain("You have answered 1 of 10 questions.");
    const finished = await post(examAddress, { intent: "finish" }, cookie);
    const resultsAddress = finished.headers.get("location") ?? "";
    expect(resultsAddress).toMatch(/^\/test\/t0\/results\?attempt=/);
    const results = await page(resultsAddress, cookie);
    expect(results.status).toBe(200);
    expect(isFrameworkPage(results.html)).toBe(false);
    expect(shown(results.html)).toContain("Test Completed!");
    expect(shown(results.html)).toContain('data-testid="nav-user-name"');
    const frameworkResults = await page(resultsAddress, `${cookie}; ${SCRIPTED}`);
    expect(isFrameworkPage(frameworkResults.html)).toBe(true);
    expect(shown(results.html)).toBe(shown(frameworkResults.html));
  });

  it("the start card is plain too; a message waiting, another page and a browser that has run the script get the hydrated page", async () => {
    const [cookie, other] = await signInStudents(base, [1, 2]);
    const card = await page("/test/t1", cookie);
    expect(card.status).toBe(200);
    expect(isFrameworkPage(card.html)).toBe(false);
    expect(shown(card.html)).toContain("Start Test");
    expect(isFrameworkPage((await page("/test/t1", `${cookie}; ${SCRIPTED}`)).html)).toBe(true);
    // a page whose route does not say plain
    expect(isFrameworkPage((await page("/dashboard", cookie)).html)).toBe(true);

    const examAddress = await start(cookie, "t1");
    const finished = await post(examAddress, { intent: "finish" }, cookie);
    const resultsAddress = finished.headers.get("location") ?? "";
    // a message waiting (a flash, signed as the app signs it): the reload of the upgrade script would lose it
    const flash = (await createCookie("flash", { path: "/", secrets: [SECRET] }).serialize({ type: "info", text: "Saved." })).split(";")[0];
    const withMessage = await page(resultsAddress, `${cookie}; ${flash}`);
    expect(shown(withMessage.html)).toContain("Saved.");
    expect(isFrameworkPage(withMessage.html)).toBe(true);
    // an admin reads any result
    const admin = await signInAdmin(base);
    const adminView = await page(resultsAddress, admin);
    expect(adminView.status).toBe(200);
    expect(shown(adminView.html)).toContain("Test Completed!");
    // another student: not found
    const stranger = await page(resultsAddress, other);
    expect(stranger.status).toBe(404);
    expect(shown(stranger.html)).toContain("Results not found");
    // a malformed address: refused as the client's mistake, never a 500
    const malformed = await page("/test/%E0%A4%A", cookie);
    expect(malformed.status).toBe(400);
    expect(malformed.html).toBe("Bad request: this address is not valid.");
    // signed out: to the sign-in page
    const signedOut = await page(resultsAddress, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.html).toBe("");
  });

  it("Submit pressed twice without JavaScript (a double tap) leads both presses to the result, never to the start card", async () => {
    const [cookie] = await signInStudents(base, [3]);
    const examAddress = await start(cookie, "t0");
    const presses = await Promise.all([post(examAddress, { intent: "finish" }, cookie), post(examAddress, { intent: "finish" }, cookie)]);
    const targets = presses.map((res) => res.headers.get("location") ?? "");
    expect(presses.map((res) => res.status)).toEqual([302, 302]);
    expect(targets[0]).toMatch(/^\/test\/t0\/results\?attempt=/);
    expect(targets[1]).toBe(targets[0]);
    // and a press long after (a page kept open, sent again) too
    const later = await post(examAddress, { intent: "finish" }, cookie);
    expect(later.headers.get("location")).toBe(targets[0]);
    expect(shown((await page(targets[0], cookie)).html)).toContain("Test Completed!");
  });
});
