// The live exam room of a test with 3,000 students writing (budget: under 50 ms p95 per refresh): the data
// request its page repeats every few seconds (`/admin/tests/t0/live.data`) and the whole page, one
// admin at a time, beside the machine-speed figure.
//   npm run bench:live-room            (LIVE_ROOM_STUDENTS=3000, LIVE_ROOM_REQUESTS=200)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { generate, machineSpeedMs, signInAdmin, startServer, timedPages } from "./lib.js";

const STUDENTS = Number(process.env.LIVE_ROOM_STUDENTS ?? 3000);
const REQUESTS = Number(process.env.LIVE_ROOM_REQUESTS ?? 200);
const QUESTIONS = 50;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-live-room-"));
const dbFile = path.join(dir, "live.db");
await generate(dbFile, { students: STUDENTS, tests: 1, questionsPerTest: QUESTIONS, attempts: 0 });
// every student writing test t0, started up to 40 minutes ago, with up to 40 answers each (some stalled)
const conn = new Database(dbFile);
const now = Date.now();
const attempt = conn.prepare(
  "INSERT INTO attempts (id, test_id, user_id, test_version, status, started_at, deadline_at, total_questions) VALUES (?, 't0', ?, 1, 'in_progress', ?, ?, ?)",
);
const answer = conn.prepare("INSERT INTO attempt_answers (attempt_id, question_id, chosen_index, marked_for_review, updated_at) VALUES (?, ?, ?, 0, ?)");
conn.transaction(() => {
  for (let i = 0; i < STUDENTS; i++) {
    const started = now - (i % 40) * 60_000;
    attempt.run(`a${i}`, `s${i}`, started, now + 60 * 60_000, QUESTIONS);
    for (let q = 1; q <= i % 41; q++) answer.run(`a${i}`, `q${q}`, q % 4, started + q * 50_000);
  }
})();
conn.close();

const server = await startServer(dbFile, { workers: 1 });
try {
  const admin = await signInAdmin(server.base);
  const timed = (address) => timedPages(server.base, admin, address, REQUESTS, /live-row/g);
  const data = await timed(`/admin/tests/t0/live.data`);
  const page = await timed(`/admin/tests/t0/live`);
  const speed = machineSpeedMs();
  const p95 = data.p95;
  console.log(
    JSON.stringify({
      students: STUDENTS,
      machineSpeedMs: speed,
      liveRoomData: { ...data, multipleOfSpeed: Math.round((p95 / speed) * 100) / 100 },
      liveRoomPage: { p50: page.p50, p95: page.p95, rowsOnPage: page.rows },
      budgetMs: 50,
      withinBudget: p95 < 50,
    }),
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
