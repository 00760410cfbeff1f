// Exam day on one small box: N students (default 3,000) sign in while 500 others are mid-exam, press
// Start Test in the same second, answer for a minute, finish together at the deadline and open their
// results; then every acknowledged answer is looked up in the database. A capacity search finds the
// largest synchronized start that completes within 10 s without an error. Two request patterns:
// - api: the hydrated exam page (Start, the answers and Finish through the exam's JSON endpoints, Start
//   answered with the exam and Finish with the results);
// - forms: a page without JavaScript, or not hydrated yet (Start posts the start card's form and follows
//   the redirect to the exam page; each Save & Next posts the exam form and follows to the next question;
//   Finish posts and follows to the results page). A 503 is pressed again after its Retry-After. The
//   browsers have never run the site's script, so the pages are the plain ones (EXAMDAY_SCRIPTED below).
// Every figure is printed beside the machine-speed figure and as its multiple, so runs in different
// minutes compare; 5xx answers, error pages, reset connections and restarted workers are counted per phase.
//   npm run bench:examday                           (full size, both patterns; each figure against its target)
//   EXAMDAY_MODE=forms|api|both                     (default both)
//   EXAMDAY_STUDENTS=500 npm run bench:examday       (smaller)
//   EXAMDAY_OLD_HASHES=true                         (every student's password in the previous scrypt format)
//   EXAMDAY_SCRIPTED=true                           (forms: browsers that ran the site's script before, so each page is
//                                                    the framework's document, not yet hydrated; without: the plain pages)
//   EXAMDAY_PAIRED_ROUNDS=3                         (default 3; 0 skips them): after the first pattern's day, the two
//                                                    patterns' start and finish in alternating rounds on one server,
//                                                    minutes apart; the 1.5× target is read from their median
// tests/integration/examday-smoke.test.ts runs examDay() small inside `npm test`.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { cpuMs, generate, listenOverflows, machineSpeedMs, percentile, SECRET, STUDENT_PASSWORD, startServer, withPeakMemory } from "./lib.js";

const EXAM_TEST = "t0";
const MID_EXAM_TEST = "t1";

/** The exam-day targets (DESIGN.md "Exam day"; ms unless named otherwise); the bench prints each figure against its own. */
export const TARGETS = {
  startAllOnQuestion1Ms: 5000,
  finishAllOnResultsMs: 5000,
  answeringSavesPerSecond: 1000,
  answeringP95Ms: 50,
  signInWaveMs: 60_000,
  midExamP95DuringWaveMs: 250,
  capacityStudents: 5000,
  // the WAL file while answers pour in: checkpoints keep up (app/db/db.server.ts checkpointWal)
  answeringPeakWalMB: 128,
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (x) => Math.round(x * 10) / 10;

function stats(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted[sorted.length - 1] ?? 0) };
}

/** A plain HTTP client with one keep-alive pool (a phone per socket, up to 4,000 at once). */
function client(base) {
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4000 });
  let requests = 0;
  function send(method, pathname, { cookie, form, accept = "text/html", forwardedFor } = {}) {
    requests += 1;
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers = { Accept: accept, "Accept-Encoding": "gzip, deflate, br" };
    if (cookie) headers.Cookie = cookie;
    if (forwardedFor) headers["X-Forwarded-For"] = forwardedFor;
    if (method !== "GET") headers.Origin = base;
    if (body !== undefined) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers["Content-Length"] = Buffer.byteLength(body);
    }
    const started = performance.now();
    return new Promise((resolve) => {
      const req = http.request({ hostname, port, path: pathname, method, headers, agent }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }));
        res.on("error", () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: performance.now() - started }));
      });
      req.on("error", () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: performance.now() - started }));
      if (body !== undefined) req.write(body);
      req.end();
    });
  }
  return { send, requests: () => requests, close: () => agent.destroy() };
}

/** A response body as text, decompressed as a browser would. */
function textOf(res) {
  const encoding = res.headers["content-encoding"];
  if (encoding === "gzip") return zlib.gunzipSync(res.body).toString();
  if (encoding === "br") return zlib.brotliDecompressSync(res.body).toString();
  if (encoding === "deflate") return zlib.inflateSync(res.body).toString();
  return res.body.toString();
}

