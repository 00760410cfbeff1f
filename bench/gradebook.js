// The gradebook of one exam type with 3,000 students × 100 tests, one attempt per cell (budget: a page under
// 100 ms p95): the first page by name, a later page, and the page sorted by average, one admin at a time,
// beside the machine-speed figure.
//   npm run bench:gradebook            (GRADEBOOK_STUDENTS=3000, GRADEBOOK_TESTS=100, GRADEBOOK_REQUESTS=60)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { generate, machineSpeedMs, signInAdmin, startServer, timedPages } from "./lib.js";

const STUDENTS = Number(process.env.GRADEBOOK_STUDENTS ?? 3000);
const TESTS = Number(process.env.GRADEBOOK_TESTS ?? 100);
const REQUESTS = Number(process.env.GRADEBOOK_REQUESTS ?? 60);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-gradebook-"));
const dbFile = path.join(dir, "gradebook.db");
await generate(dbFile, { students: STUDENTS, tests: 0, questionsPerTest: 1, attempts: 0 });
const conn = new Database(dbFile);
const now = Date.now();
conn.transaction(() => {
  const test = conn.prepare(
    "INSERT INTO tests (id, title, description, exam_type, duration, total_questions, is_active, current_version, created_at, updated_at) VALUES (?, ?, '', 'GBENCH', 60, 50, 1, 1, ?, ?)",
  );
  for (let t = 0; t < TESTS; t++) test.run(`g${t}`, `Gradebook test ${t}`, now - t, now);
  const type = conn.prepare("INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) VALUES (?, 'GBENCH')");
  const attempt = conn.prepare(
    "INSERT INTO attempts (id, test_id, user_id, test_version, status, started_at, deadline_at, completed_at, score, total_questions, time_spent) VALUES (?, ?, ?, 1, 'submitted', ?, ?, ?, ?, 50, 600)",
  );
  for (let s = 0; s < STUDENTS; s++) {
    type.run(`s${s}`);
    for (let t = 0; t < TESTS; t++) attempt.run(`ga${s}-${t}`, `g${t}`, `s${s}`, now - 7_200_000, now - 3_600_000, now - 3_600_000 + t, (s * 7 + t * 13) % 51);
  }
})();
conn.close();

const server = await startServer(dbFile, { workers: 1 });
try {
  const admin = await signInAdmin(server.base);
  const timed = (address) => timedPages(server.base, admin, address, REQUESTS, /gradebook-row/g);
  const byName = await timed("/admin/gradebook?type=GBENCH");
  const later = await timed("/admin/gradebook?type=GBENCH&page=30");
  const byAverage = await timed("/admin/gradebook?type=GBENCH&sort=average");
  const speed = machineSpeedMs();
  const p95 = Math.max(byName.p95, later.p95);
  console.log(
    JSON.stringify({
      students: STUDENTS,
      tests: TESTS,
      machineSpeedMs: speed,
      firstPage: byName,
      page30: later,
      sortedByAverage: byAverage,
      budgetMs: 100,
      withinBudget: p95 < 100,
      multipleOfSpeed: Math.round((p95 / speed) * 100) / 100,
    }),
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
