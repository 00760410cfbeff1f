// Server CPU per request for the requests of an exam (Start, the exam's loader data, an answer
// save, the page's status poll, Finish, the results' loader data) on one warmed-up worker, and for the form path of a page
// without JavaScript (Start's post and the exam page it redirects to; Finish's post and the results
// page), optionally against another checkout run alternately, so a change is compared within the same
// minutes on a VM whose speed drifts.
//
//   node bench/exam-requests.js                      this checkout, 3 rounds
//   node bench/exam-requests.js /path/to/other/clone  both, alternately, in reverse order every other round
//                                                    (the other needs npm ci + npm run build)
//   EXAM_REQUESTS_ROUNDS=5 node bench/exam-requests.js
//   EXAM_REQUESTS_PATH=forms|api node bench/exam-requests.js   (one path only, e.g. under --cpu-prof)
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { cpuMs, generate, ROOT, SECRET, startServer } from "./lib.js";

const STUDENTS = 500;
const ROUNDS = Number(process.env.EXAM_REQUESTS_ROUNDS ?? 3);

/** One server from `checkout` on a copy of `baseDb`: two warm-up rounds (tests t2, t1), then t0 measured. */
async function measure(checkout, baseDb) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-exam-requests-"));
  const dbFile = path.join(dir, "exam.db");
  fs.copyFileSync(baseDb, dbFile);
  const db = new Database(dbFile);
  db.exec(
    "INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) SELECT u.id, t.exam_type FROM users u, (SELECT DISTINCT exam_type FROM tests) t WHERE u.role = 'user'",
  );
  const cookie = createCookie("__session", { path: "/", secrets: [SECRET] });
  const insert = db.prepare("INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)");
  const cookies = [];
  const now = Date.now();
  for (let i = 0; i < STUDENTS; i++) {
    const id = crypto.randomBytes(32).toString("base64url");
    insert.run(crypto.createHash("sha256").update(id).digest("base64url"), `s${i}`, now, now, now + 1e9);
    cookies.push((await cookie.serialize(id)).split(";")[0]);
  }
  db.close();

  const server = await startServer(dbFile, { workers: 1, cwd: checkout });
  const { port } = new URL(server.base);
  const base = server.base;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const send = (method, pathname, cookieHeader, form, { location = false, html = false } = {}) =>
    new Promise((resolve, reject) => {
      const body = method === "GET" ? "" : new URLSearchParams(form ?? {}).toString();
      const headers = { Cookie: cookieHeader, Accept: html || location ? "text/html" : "*/*", "Accept-Encoding": "gzip, br", Origin: base };
      if (method !== "GET") Object.assign(headers, { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body) });
      const req = http.request({ hostname: "127.0.0.1", port, path: pathname, method, headers, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(location ? { code: res.statusCode, location: res.headers.location } : html ? { code: res.statusCode } : res.statusCode));
      });
      req.on("error", reject);
      req.end(body);
    });
  const figures = {};
  const startsThroughApi = ["app/routes/api.tests.$testId.start.ts", "app/routes/api+/tests.$testId.start.ts"].some((f) =>
    fs.existsSync(path.join(checkout, f)),
  );
  const step = async (name, measured, fn) => {
    const before = cpuMs(server.pid);
    const statuses = await Promise.all(cookies.map(fn));
    if (statuses.some((s) => s >= 400)) throw new Error(`${name}: status ${statuses.find((s) => s >= 400)}`);
    if (measured) figures[name] = Math.round(((cpuMs(server.pid) - before) / cookies.length) * 100) / 100;
  };
  try {
    const only = process.env.EXAM_REQUESTS_PATH;
    for (const [testId, measured, formPath] of [
      ["t2", false, false],
      ["t1", false, false],
      ["t0", true, false],
      ["t4", false, true],
      ["t3", true, true],
    ].filter(([, , forms]) => !only || (only === "forms") === forms)) {
      // as the hydrated start card sends it: the JSON endpoint since session 7, Remix's action before
      if (formPath) {
        // without JavaScript: the start card's form, then the exam page; the finish dialog's form, then the results page
        // the post and the page it redirects to are measured apart (all posts, then all pages) and summed
        const formStep = async (name, form) => {
          const locations = new Map();
          await step(`${name} post`, measured, async (c) => {
            const status = await send("POST", `/test/${testId}`, c, form, { location: true });
            locations.set(c, status.location);
            return status.code === 302 ? 200 : status.code;
          });
          await step(`${name} page`, measured, async (c) => (await send("GET", locations.get(c), c, undefined, { html: true })).code ?? 500);
          if (measured) figures[name] = Math.round((figures[`${name} post`] + figures[`${name} page`]) * 100) / 100;
        };
        await formStep("form start", { intent: "start" });
        await formStep("form finish", { intent: "finish" });
        continue;
      }
      const start = startsThroughApi
        ? (c) => send("POST", `/api/tests/${testId}/start`, c, { intent: "start" })
        : (c) => send("POST", `/test/${testId}.data`, c, { intent: "start", respond: "exam" });
      await step("start", measured, start);
      const read = new Database(dbFile, { readonly: true });
      const attemptOf = read.prepare("SELECT id FROM attempts WHERE user_id = ? AND test_id = ?");
      const attemptIds = cookies.map((_c, i) => attemptOf.get(`s${i}`, testId).id);
      read.close();
      const index = new Map(cookies.map((c, i) => [c, i]));
      await step("exam data", measured, (c) => send("GET", `/test/${testId}.data?q=1`, c));
      // ten saves each: the figure is per save
      const before = cpuMs(server.pid);
      await Promise.all(
        cookies.map(async (c) => {
          for (let q = 1; q <= 10; q++) {
            const status = await send("POST", `/api/attempts/${attemptIds[index.get(c)]}/answers`, c, { questionId: `q${q}`, chosen: String(q % 4) });
            if (status !== 200) throw new Error(`save: status ${status}`);
          }
        }),
      );
      if (measured) figures.save = Math.round(((cpuMs(server.pid) - before) / (cookies.length * 10)) * 100) / 100;
      // the page's status poll (its deadline and the live room's message, every 20 s): where the checkout has it
      if (fs.existsSync(path.join(checkout, "app/routes/api+/attempts.$attemptId.status.ts")))
        await step("status poll", measured, (c) => send("GET", `/api/attempts/${attemptIds[index.get(c)]}/status`, c));
      await step("finish", measured, (c) => send("POST", `/api/attempts/${attemptIds[index.get(c)]}/finish`, c, { respond: "results" }));
      await step("results data", measured, (c) => send("GET", `/test/${testId}/results.data?attempt=${attemptIds[index.get(c)]}`, c));
    }
  } finally {
    agent.destroy();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

const checkouts = [ROOT, ...process.argv.slice(2).map((p) => path.resolve(p))];
const baseDb = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "academy-exam-requests-base-")), "base.db");
await generate(baseDb, { students: STUDENTS + 100, tests: 5, questionsPerTest: 50, attempts: 0 });
console.log("server CPU ms per request (one warmed-up worker, 500 students at once)");
for (let round = 1; round <= ROUNDS; round++) {
  // every other round in the reverse order: a machine that speeds up or slows down over the run favours none of them
  const order = round % 2 ? checkouts : [...checkouts].reverse();
  for (const checkout of order) console.log(`round ${round}`, path.basename(checkout), JSON.stringify(await measure(checkout, baseDb)));
}
fs.rmSync(path.dirname(baseDb), { recursive: true, force: true });
