// Before a live mock's answers are released, nothing a student can reach carries its key: every student page
// (read from app/routes) and its data request, the review's filters, and Finish's answer are fetched from a
// running server with a student's cookie and searched for the explanations and the key's field. Once the
// window closes, the same results page shows them, with no action by anyone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, signInStudents, startServer } from "../../bench/lib.js";
import { routeFiles, urlPatternOf } from "../route-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-release-"));
const dbFile = path.join(dir, "release.db");
const SECRET = "EMBARGOED-EXPLANATION";
let server: Awaited<ReturnType<typeof startServer>>;
let cookie: string;
let attemptId: string;

const sql = (statement: string, ...values: unknown[]) => {
  const conn = new Database(dbFile);
  try {
    conn.prepare(statement).run(...values);
  } finally {
    conn.close();
  }
};

beforeAll(async () => {
  // student0 may take NET; test t0 is a NET test
  await generate(dbFile, { students: 1, tests: 1, questionsPerTest: 3, attempts: 0 });
  sql("UPDATE questions SET explanation = ? || position WHERE test_id = 't0'", SECRET);
  sql("UPDATE tests SET opens_at = ?, closes_at = ? WHERE id = 't0'", Date.now() - 3_600_000, Date.now() + 3_600_000);
  server = await startServer(dbFile, { workers: 1 });
  [cookie] = await signInStudents(server.base, [0]);
  // Start through the form, answer one question, Finish through the JSON endpoint the exam page uses
  const started = await fetch(`${server.base}/test/t0`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=start",
  });
  expect(started.status).toBe(302);
  const conn = new Database(dbFile, { readonly: true });
  attemptId = (conn.prepare("SELECT id FROM attempts WHERE test_id = 't0'").get() as { id: string }).id;
  conn.close();
}, 90_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = (pathname: string, fields: Record<string, string>) =>
  fetch(`${server.base}${pathname}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** What of the key a body shows: an explanation, the key's field, a question marked right or wrong. */
const keyIn = (body: string) => [SECRET, "correctAnswer", "Correct answer", 'data-outcome="', '"outcome"'].filter((needle) => body.includes(needle));

/** Every page a student may open (from app/routes), with this test's ids, and each page's data request. */
function studentAddresses(): string[] {
  const pages = routeFiles()
    .map((f) => urlPatternOf(f))
    .filter((p) => !p.startsWith("/admin") && !p.startsWith("/api") && !["/logout", "/healthz", "/login"].includes(p) && !p.startsWith("/welcome"))
    .map((p) => p.replace(":testId", "t0").replace("*", "nowhere"));
  const withQueries = [
    ...pages,
    "/test/t0/results?filter=correct",
    "/test/t0/results?filter=wrong",
    `/test/t0/results?attempt=${attemptId}`,
    "/dashboard?type=NET",
  ];
  const data = withQueries.map((a) => {
    const [pathname, query] = a.split("?");
    return `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
  });
  return [...new Set([...withQueries, ...data])];
}

describe("a live mock before its window closes", () => {
  it("Finish's answer carries the score and no key", async () => {
    expect((await post(`/api/attempts/${attemptId}/answers`, { questionId: "q1", chosen: "0" })).status).toBe(200);
    // the hydrated exam page asks Finish to answer with the results page's data
    const finish = await post(`/api/attempts/${attemptId}/finish`, { respond: "results" });
    expect(finish.status).toBe(200);
    const body = await finish.text();
    expect(body).toContain('"score"');
    expect(keyIn(body)).toEqual([]);
  });

  it("no page a student can reach, nor its data request, carries the key or an explanation", async () => {
    const addresses = studentAddresses();
    expect(addresses).toEqual(expect.arrayContaining(["/dashboard", "/progress", "/test/t0", "/test/t0/results", "/test/t0/results.data"]));
    for (const address of addresses) {
      const res = await fetch(`${server.base}${address}`, { headers: { Cookie: cookie } });
      const body = await res.text();
      expect(res.status, address).toBeLessThan(500);
      expect(keyIn(body), address).toEqual([]);
    }
    const results = await (await fetch(`${server.base}/test/t0/results`, { headers: { Cookie: cookie } })).text();
    expect(results).toContain("Answers and explanations will be shown on");
  });

  it("once the window has closed, the same results page shows the answers and explanations", async () => {
    sql("UPDATE tests SET closes_at = ? WHERE id = 't0'", Date.now() - 1000);
    const results = await (await fetch(`${server.base}/test/t0/results`, { headers: { Cookie: cookie } })).text();
    expect(results).toContain(SECRET);
    expect(results).toContain("Correct answer");
    expect(results).not.toContain("Answers and explanations will be shown on");
  });
});
