// The benchmark harness: a data-set generator, a server runner, HTTP scenarios and the exam-end
// burst. `npm run bench` (bench/run.js) drives it at full size; tests/integration/bench-smoke.test.ts
// runs it small inside `npm test` to prove the harness and the no-lost-answers count.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import Database from "better-sqlite3";

export const ROOT = path.resolve(path.dirname(url.fileURLToPath(import.meta.url)), "..");
export const ADMIN = { email: "bench-admin@academy.test", password: "bench-admin-pass" };
export const STUDENT_PASSWORD = "bench-student-pass";
export const SECRET = "bench-session-secret-0123456789abcdef";
const TYPES = ["NET", "TET", "SET", "UG_TRB", "PG_TRB"];

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Chrome's Accept-Encoding (BENCH_ACCEPT_ENCODING=identity measures uncompressed pages) */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br";

/** Starts the production server (server/start.js) on loopback with its own database file. */
export async function startServer(
  dbFile,
  { quiet = true, workers = Number(process.env.WEB_CONCURRENCY ?? 0) || undefined, env = {}, detached = false, cwd = ROOT } = {},
) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_FLAGS ?? "--max-old-space-size=256 --max-semi-space-size=32").split(" "), "server/start.js"],
    {
      // another checkout's server (bench/exam-requests.js compares two)
      cwd,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: dbFile,
        SESSION_SECRET: SECRET,
        SECURE_COOKIES: "false",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "false",
        ...(workers ? { WEB_CONCURRENCY: String(workers) } : {}),
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
      // its own process group: kill() then reaches every process it started (Litestream, workers)
      detached,
    },
  );
  let stderr = "";
  let stdout = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  child.stdout.on("data", (d) => {
    stdout += d;
    if (!quiet) process.stdout.write(d);
  });
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid,
    dbFile,
    /** what the server wrote to stderr so far */
    stderr: () => stderr,
    stdout: () => stdout,
    kill: (signal) =>
      new Promise((resolve) => {
        if (detached) {
          // the whole group, even when the first process is already gone
          try {
            process.kill(-child.pid, signal);
          } catch {}
          const gone = () => {
            try {
              process.kill(-child.pid, 0);
              setTimeout(gone, 50);
            } catch {
              resolve();
            }
          };
          return gone();
        }
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill(signal);
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}

/** The server and its worker processes. */
function processTree(pid) {
  try {
    return [pid, ...fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)];
  } catch {
    return [pid];
  }
}

/**
 * Peak memory of a process while `fn` runs, sampled every 100 ms from /proc: resident set (which
 * includes the memory-mapped database pages) and anonymous memory (the JavaScript heap and buffers).
 */
export async function withPeakMemory(pid, fn) {
  let peak = 0;
  let peakAnon = 0;
  const read = (p) => {
    try {
      const t = fs.readFileSync(`/proc/${p}/smaps_rollup`, "utf8");
      return { rss: Number(/\nRss:\s+(\d+) kB/.exec(t)?.[1] ?? 0) * 1024, anon: Number(/\nAnonymous:\s+(\d+) kB/.exec(t)?.[1] ?? 0) * 1024 };
    } catch {
      return { rss: 0, anon: 0 };
    }
  };
  const sample = () => {
    const all = processTree(pid).map(read);
    peak = Math.max(
      peak,
      all.reduce((a, m) => a + m.rss, 0),
    );
    peakAnon = Math.max(
      peakAnon,
      all.reduce((a, m) => a + m.anon, 0),
    );
  };
  sample();
  const timer = setInterval(sample, 100);
  try {
    const result = await fn();
    return { ...result, peakMemoryMB: Math.round(peak / 1024 / 1024), peakHeapMB: Math.round(peakAnon / 1024 / 1024) };
  } finally {
    clearInterval(timer);
  }
}

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Generates a data set: the server creates the schema and the owner admin, then rows are inserted
 * in bulk. Every student has the same password (one hash) and two exam types.
 */
