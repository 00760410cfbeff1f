// A small run of the benchmark harness (bench/lib.js) inside `npm test`: the generator, a real server,
// real sign-ins, a short autocannon run and the exam-end burst, whose no-lost-answers count must be
// exact. No timing is asserted here; timings belong to `npm run bench`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { examEndBurst, generate, load, signInStudents, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-bench-smoke-"));
const dbFile = path.join(dir, "bench.db");
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  await generate(dbFile, { students: 50, tests: 10, questionsPerTest: 10, attempts: 300 });
  server = await startServer(dbFile);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("bench harness (small)", () => {
  it("generates the requested data set", () => {
    const db = new Database(dbFile, { readonly: true });
    const count = (t: string) => (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n;
    expect(count("users")).toBe(51);
    expect(count("tests")).toBe(10);
    expect(count("questions")).toBe(100);
    expect(count("attempts")).toBe(300);
    expect(count("attempt_answers")).toBe(3000);
    db.close();
  });

  it("serves signed-in dashboards under load without errors", async () => {
    const cookies = await signInStudents(server.base, [0, 1, 2, 3]);
    const r = await load(server.base, { paths: ["/dashboard"], cookies, duration: 1, connections: 2, pid: server.pid });
    expect(r.requests).toBeGreaterThan(0);
    expect(r.errors).toBe(0);
    // the harness read the server's CPU time (a figure, not a timing assertion)
    expect(r.cpuMsPerRequest).toBeGreaterThan(0);
  }, 60_000);

  it("loses no answer in an exam-end burst and finishes every attempt", async () => {
    const students = Array.from({ length: 20 }, (_, i) => 30 + i);
    const cookies = await signInStudents(server.base, students);
    const r = await examEndBurst(server.base, dbFile, cookies, {
      windowSeconds: 2,
      answersEach: 3,
      testIdOf: (k: number) => `t${students[k] % 5}`,
      userIdOf: (k: number) => `s${students[k]}`,
    });
    expect(r).toMatchObject({ students: 20, answersSent: 60, answersStored: 60, lost: 0, unfinished: 0, errors: 0 });
  }, 60_000);
});