/** A hash in the format stored before argon2id (scrypt N=2^15, r=8, p=1), as app/lib/server/password.server.ts still verifies. */
function oldScryptHash(password) {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", 32768, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Session rows written straight into the database: students who signed in yesterday (no sign-in needed today). */
async function sessionsFor(dbFile, userIds) {
  const cookie = createCookie("__session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [SECRET] });
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 10000");
  const insert = db.prepare("INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)");
  const now = Date.now();
  const cookies = [];
  const rows = [];
  for (const userId of userIds) {
    const id = crypto.randomBytes(32).toString("base64url");
    rows.push([crypto.createHash("sha256").update(id).digest("base64url"), userId, now - 86_400_000, now - 86_400_000, now + 29 * 86_400_000]);
    cookies.push((await cookie.serialize(id)).split(";")[0]);
  }
  db.transaction(() => {
    for (const r of rows) insert.run(...r);
  })();
  db.close();
  return cookies;
}

/** The attempt ids of students' running attempts on a test (what the exam page carries in its data). */
function runningAttempts(dbFile, userIds, testId) {
  const db = new Database(dbFile, { readonly: true });
  const find = db.prepare("SELECT id FROM attempts WHERE user_id = ? AND test_id = ? AND status = 'in_progress'");
  const ids = userIds.map((u) => find.get(u, testId)?.id ?? null);
  db.close();
  return ids;
}

/**
 * After the run: acknowledged answers whose stored value differs or is missing (`lost`) and attempts of
 * the run still running (`unfinished`). Both must be 0.
 */
export function countLostAndUnfinished(dbFile, acknowledged, attemptIds) {
  const db = new Database(dbFile, { readonly: true });
  const read = db.prepare("SELECT chosen_index AS c FROM attempt_answers WHERE attempt_id = ? AND question_id = ?");
  let lost = 0;
  for (const [key, chosen] of acknowledged) {
    const [attemptId, questionId] = key.split(":");
    if (read.get(attemptId, questionId)?.c !== chosen) lost += 1;
  }
  const running = db.prepare("SELECT status FROM attempts WHERE id = ?");
  const unfinished = attemptIds.filter((id) => running.get(id)?.status !== "submitted" && running.get(id)?.status !== "expired").length;
  db.close();
  return { lost, unfinished };
}

/** What a person does when the page says "press again": wait the Retry-After (with jitter) and send it again. */
async function pressedUntilServed(send, counts) {
  for (let tries = 0; ; tries++) {
    const res = await send();
    if (res.status !== 503 || tries >= 20) return res;
    counts.busy += 1;
    await sleep(Number(res.headers["retry-after"] ?? 1) * 1000 * (1 + Math.random()));
  }
}

/** A request a person would see go wrong: no answer (reset), a 5xx, or an error page. */
function failed(res, counts) {
  if (res.status === 0) counts.resets += 1;
  else if (res.status >= 500) counts.serverErrors += 1;
  else counts.other += 1;
}

/**
 * The three exam requests of each pattern, each resolving to null (done) or a failed response. `forms`
 * follows each redirect with the page a browser would load.
 */
const PATTERNS = {
  api: {
    async start(http_, cookie, testId, counts) {
      // the hydrated start card: Start through the JSON endpoint, answered with the running exam itself
      // (app/lib/rules/page-handoff.ts), which the page shows at Question 1 without another request
      const res = await pressedUntilServed(
        () => http_.send("POST", `/api/tests/${testId}/start`, { cookie, form: { intent: "start" }, accept: "application/json" }),
        counts,
      );
      let reply = null;
      try {
        reply = JSON.parse(textOf(res));
      } catch {}
      return res.status === 200 && reply?.page?.state === "in-progress" && reply.page.current === 1 ? null : res;
    },
    async save(http_, { cookie, attemptId, testId: _t, q, chosen }, counts) {
      const res = await pressedUntilServed(
        () =>
          http_.send("POST", `/api/attempts/${attemptId}/answers`, {
            cookie,
            accept: "application/json",
            form: { questionId: `q${q}`, chosen: String(chosen), at: String(Date.now()) },
          }),
        counts,
      );
      return res.status === 200 ? null : res;
    },
    async finish(http_, { cookie, attemptId }, counts) {
      // what the exam page sends: Finish asking for the results in its answer
      const res = await pressedUntilServed(
        () => http_.send("POST", `/api/attempts/${attemptId}/finish`, { cookie, form: { respond: "results" }, accept: "application/json" }),
        counts,
      );
      let reply = null;
      try {
        reply = JSON.parse(textOf(res));
      } catch {}
      if (res.status !== 200 || !reply?.resultsUrl) return res;
      // the page then moves to the results client-side (it learned their route while answering)
      if (!reply.results) {
        // an older server: the results page's loader data is a request of its own
        const page = await http_.send("GET", reply.resultsUrl.replace("?", ".data?"), { cookie, accept: "*/*" });
        if (page.status !== 200) return page;
      }
      return null;
    },
  },
  forms: {
    async start(http_, cookie, testId, counts) {
      const posted = await pressedUntilServed(() => http_.send("POST", `/test/${testId}`, { cookie, form: { intent: "start" } }), counts);
      if (posted.status !== 302) return posted;
      const page = await pressedUntilServed(() => http_.send("GET", String(posted.headers.location), { cookie }), counts);
      return page.status === 200 && textOf(page).includes('name="questionId" value="q1"') ? null : page;
    },
    async save(http_, { cookie, testId, q, chosen }, counts) {
      // Save & Next: the exam form with the chosen option, then the next question's page
      const posted = await pressedUntilServed(
        () =>
          http_.send("POST", `/test/${testId}`, { cookie, form: { intent: "save", questionId: `q${q}`, q: String(q), chosen: String(chosen), nav: "next" } }),
        counts,
      );
      if (posted.status !== 302) return posted;
      const page = await pressedUntilServed(() => http_.send("GET", String(posted.headers.location), { cookie }), counts);
      return page.status === 200 ? null : page;
    },
    async finish(http_, { cookie, testId }, counts) {
      // the Submit of the finish dialog, then the results page
      const posted = await pressedUntilServed(() => http_.send("POST", `/test/${testId}`, { cookie, form: { intent: "finish" } }), counts);
      if (posted.status !== 302 || !String(posted.headers.location).includes("/results")) return posted;
      const page = await pressedUntilServed(() => http_.send("GET", String(posted.headers.location), { cookie }), counts);
      return page.status === 200 && textOf(page).includes("Test Completed!") ? null : page;
    },
  },
};

const newCounts = () => ({ busy: 0, resets: 0, serverErrors: 0, other: 0 });

/** The largest size the database's WAL file reaches while `fn` runs (MB). */
async function withPeakWal(dbFile, fn) {
  let peak = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, fs.statSync(`${dbFile}-wal`).size);
    } catch {}
  };
  sample();
  const timer = setInterval(sample, 250);
  try {
    return { ...(await fn()), peakWalMB: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

/** A phase's figures: wall time, latencies, errors, the server's CPU per request, peak memory and WAL size. */
async function phase(server, http_, fn) {
  const cpuBefore = cpuMs(server.pid);
  const overflowsBefore = listenOverflows();
  const requestsBefore = http_.requests();
  const logBefore = server.stderr().length;
  const started = performance.now();
  const result = await withPeakWal(server.dbFile, () => withPeakMemory(server.pid, fn));
  const requests = http_.requests() - requestsBefore;
  const log = server.stderr().slice(logBefore);
  const overflowsAfter = listenOverflows();
  return {
    ...result,
    wallMs: Math.round(performance.now() - started),
    requests,
    serverCpuMsPerRequest: round((cpuMs(server.pid) - cpuBefore) / Math.max(1, requests)),
    // connection attempts dropped by a full accept queue (each waits 1 s or more for its retry)
    listenQueueOverflows: overflowsBefore === null || overflowsAfter === null ? null : overflowsAfter - overflowsBefore,
    // a worker that crashed (out of memory) and was started again; renders Remix gave up on
    workerRestarts: (log.match(/exited \(/g) ?? []).length,
    abortedRenders: (log.match(/render was aborted/gi) ?? []).length,
  };
}

/** Each student's step (their Start, their Finish) all at once: latencies, errors, and when the last was through. */
async function allAtOnce(cookies, step) {
  const latencies = [];
  const counts = newCounts();
  let errors = 0;
  let lastMs = 0;
  const t0 = performance.now();
  await Promise.all(
    cookies.map(async (cookie, k) => {
      const started = performance.now();
      const bad = await step(cookie, k, counts);
      if (bad) {
        errors += 1;
        failed(bad, counts);
        return;
      }
      latencies.push(performance.now() - started);
      lastMs = Math.max(lastMs, performance.now() - t0);
    }),
  );
  return { allThroughMs: Math.round(lastMs), errors, ...counts, ...stats(latencies) };
}

/** Starts the test for each student at once and loads Question 1. */
function synchronizedStart(http_, cookies, testId, pattern = PATTERNS.api) {
  return allAtOnce(cookies, (cookie, _k, counts) => pattern.start(http_, cookie, testId, counts));
}

/** Finishes each student's attempt at once and loads the results page. */
function synchronizedFinish(http_, cookies, attemptIds, testId, pattern) {
  return allAtOnce(cookies, (cookie, k, counts) => pattern.finish(http_, { cookie, attemptId: attemptIds[k], testId }, counts));
}

/** Answers written straight into the database (what a minute of answering leaves): the first `answered` questions of each attempt. */
function answeredDirectly(dbFile, attemptIds, answered) {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 10000");
  const insert = db.prepare(
    "INSERT OR REPLACE INTO attempt_answers (attempt_id, question_id, chosen_index, marked_for_review, updated_at) VALUES (?, ?, ?, 0, ?)",
  );
  const now = Date.now();
  db.transaction(() => {
    for (const id of attemptIds) for (let q = 1; q <= answered; q++) insert.run(id, `q${q}`, Math.floor(Math.random() * 4), now);
  })();
  db.close();
}

/**
 * The form path against the script path in alternating rounds on one server, so that the two are minutes,
 * not a whole exam day, apart (this VM's speed drifts 2× between minutes). Each round starts the same
 * students on two fresh tests, one per pattern, back to back (the order swaps every round), writes the
 * answers a minute of answering leaves, and finishes both the same way. Returns each round's figures and
 * each round's forms / api ratios (pairedAgainstTarget takes their median).
 */
async function pairedRounds({ server, http_, dbFile, ids, rounds, firstTest, questions, log }) {
  const cookies = await sessionsFor(dbFile, ids);
  const perStudentCpuMs = (p) => round((p.serverCpuMsPerRequest * p.requests) / Math.max(1, p.count));
  const list = [];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? ["api", "forms"] : ["forms", "api"];
    const tests = { api: `t${firstTest + 2 * r}`, forms: `t${firstTest + 2 * r + 1}` };
    const figures = { order, start: {}, finish: {} };
    for (const mode of order) figures.start[mode] = await phase(server, http_, () => synchronizedStart(http_, cookies, tests[mode], PATTERNS[mode]));
    const attempts = { api: runningAttempts(dbFile, ids, tests.api), forms: runningAttempts(dbFile, ids, tests.forms) };
    answeredDirectly(dbFile, [...attempts.api, ...attempts.forms].filter(Boolean), Math.min(questions, 30));
    for (const mode of order)
      figures.finish[mode] = await phase(server, http_, () => synchronizedFinish(http_, cookies, attempts[mode], tests[mode], PATTERNS[mode]));
    for (const step of ["start", "finish"]) {
      const { api, forms } = figures[step];
      figures[step].ratio = round(forms.allThroughMs / Math.max(1, api.allThroughMs));
      figures[step].cpuPerStudentMs = { api: perStudentCpuMs(api), forms: perStudentCpuMs(forms) };
    }
    log(`paired round ${r + 1}`, JSON.stringify({ order, start: figures.start.ratio, finish: figures.finish.ratio }));
    list.push(figures);
  }
  return {
    students: ids.length,
    rounds: list,
    errors: list.reduce((n, f) => n + f.start.api.errors + f.start.forms.errors + f.finish.api.errors + f.finish.forms.errors, 0),
  };
}

/**
 * The whole exam day. Options scale it down for the smoke test. Returns every phase's figures, the
 * lost / unfinished counts and (with `capacity`) the capacity search.
 */
export async function examDay({
  scripted = false,
  students = 3000,
  mid = 500,
  questions = 50,
  signInWindowSeconds = 20,
  answerSeconds = 60,
  thinkMs = [1000, 4000],
  midThinkMs = [5000, 15000],
  capacitySteps = [500, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000],
  capacity = true,
  pairedRoundsCount = 0,
  mode = "api",
  oldHashes = false,
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-examday-")),
  log = () => {},
} = {}) {
  const pattern = PATTERNS[mode];
  if (!pattern) throw new Error(`unknown exam-day mode ${mode} (api or forms)`);
  const dbFile = path.join(dir, "examday.db");
  const capacityMax = capacity ? Math.max(...capacitySteps) : 0;
  const total = Math.max(students, capacityMax) + mid;
  const pairedFirstTest = 2 + (capacity ? capacitySteps.length : 0);
  const testsNeeded = pairedFirstTest + 2 * pairedRoundsCount;
  log(`generating ${total} students, ${testsNeeded} tests of ${questions} questions`);
  await generate(dbFile, { students: total, tests: testsNeeded, questionsPerTest: questions, attempts: 0 });
  {
    // exam day: every student may sit every paper
    const db = new Database(dbFile);
    db.exec(
      "INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) SELECT u.id, t.exam_type FROM users u, (SELECT DISTINCT exam_type FROM tests) t WHERE u.role = 'user'",
    );
    // the first exam morning after an upgrade: every student's password still in the previous format
    // (scrypt), verified at sign-in and re-hashed once the password pool is idle
    if (oldHashes) db.prepare("UPDATE users SET password_hash = ? WHERE role = 'user'").run(oldScryptHash(STUDENT_PASSWORD));
    db.close();
  }
  // the machine's speed before and after (a shared VM varies by the hour): compare runs with it
  const speedBefore = machineSpeedMs();
  const server = await startServer(dbFile, { env: { TRUST_PROXY: "loopback", SWEEP_SECONDS: "5" } });
  const http_ = client(server.base);
  // the build's version, which the page's route discovery sends
  const buildVersion = /"version":\s*"([0-9a-f]+)"/.exec(textOf(await http_.send("GET", "/login")))?.[1] ?? "";
  /** @type {Record<string, any>} */
  const report = {
    mode,
    oldHashes,
    scripted,
    students,
    mid,
    questions,
    machine: { cpus: os.cpus().length, node: process.version, speedMs: { before: speedBefore } },
    phases: {},
  };
  log("machine speed (ms for a fixed workload; lower is faster)", speedBefore);
  try {
    const examIds = Array.from({ length: students }, (_, i) => `s${i}`);
    const midIds = Array.from({ length: mid }, (_, i) => `s${total - mid + i}`);

    // 0. the 500 already in an exam (signed in earlier), each on a question of t1
    const midCookies = await sessionsFor(dbFile, midIds);
    await Promise.all(midCookies.map((cookie) => http_.send("POST", `/test/${MID_EXAM_TEST}.data`, { cookie, form: { intent: "start" }, accept: "*/*" })));
    const midAttempts = runningAttempts(dbFile, midIds, MID_EXAM_TEST);
    const midSaves = [];
    const midViews = [];
    let midErrors = 0;
    let midRunning = true;
    const midLoop = Promise.all(
      midCookies.map(async (cookie, k) => {
        let q = 1;
        while (midRunning) {
          // a student mid-exam: a question every 5-15 s (a real paper: one a minute)
          await sleep(midThinkMs[0] + Math.random() * (midThinkMs[1] - midThinkMs[0]));
          if (!midRunning) break;
          // a question view (the JS page sends it with the save queue) and an answer
          const view = await http_.send("POST", `/api/attempts/${midAttempts[k]}/answers`, {
            cookie,
            accept: "application/json",
            form: { questionId: `q${q}`, visit: "1" },
          });
          midViews.push(view.ms);
          if (view.status !== 200) midErrors += 1;
          const save = await http_.send("POST", `/api/attempts/${midAttempts[k]}/answers`, {
            cookie,
            accept: "application/json",
            form: { questionId: `q${q}`, chosen: String(q % 4), at: String(Date.now()) },
          });
          midSaves.push(save.ms);
          if (save.status !== 200) midErrors += 1;
          q = (q % questions) + 1;
        }
      }),
    );

    // 1. sign-in wave: every student signs in within the window; a 503 is retried after Retry-After
    log(`sign-in wave: ${students} students within ${signInWindowSeconds} s, ${mid} mid-exam`);
    const cookies = new Array(students);
    report.phases.signInWave = await phase(server, http_, async () => {
      const latencies = [];
      let errors = 0;
      let busy = 0;
      let lastMs = 0;
      const t0 = performance.now();
      await Promise.all(
        examIds.map(async (_id, i) => {
          await sleep(Math.random() * signInWindowSeconds * 1000);
          const started = performance.now();
          for (let tries = 0; tries < 30; tries++) {
            const res = await http_.send("POST", "/login", {
              form: { mode: "login", email: `student${i}@bench.test`, password: STUDENT_PASSWORD },
              forwardedFor: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            });
            if (res.status === 302) {
              cookies[i] = String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0];
              break;
            }
            if (res.status === 503) {
              busy += 1;
              // what the sign-in page does: the server's wait, plus up to as much again of jitter
              await sleep(Number(res.headers["retry-after"] ?? 1) * 1000 * (1 + Math.random()));
              continue;
            }
            errors += 1;
            break;
          }
          if (!cookies[i]) return;
          latencies.push(performance.now() - started);
          lastMs = Math.max(lastMs, performance.now() - t0);
        }),
      );
      const midStats = stats([...midSaves, ...midViews]);
      midSaves.length = 0;
      midViews.length = 0;
      return {
        allThroughMs: Math.round(lastMs),
        signedIn: latencies.length,
        errors,
        busyAnswers: busy,
        ...stats(latencies),
        midExam: { ...midStats, errors: midErrors },
      };
    });
    midRunning = false;
    await midLoop;
    log("sign-in wave", JSON.stringify(report.phases.signInWave));
    const signedIn = cookies.map((c, i) => (c ? i : -1)).filter((i) => i >= 0);
    // a browser that has run the site's script before (`scripted`): its form posts lead to the framework's
    // documents (a page not hydrated yet); without, to the plain pages (app/models/plain-pages.server.tsx)
    const activeCookies = signedIn.map((i) => (scripted ? `${cookies[i]}; scripted=1` : cookies[i]));
    const activeIds = signedIn.map((i) => examIds[i]);

    // 2. synchronized start
    log(`synchronized start: ${activeCookies.length} students`);
    report.phases.start = await phase(server, http_, () => synchronizedStart(http_, activeCookies, EXAM_TEST, pattern));
    log("start", JSON.stringify(report.phases.start));
    const attemptIds = runningAttempts(dbFile, activeIds, EXAM_TEST);

    // 3. answering: each student answers question after question with think time, for answerSeconds
    log(`answering for ${answerSeconds} s`);
    const acknowledged = new Map();
    report.phases.answering = await phase(server, http_, async () => {
      const latencies = [];
      const counts = newCounts();
      let errors = 0;
      const until = performance.now() + answerSeconds * 1000;
      await Promise.all(
        activeCookies.map(async (cookie, k) => {
          let q = 1;
          // the exam page learns the results page's route at a random moment of its first minute
          // (resultsDiscoveryDelayMs in app/lib/rules/exam-rules.ts), not at Finish
          const discovery =
            mode !== "api"
              ? Promise.resolve()
              : sleep(Math.min(5000, answerSeconds * 500) + Math.random() * Math.max(0, answerSeconds * 1000 - 5000)).then(async () => {
                  const res = await http_.send("GET", `/__manifest?p=${encodeURIComponent(`/test/${EXAM_TEST}/results`)}&version=${buildVersion}`, {
                    accept: "*/*",
                  });
                  if (res.status !== 200) errors += 1;
                });
          await sleep(Math.random() * thinkMs[1]);
          while (performance.now() < until) {
            const chosen = Math.floor(Math.random() * 4);
            const sent = performance.now();
            const bad = await pattern.save(http_, { cookie, attemptId: attemptIds[k], testId: EXAM_TEST, q, chosen }, counts);
            latencies.push(performance.now() - sent);
            if (!bad) acknowledged.set(`${attemptIds[k]}:q${q}`, chosen);
            else {
              errors += 1;
              failed(bad, counts);
            }
            // mostly the next question (Save & Next in a form), sometimes a change of mind on the same one
            if (mode !== "api" || Math.random() < 0.85) q = (q % questions) + 1;
            await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]));
          }
          await discovery;
        }),
      );
      return { saves: latencies.length, savesPerSecond: Math.round(latencies.length / answerSeconds), errors, ...counts, ...stats(latencies) };
    });
    log("answering", JSON.stringify(report.phases.answering));

    // 4. synchronized finish: the countdown reaches zero on every phone, each shows its results
    log("synchronized finish");
    report.phases.finish = await phase(server, http_, () => synchronizedFinish(http_, activeCookies, attemptIds, EXAM_TEST, pattern));
    log("finish", JSON.stringify(report.phases.finish));

    // 5. nothing lost, nothing left running
    report.integrity = { acknowledged: acknowledged.size, ...countLostAndUnfinished(dbFile, acknowledged, attemptIds) };
    report.integrity.attempts = attemptIds.length;
    log("integrity", JSON.stringify(report.integrity));
    report.acknowledged = acknowledged;
    report.attemptIds = attemptIds;

    // capacity: the largest synchronized start within 10 s and without an error (students signed in yesterday)
    if (capacity) {
      report.capacity = { steps: [], largest: 0 };
      for (const [step, n] of capacitySteps.entries()) {
        const ids = Array.from({ length: n }, (_, i) => `s${i}`);
        const stepCookies = await sessionsFor(dbFile, ids);
        const overflowsBefore = listenOverflows();
        const r = await synchronizedStart(http_, stepCookies, `t${2 + step}`, pattern);
        const overflowsAfter = listenOverflows();
        report.capacity.steps.push({
          students: n,
          ...r,
          listenQueueOverflows: overflowsBefore === null || overflowsAfter === null ? null : overflowsAfter - overflowsBefore,
        });
        log("capacity", n, JSON.stringify(r));
        if (r.errors || r.allThroughMs > 10_000) break;
        report.capacity.largest = n;
      }
    }

    // the two patterns in alternating rounds, minutes apart (the figure the 1.5× target is read from)
    if (pairedRoundsCount > 0) {
      log(`paired rounds: ${pairedRoundsCount} × (start and finish, api and forms), ${students} students`);
      report.paired = await pairedRounds({ server, http_, dbFile, ids: examIds, rounds: pairedRoundsCount, firstTest: pairedFirstTest, questions, log });
    }
  } finally {
    http_.close();
    await server.stop();
  }
  report.machine.speedMs.after = machineSpeedMs();
  log("machine speed after", report.machine.speedMs.after);
  report.dbFile = dbFile;
  return report;
}

