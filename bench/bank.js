// The question bank's pages with 3,000 students, 100 tests of 50 questions and 60,000 finished attempts with their
// answers, 5 questions shared by 20 tests (their statistics read every attempt of those tests): the first page,
// a later page, a search and the generate page, one admin at a time (each page's first visit apart: it reads the
// statistics, then kept a minute), beside the machine-speed figure.
//   npm run bench:bank            (BANK_STUDENTS=3000, BANK_TESTS=100, BANK_ATTEMPTS=60000, BANK_REQUESTS=40)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { generate, machineSpeedMs, signInAdmin, startServer, timedPages } from "./lib.js";

const STUDENTS = Number(process.env.BANK_STUDENTS ?? 3000);
const TESTS = Number(process.env.BANK_TESTS ?? 100);
const ATTEMPTS = Number(process.env.BANK_ATTEMPTS ?? 60_000);
const REQUESTS = Number(process.env.BANK_REQUESTS ?? 40);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bank-"));
const dbFile = path.join(dir, "bank.db");
await generate(dbFile, { students: STUDENTS, tests: TESTS, questionsPerTest: 50, attempts: ATTEMPTS });
const conn = new Database(dbFile);
// the first 5 questions of tests 1–19 become test 0's (the same words and options: one bank question each), and
// every question gets a topic, so the generate page lists them; bank keys are worked out when the server starts
conn.transaction(() => {
  const share = conn.prepare("UPDATE questions SET question = ?, bank_key = NULL WHERE test_id = ? AND id = ?");
  for (let t = 1; t < Math.min(20, TESTS); t++)
    for (let q = 1; q <= 5; q++) share.run(`Question ${q} of test 0: who wrote **"Work ${q - 1}"**?`, `t${t}`, `q${q}`);
  conn.prepare("UPDATE questions SET topic = 'Topic ' || (CAST(substr(id, 2) AS INTEGER) % 10), bank_key = NULL").run();
})();
conn.close();

const server = await startServer(dbFile, { workers: 1 });
try {
  const admin = await signInAdmin(server.base);
  const timed = (address) => timedPages(server.base, admin, address, REQUESTS, /bank-row|data-testid="pick"/g);
  // a page's first visit reads its questions' statistics; later visits within a minute find them kept
  const cold = async (address) => {
    const t = performance.now();
    await (await fetch(`${server.base}${address}`, { headers: { Cookie: admin } })).text();
    return Math.round(performance.now() - t);
  };
  const coldMs = { firstPage: await cold("/admin/bank"), page30: await cold("/admin/bank?page=30") };
  const firstPage = await timed("/admin/bank");
  const later = await timed("/admin/bank?page=60");
  const search = await timed("/admin/bank?q=work%201");
  const generatePage = await timed("/admin/bank/generate");
  const speed = machineSpeedMs();
  const p95 = Math.max(firstPage.p95, later.p95, search.p95, generatePage.p95);
  console.log(
    JSON.stringify({
      students: STUDENTS,
      tests: TESTS,
      attempts: ATTEMPTS,
      machineSpeedMs: speed,
      coldMs,
      firstPage,
      page60: later,
      search,
      generatePage,
      budgetMs: 100,
      withinBudget: p95 < 100,
      multipleOfSpeed: Math.round((p95 / speed) * 100) / 100,
    }),
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