export async function generate(dbFile, { students = 2000, tests = 500, questionsPerTest = 50, attempts = 100_000, seed = 42 } = {}) {
  for (const f of [dbFile, `${dbFile}-wal`, `${dbFile}-shm`]) fs.rmSync(f, { force: true });
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const server = await startServer(dbFile);
  await server.stop();
  const build = await import(url.pathToFileURL(path.join(ROOT, "build/server/index.js")).href);
  const hash = await build.entry.module.hashPassword(STUDENT_PASSWORD);
  const db = new Database(dbFile);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const random = rng(seed);
  const now = Date.now();
  const DAY = 86_400_000;
  const insertUser = db.prepare(
    "INSERT INTO users (id, email, name, password_hash, role, status, join_date, last_login, global_test_limit, created_at, updated_at) VALUES (?, ?, ?, ?, 'user', 'active', ?, NULL, NULL, ?, ?)",
  );
  const insertType = db.prepare("INSERT INTO user_exam_types (user_id, exam_type) VALUES (?, ?)");
  const insertTest = db.prepare(
    "INSERT INTO tests (id, title, description, exam_type, unit_number, unit_name, duration, total_questions, is_active, max_attempts, current_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 60, ?, 1, NULL, 1, ?, ?)",
  );
  const insertQuestion = db.prepare(
    "INSERT INTO questions (test_id, version, id, position, question, options, correct_answer, explanation) VALUES (?, 1, ?, ?, ?, ?, ?, ?)",
  );
  const insertAttempt = db.prepare(
    "INSERT INTO attempts (id, test_id, user_id, test_version, status, started_at, deadline_at, completed_at, score, total_questions, time_spent) VALUES (?, ?, ?, 1, 'submitted', ?, ?, ?, ?, ?, ?)",
  );
  const insertAnswer = db.prepare("INSERT INTO attempt_answers (attempt_id, question_id, chosen_index, marked_for_review, updated_at) VALUES (?, ?, ?, 0, ?)");
  const studentRows = [];
  const testRows = [];
  db.transaction(() => {
    for (let i = 0; i < students; i++) {
      const id = `s${i}`;
      const types = [TYPES[i % TYPES.length], TYPES[(i + 2) % TYPES.length]];
      insertUser.run(id, `student${i}@bench.test`, `Student ${i}`, hash, now - 200 * DAY, now, now);
      for (const t of types) insertType.run(id, t);
      studentRows.push({ id, types });
    }
    for (let i = 0; i < tests; i++) {
      const id = `t${i}`;
      const type = TYPES[i % TYPES.length];
      const unit = (i % 6) + 1;
      insertTest.run(
        id,
        `Bench test ${i}`,
        `Generated test ${i} on English literature`,
        type,
        unit <= 5 ? unit : null,
        unit <= 5 ? `Unit ${unit}` : null,
        questionsPerTest,
        now - (tests - i) * 1000,
        now,
      );
      const key = [];
      for (let q = 0; q < questionsPerTest; q++) {
        const correct = Math.floor(random() * 4);
        key.push(correct);
        insertQuestion.run(
          id,
          `q${q + 1}`,
          q,
          `Question ${q + 1} of test ${i}: who wrote **"Work ${q}"**?`,
          JSON.stringify(["Author A", "Author B", "Author C", "Author D"]),
          correct,
          `Explanation ${q + 1}`,
        );
      }
      testRows.push({ id, type, key });
    }
    const testsByType = Object.fromEntries(TYPES.map((t) => [t, testRows.filter((r) => r.type === t)]));
    for (let a = 0; a < attempts; a++) {
      const student = studentRows[Math.floor(random() * studentRows.length)];
      const pool = testsByType[student.types[Math.floor(random() * 2)]];
      if (!pool?.length) continue;
      const test = pool[Math.floor(random() * pool.length)];
      const skill = 0.3 + random() * 0.6;
      const started = now - Math.floor(random() * 180) * DAY - Math.floor(random() * DAY);
      const spent = 600 + Math.floor(random() * 3000);
      const id = `a${a}`;
      let score = 0;
      const answers = [];
      for (let q = 0; q < questionsPerTest; q++) {
        const chosen = random() < skill ? test.key[q] : Math.floor(random() * 4);
        if (chosen === test.key[q]) score += 1;
        answers.push(chosen);
      }
      insertAttempt.run(id, test.id, student.id, started, started + 3_600_000, started + spent * 1000, score, questionsPerTest, spent);
      answers.forEach((chosen, q) => {
        insertAnswer.run(id, `q${q + 1}`, chosen, started + spent * 1000);
      });
    }
  })();
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.exec("ANALYZE");
  db.close();
  // the file's pages reach the disk now, not in the background while a scenario is measured
  const fd = fs.openSync(dbFile, "r+");
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  return { students: studentRows.length, tests: testRows.length };
}

/** Gives a student `count` more finished attempts (copies of random existing attempts' scores, on tests of their types). */
export function addFinishedAttempts(dbFile, userId, count) {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 10000");
  const tests = db
    .prepare("SELECT t.id, t.total_questions AS n FROM tests t JOIN user_exam_types u ON u.exam_type = t.exam_type WHERE u.user_id = ? LIMIT 200")
    .all(userId);
  const insert = db.prepare(
    "INSERT INTO attempts (id, test_id, user_id, test_version, status, started_at, deadline_at, completed_at, score, total_questions, time_spent) VALUES (?, ?, ?, 1, 'submitted', ?, ?, ?, ?, ?, ?)",
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const t = tests[i % tests.length];
      const started = now - (i + 1) * 3_600_000;
      insert.run(`extra-${userId}-${i}`, t.id, userId, started, started + 3_600_000, started + 1_800_000, (i * 7) % (t.n + 1), t.n, 1800);
    }
  })();
  db.close();
}