/** Each figure against its target: "met" or "MISSED" (a missed target is reported, not hidden). */
export function againstTargets(report) {
  const p = report.phases;
  const rows = [
    ["synchronized start: all on Question 1 (ms)", p.start?.allThroughMs, TARGETS.startAllOnQuestion1Ms, "max"],
    ["synchronized start: errors", p.start?.errors, 0, "max"],
    ["synchronized finish: all on results (ms)", p.finish?.allThroughMs, TARGETS.finishAllOnResultsMs, "max"],
    ["synchronized finish: errors", p.finish?.errors, 0, "max"],
    ["lost answers", report.integrity?.lost, 0, "max"],
    ["unfinished attempts", report.integrity?.unfinished, 0, "max"],
    ["answering: errors", p.answering?.errors, 0, "max"],
    ["answering: saves/s", p.answering?.savesPerSecond, TARGETS.answeringSavesPerSecond, "min"],
    ["answering: p95 (ms)", p.answering?.p95, TARGETS.answeringP95Ms, "max"],
    ["answering: peak WAL file (MB)", p.answering?.peakWalMB, TARGETS.answeringPeakWalMB, "max"],
    ["sign-in wave: all signed in (ms)", p.signInWave?.allThroughMs, TARGETS.signInWaveMs, "max"],
    ["sign-in wave: mid-exam p95 (ms)", p.signInWave?.midExam?.p95, TARGETS.midExamP95DuringWaveMs, "max"],
    ["workers restarted", Object.values(p).reduce((n, phase) => n + (phase?.workerRestarts ?? 0), 0), 0, "max"],
    ["renders aborted", Object.values(p).reduce((n, phase) => n + (phase?.abortedRenders ?? 0), 0), 0, "max"],
    ["capacity search (students)", report.capacity?.largest, TARGETS.capacityStudents, "min"],
  ];
  return rows
    .filter(([, value]) => value !== undefined)
    .map(([name, value, target, kind]) => ({ name, value, target, met: kind === "max" ? value <= target : value >= target }));
}

