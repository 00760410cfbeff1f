// Before a live mock's answers are released, nothing a student can reach carries its key: every student page
// (read from app/routes) and its data request, the review's filters, and Finish's answer are fetched from a
// running server with a student's cookie and searched for the explanations and the key's field. Once the
// window closes, the same results page shows them, with no action by anyone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, signInAdmin, signInStudents, startServer } from "../../bench/lib.js";
import { routeFiles, urlPatternOf } from "../route-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-release-"));
const dbFile = path.join(dir, "release.db");
const SECRET = "EMBARGOED-EXPLANATION";
let server: Awaited<ReturnType<typeof startServer>>;
let cookie: string;
let classmate: string;
let admin: string;
let attemptId: string;

const read = <T>(statement: string, ...values: unknown[]) => {
  const conn = new Database(dbFile, { readonly: true });
  try {
    return conn.prepare(statement).all(...values) as T[];
  } finally {
    conn.close();
  }
};

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
  // student1 takes NET too (the classmate still writing); t1 is a second NET mock that allows three attempts
  await generate(dbFile, { students: 2, tests: 2, questionsPerTest: 3, attempts: 0 });
  sql("INSERT INTO user_exam_types (user_id, exam_type) VALUES ('s1', 'NET')");
  sql("UPDATE questions SET explanation = ? || position WHERE test_id IN ('t0', 't1')", SECRET);
  // t0 allows one attempt: its score shows at once, its key after the release
  sql("UPDATE tests SET opens_at = ?, closes_at = ?, max_attempts = 1 WHERE id = 't0'", Date.now() - 3_600_000, Date.now() + 3_600_000);
  sql("UPDATE tests SET opens_at = ?, closes_at = ?, max_attempts = 3, exam_type = 'NET' WHERE id = 't1'", Date.now() - 3_600_000, Date.now() + 3_600_000);
  server = await startServer(dbFile, { workers: 1 });
  [cookie, classmate] = await signInStudents(server.base, [0, 1]);
  admin = await signInAdmin(server.base);
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