/** Signs students in for real (POST /login) and returns their session cookies. */
export async function signInStudents(base, indexes, { concurrency = 8 } = {}) {
  const cookies = new Array(indexes.length);
  let next = 0;
  async function worker() {
    while (next < indexes.length) {
      const k = next++;
      const res = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: new URLSearchParams({ mode: "login", email: `student${indexes[k]}@bench.test`, password: STUDENT_PASSWORD }),
      });
      const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
      if (res.status !== 302 || !cookie) throw new Error(`sign-in failed for student${indexes[k]}: ${res.status}`);
      cookies[k] = cookie;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return cookies;
}

export async function signInAdmin(base) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ mode: "login", email: ADMIN.email, password: ADMIN.password }),
  });
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

/**
 * How fast this machine is right now: ms for a fixed single-core workload (JSON, hashing, gzip: what a
 * request does). A shared VM's speed moves a lot from one hour to the next; benches report this
 * beside their figures so runs can be compared.
 */
export function machineSpeedMs() {
  const record = { id: "q17", question: "Who wrote The Waste Land?", options: ["Eliot", "Pound", "Yeats", "Auden"], at: 1_700_000_000_000 };
  const started = performance.now();
  for (let i = 0; i < 60_000; i++) {
    const text = JSON.stringify({ ...record, i });
    JSON.parse(text);
    crypto.createHash("sha256").update(text).digest("base64url");
    if (i % 20 === 0) zlib.gzipSync(text.repeat(20));
  }
  return Math.round(performance.now() - started);
}

export function percentile(sorted, p) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * One admin's page, asked `requests` times one after another: p50/p95/p99 of all but the first tenth (warm-up),
 * and how many rows (`marker` occurrences) the last body had.
 */