/**
 * The form path against the script path of the same run: synchronized start and finish within 1.5×. The two
 * paths run minutes apart, and this VM's speed drifts 2× from one minute to the next: each path's time is taken
 * as a multiple of its own machine-speed figure (`relativeToSpeed`) before they are compared; `inMs` is the
 * plain ratio of the two times.
 */
export function formsAgainstApi(api, forms) {
  return ["start", "finish"].map((phase) => {
    const relative = (report) => report.relativeToSpeed?.[phase]?.allThroughMs ?? report.phases[phase].allThroughMs;
    const ratio = round(relative(forms) / Math.max(0.001, relative(api)));
    const inMs = round(forms.phases[phase].allThroughMs / Math.max(1, api.phases[phase].allThroughMs));
    return { name: `forms / api, synchronized ${phase}`, value: ratio, inMs, target: 1.5, met: ratio <= 1.5 };
  });
}

/**
 * The same target read from the paired rounds (`pairedRounds`): the median over the rounds of forms / api in ms,
 * each round's two patterns run back to back on one server.
 */
export function pairedAgainstTarget(paired) {
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : round((sorted[mid - 1] + sorted[mid]) / 2);
  };
  return ["start", "finish"].map((step) => {
    const value = median(paired.rounds.map((r) => r[step].ratio));
    return {
      name: `forms / api, synchronized ${step}, median of ${paired.rounds.length} paired rounds`,
      value,
      rounds: paired.rounds.map((r) => r[step].ratio),
      cpuPerStudentMs: paired.rounds.map((r) => r[step].cpuPerStudentMs),
      target: 1.5,
      met: value <= 1.5,
    };
  });
}