const post = (pathname: string, fields: Record<string, string>, as = cookie) =>
  fetch(`${server.base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: as, Origin: server.base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** What of the key a body shows: an explanation, the key's field, a question marked right or wrong. */
const keyIn = (body: string) => [SECRET, "correctAnswer", "Correct answer", 'data-outcome="', '"outcome"'].filter((needle) => body.includes(needle));

/** Every page a student may open (from app/routes), with this test's ids, and each page's data request. */
function studentAddresses(): string[] {
  const pages = routeFiles()
    .map((f) => urlPatternOf(f))
    .filter((p) => !p.startsWith("/admin") && !p.startsWith("/api") && !["/logout", "/healthz", "/login"].includes(p) && !p.startsWith("/welcome"))
    .map((p) => p.replace(":testId", "t0").replace(":roundId", "nowhere").replace("*", "nowhere"));
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

/** Every student page and data request, as student0: what of the key each carries (none, before the release). */
async function keyOnAnyPage(): Promise<Array<[string, string[]]>> {
  const found: Array<[string, string[]]> = [];
  for (const address of studentAddresses()) {
    const res = await fetch(`${server.base}${address}`, { headers: { Cookie: cookie } });
    const body = await res.text();
    expect(res.status, address).toBeLessThan(500);
    if (keyIn(body).length) found.push([address, keyIn(body)]);
  }
  return found;
}

describe("the release waits for the last student writing", () => {
  it("keeps the key from every page while a classmate given more time still writes, and shows it once they are done", async () => {
    // the window is open again; the classmate starts, and the admin gives them 10 minutes more in the live room
    sql("UPDATE tests SET closes_at = ? WHERE id = 't0'", Date.now() + 3_600_000);
    expect((await post("/test/t0", { intent: "start" }, classmate)).status).toBe(302);
    const [running] = read<{ id: string; deadline: number }>("SELECT id, deadline_at AS deadline FROM attempts WHERE test_id = 't0' AND user_id = 's1'");
    const more = await post("/admin/tests/t0/live", { minutes: "10", reason: "power cut at the centre", attemptId: running.id }, admin);
    expect(more.status).toBe(302);
    // the window closes while the classmate writes
    sql("UPDATE tests SET closes_at = ? WHERE id = 't0'", Date.now() - 1000);
    expect(await keyOnAnyPage()).toEqual([]);
    const results = await (await fetch(`${server.base}/test/t0/results`, { headers: { Cookie: cookie } })).text();
    expect(results).toContain("Answers and explanations will be shown on");
    expect(results).not.toContain("Rank 1 of");

    // the admin submits the classmate's attempt: the release comes, with nothing else done
    expect((await post("/admin/tests/t0/live", { intent: "submit", attemptId: running.id }, admin)).status).toBe(302);
    const after = await (await fetch(`${server.base}/test/t0/results`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain(SECRET);
    expect(after).toContain("Correct answer");

    // both interventions are in the activity log, and on the attempt as the admin sees it and in the marks register
    const logged = read<{ action: string; detail: string }>("SELECT action, detail FROM activity_log ORDER BY created_at");
    expect(logged).toEqual(
      expect.arrayContaining([
        { action: "more-time", detail: expect.stringContaining("10 minutes more on Bench test 0: power cut at the centre") },
        { action: "submit-now", detail: expect.stringContaining("submitted from the live room") },
      ]),
    );
    const adminView = await (await fetch(`${server.base}/test/t0/results?attempt=${running.id}`, { headers: { Cookie: admin } })).text();
    expect(adminView).toContain("+10 min by");
    expect(adminView).toContain("(power cut at the centre)");
    expect(adminView).toContain("submitted by");
    const register = await (await fetch(`${server.base}/admin/tests/t0/marks.csv`, { headers: { Cookie: admin } })).text();
    expect(register).toContain("academy_actions");
    expect(register).toContain("power cut at the centre");
  });

  it("an admin can hold the release after the close, and release it again", async () => {
    expect((await post("/admin/tests/t0/release", { decision: "hold", back: "/admin/tests/t0/live" }, admin)).status).toBe(302);
    expect(await keyOnAnyPage()).toEqual([]);
    expect(await (await fetch(`${server.base}/test/t0/results`, { headers: { Cookie: cookie } })).text()).toContain("when the academy releases them");
    expect((await post("/admin/tests/t0/release", { decision: "auto", back: "/admin/tests/t0/live" }, admin)).status).toBe(302);
    expect(await (await fetch(`${server.base}/test/t0/results`, { headers: { Cookie: cookie } })).text()).toContain(SECRET);
    expect(read<{ detail: string }>("SELECT detail FROM activity_log WHERE action = 'answer-release' ORDER BY created_at").map((r) => r.detail)).toEqual([
      "held the answers back",
      "left the release to the test's rule",
    ]);
  });
});

describe("a live mock of several attempts before its release", () => {
  it("shows no score or counts, so answering one question per attempt reads nothing of the key", async () => {
    const scores: string[] = [];
    for (let round = 0; round < 3; round++) {
      expect((await post("/test/t1", { intent: "start" })).status).toBe(302);
      const [open] = read<{ id: string }>("SELECT id FROM attempts WHERE test_id = 't1' AND user_id = 's0' AND status = 'in_progress'");
      expect((await post(`/api/attempts/${open.id}/answers`, { questionId: `q${round + 1}`, chosen: "0" })).status).toBe(200);
      const finish = await (await post(`/api/attempts/${open.id}/finish`, { respond: "results" })).text();
      scores.push(finish);
      const page = await (await fetch(`${server.base}/test/t1/results?attempt=${open.id}`, { headers: { Cookie: cookie } })).text();
      expect(page).toContain("Submitted. Your score and the answers are shown on");
      for (const body of [finish, page]) {
        expect(body).not.toMatch(/"score"|"percent"|"correct"|"marks"/);
        expect(keyIn(body)).toEqual([]);
      }
    }
    // nor does any other page: the dashboard and progress leave these attempts out of every figure
    for (const address of ["/dashboard", "/dashboard.data?type=NET&unit=2", "/progress", "/progress.data", "/dashboard?type=NET&unit=2"]) {
      const body = await (await fetch(`${server.base}${address}`, { headers: { Cookie: cookie } })).text();
      expect(body, address).not.toContain("t1/results?attempt=");
    }
    expect(scores).toHaveLength(3);
  });
});