export async function timedPages(base, cookie, address, requests, marker) {
  const latencies = [];
  let rows = 0;
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${address}`, { headers: { Cookie: cookie } });
    const body = await res.text();
    latencies.push(performance.now() - t);
    if (res.status !== 200) throw new Error(`${address}: ${res.status}`);
    rows = (body.match(marker) ?? []).length || rows;
  }
  return { ...summarise(latencies.slice(Math.floor(requests / 10))), rows };
}

export function summarise(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const r = (x) => Math.round(x * 10) / 10;
  return { p50: r(percentile(sorted, 50)), p95: r(percentile(sorted, 95)), p99: r(percentile(sorted, 99)) };
}

/**
 * One HTTP load scenario with autocannon: paths rotate, each request carries the next cookie. Warms the
 * server up on the same requests for `warmup` seconds first (JIT, caches, mapped pages). Reports
 * requests/s, p50/p95/p99 latency (ms), errors (non-2xx and socket errors) and, given the server's
 * `pid`, the CPU time the server and its workers spent per measured request (ms, all threads: this
 * figure does not depend on queueing, so it is the steadiest one to compare runs by).
 * @param {string} base @param {{ paths: string[], cookies?: string[], connections?: number, duration?: number, expectStatus?: number, warmup?: number, pid?: number }} options
 */
export async function load(base, options) {
  if (options.warmup) await measure(base, { ...options, duration: options.warmup });
  const cpuBefore = options.pid ? cpuMs(options.pid) : 0;
  const result = await measure(base, options);
  if (options.pid) result.cpuMsPerRequest = Math.round(((cpuMs(options.pid) - cpuBefore) / Math.max(result.requests, 1)) * 100) / 100;
  return result;
}

/** CPU time (user + system, ms) used so far by a process and its children (Linux clock ticks of 10 ms). */
/**
 * Connection attempts this machine's kernel dropped because a listening socket's accept queue was
 * full (TcpExt ListenOverflows; null where /proc/net/netstat is missing). A dropped attempt is
 * retried by the client after 1 s, then 3 s: compare before and after a phase.
 */
export function listenOverflows() {
  try {
    const [names, values] = fs
      .readFileSync("/proc/net/netstat", "utf8")
      .split("\n")
      .filter((line) => line.startsWith("TcpExt:"))
      .map((line) => line.split(/\s+/));
    const at = names.indexOf("ListenOverflows");
    return at > 0 ? Number(values[at]) : null;
  } catch {
    return null;
  }
}

export function cpuMs(pid) {
  let total = 0;
  for (const p of processTree(pid)) {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {}
  }
  return total;
}

/** @param {string} base @param {{ paths: string[], cookies?: string[], connections?: number, duration?: number, expectStatus?: number }} options */
function measure(base, { paths, cookies = [], connections = 10, duration = 10, expectStatus = 200 }) {
  return new Promise((resolve, reject) => {
    let i = 0;
    const latencies = [];
    let bad = 0;
    const instance = autocannon(
      {
        url: base,
        connections,
        duration,
        requests: [
          {
            method: "GET",
            setupRequest(req) {
              const k = i++;
              req.path = paths[k % paths.length];
              // what a phone's browser sends: the page is compressed as it would be for a student
              req.headers = { ...req.headers, accept: "text/html", "accept-encoding": ACCEPT_ENCODING };
              if (cookies.length) req.headers.cookie = cookies[k % cookies.length];
              return req;
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          requests: result.requests.total,
          rps: Math.round(result.requests.average),
          ...summarise(latencies),
          errors: result.errors + result.timeouts + bad,
        });
      },
    );
    instance.on("response", (_client, status, _bytes, time) => {
      latencies.push(time);
      if (status !== expectStatus) bad += 1;
    });
  });
}

/** A bare Node http server returning a fixed page: what this machine can do at all. */
export async function baseline(size, { connections = 10, duration = 10 } = {}) {
  const body = Buffer.alloc(size, "x");
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html", "Content-Length": body.length });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    return await load(base, { paths: ["/"], connections, duration, warmup: 2 });
  } finally {
    server.close();
  }
}

/**
 * The exam-end burst: every student has a running attempt; within `windowSeconds` each saves its last
 * answers (JSON endpoint, as the exam page does) and finishes. Afterwards the database is checked:
 * every attempt finished and every answer that got a success response stored with its value.
 */
export async function examEndBurst(base, dbFile, cookies, { windowSeconds = 30, answersEach = 5, testIdOf, userIdOf }) {
  // start one attempt per student
  const attemptOf = new Array(cookies.length);
  await Promise.all(
    cookies.map(async (cookie, k) => {
      const testId = testIdOf(k);
      const res = await fetch(`${base}/test/${testId}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
        body: new URLSearchParams({ intent: "start" }),
      });
      if (res.status !== 302) throw new Error(`start failed: ${res.status}`);
      attemptOf[k] = testId;
    }),
  );
  const db = new Database(dbFile, { readonly: true });
  const attemptIds = cookies.map((_c, k) => {
    const row = db.prepare("SELECT a.id FROM attempts a WHERE a.user_id = ? AND a.test_id = ? AND a.status = 'in_progress'").get(userIdOf(k), attemptOf[k]);
    if (!row) throw new Error(`no running attempt for ${userIdOf(k)}`);
    return row.id;
  });

  const saved = new Map();
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const t0 = Date.now();
  await Promise.all(
    cookies.map(async (cookie, k) => {
      await new Promise((r) => setTimeout(r, Math.random() * windowSeconds * 1000 * 0.8));
      for (let q = 1; q <= answersEach; q++) {
        const chosen = (k + q) % 4;
        sent += 1;
        const started = performance.now();
        try {
          const res = await fetch(`${base}/api/attempts/${attemptIds[k]}/answers`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie, Accept: "application/json" },
            body: new URLSearchParams({ questionId: `q${q}`, chosen: String(chosen) }),
          });
          latencies.push(performance.now() - started);
          const body = await res.json();
          if (res.ok && body.ok) saved.set(`${attemptIds[k]}:q${q}`, chosen);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
      const started = performance.now();
      const fin = await fetch(`${base}/test/${attemptOf[k]}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
        body: new URLSearchParams({ intent: "finish" }),
      });
      latencies.push(performance.now() - started);
      if (fin.status !== 302) errors += 1;
    }),
  );
  const seconds = (Date.now() - t0) / 1000;
  const unfinished = db
    .prepare(`SELECT COUNT(*) AS n FROM attempts WHERE id IN (${attemptIds.map(() => "?").join(",")}) AND status = 'in_progress'`)
    .get(...attemptIds).n;
  let lost = 0;
  const read = db.prepare("SELECT chosen_index AS c FROM attempt_answers WHERE attempt_id = ? AND question_id = ?");
  for (const [key, chosen] of saved) {
    const [attemptId, questionId] = key.split(":");
    const row = read.get(attemptId, questionId);
    if (row?.c !== chosen) lost += 1;
  }
  db.close();
  return {
    students: cookies.length,
    answersSent: sent,
    answersStored: saved.size - lost,
    lost,
    unfinished,
    errors,
    seconds: Math.round(seconds * 10) / 10,
    ...summarise(latencies),
  };
}

export function randomId() {
  return crypto.randomUUID();
}