/** A figure in ms beside the machine-speed figure, and as its multiple (runs in other minutes compare by it). */
function beside(ms, speedMs) {
  return `${ms} ms = ${round(ms / speedMs)} × speed`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const students = Number(process.env.EXAMDAY_STUDENTS ?? 3000);
  const modes = (process.env.EXAMDAY_MODE ?? "both") === "both" ? ["api", "forms"] : [process.env.EXAMDAY_MODE ?? "api"];
  const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "out");
  fs.mkdirSync(out, { recursive: true });
  const reports = {};
  const pairedRoundsCount = Number(process.env.EXAMDAY_PAIRED_ROUNDS ?? 3);
  for (const mode of modes) {
    const log = (...a) => console.log(`[examday ${mode} ${new Date().toISOString().slice(11, 19)}]`, ...a);
    const report = await examDay({
      students,
      mid: Number(process.env.EXAMDAY_MID ?? 500),
      answerSeconds: Number(process.env.EXAMDAY_ANSWER_SECONDS ?? 60),
      // the capacity search is the script path's figure
      capacity: process.env.EXAMDAY_CAPACITY !== "false" && mode === "api",
      mode,
      // the alternating rounds run once, on the first pattern's server
      pairedRoundsCount: mode === modes[0] ? pairedRoundsCount : 0,
      oldHashes: process.env.EXAMDAY_OLD_HASHES === "true",
      scripted: process.env.EXAMDAY_SCRIPTED === "true",
      log,
    });
    const { acknowledged: _a, attemptIds: _b, ...figures } = report;
    const speed = (report.machine.speedMs.before + report.machine.speedMs.after) / 2;
    figures.targets = againstTargets(report);
    figures.relativeToSpeed = Object.fromEntries(
      Object.entries(report.phases).map(([name, phase]) => [
        name,
        { allThroughMs: phase.allThroughMs === undefined ? undefined : round(phase.allThroughMs / speed), p95: round(phase.p95 / speed) },
      ]),
    );
    reports[mode] = figures;
    fs.rmSync(path.dirname(report.dbFile), { recursive: true, force: true });
    console.log(`\n${mode}: machine speed ${report.machine.speedMs.before} / ${report.machine.speedMs.after} ms (before / after; lower is faster)`);
    for (const c of figures.targets) {
      const timed = typeof c.value === "number" && / \(ms\)$/.test(c.name);
      console.log(`${c.met ? "met    " : "MISSED "} ${c.name}: ${timed ? beside(c.value, speed) : c.value} (target ${c.target})`);
    }
    if (report.paired) {
      figures.pairedAgainstTarget = pairedAgainstTarget(report.paired);
      console.log(`\npaired rounds (${report.paired.students} students, the two patterns back to back on one server; errors ${report.paired.errors}):`);
      for (const c of figures.pairedAgainstTarget) {
        const cpu = c.cpuPerStudentMs.map((x) => `${x.forms}/${x.api}`).join(", ");
        console.log(
          `${c.met ? "met    " : "MISSED "} ${c.name}: ${c.value}× (rounds ${c.rounds.join("×, ")}×; server CPU per student forms/api ${cpu} ms) (target ${c.target}×)`,
        );
      }
    }
  }
  if (reports.api && reports.forms) {
    reports.formsAgainstApi = formsAgainstApi(reports.api, reports.forms);
    console.log("");
    for (const c of reports.formsAgainstApi)
      console.log(`${c.met ? "met    " : "MISSED "} ${c.name}: ${c.value}× as multiples of machine speed, ${c.inMs}× in ms (target ${c.target}×)`);
  }
  fs.writeFileSync(path.join(out, "examday.json"), `${JSON.stringify(reports, null, 2)}\n`);
}
