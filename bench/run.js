// npm run bench: builds, generates the full data set, starts the production server on loopback and
// measures the scenarios of docs/performance.md. Writes bench/out/results.json and prints a summary.
// Sizes can be scaled down for a quick look: BENCH_SCALE=0.1 npm run bench
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { addFinishedAttempts, baseline, examEndBurst, generate, load, ROOT, signInAdmin, signInStudents, startServer, withPeakMemory } from "./lib.js";
import { budgetProblems, pageWeights } from "./page-weight.js";
import { SLOW_3G, slowLinkExam } from "./slow-link.js";
import { studentImport } from "./student-import.js";

const scale = Number(process.env.BENCH_SCALE ?? "1");
const FULL = { students: Math.round(2000 * scale), tests: Math.round(500 * scale), questionsPerTest: 50, attempts: Math.round(100_000 * scale) };
const BURST = Math.min(500, FULL.students);
const DURATION = Number(process.env.BENCH_SECONDS ?? "10");
/** seconds of the same load before each measurement (JIT, caches, memory-mapped pages) */
const WARMUP = Number(process.env.BENCH_WARMUP ?? "3");
const out = path.join(ROOT, "bench/out");
fs.mkdirSync(out, { recursive: true });
const log = (...a) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
const TYPES = ["NET", "TET", "SET", "UG_TRB", "PG_TRB"];
const typeOf = (i) => TYPES[i % TYPES.length];

log("building");
execSync("npm run build", { cwd: ROOT, stdio: "ignore" });
const weights = pageWeights();
log("page weight (gzip KB)", JSON.stringify(weights));

const results = { machine: { cpus: (await import("node:os")).cpus().length, node: process.version }, sizes: FULL, weights, scenarios: {}, growth: {} };

async function measure(dbFile, sizes, { withBurst }) {
  log("generating", JSON.stringify(sizes));
  let t = Date.now();
  await generate(dbFile, sizes);
  log(`generated in ${Math.round((Date.now() - t) / 1000)} s, ${Math.round(fs.statSync(dbFile).size / 1024 / 1024)} MB`);
  const server = await startServer(dbFile);
  try {
    const n = Math.min(200, sizes.students);
    t = Date.now();
    const cookies = await signInStudents(
      server.base,
      Array.from({ length: n }, (_, i) => i),
    );
    log(`${n} students signed in (${Math.round((Date.now() - t) / 1000)} s)`);
    const admin = await signInAdmin(server.base);
    const s = {};
    // 1. dashboard: categories and a tests list of the student's own exam type
    const dashPaths = cookies.flatMap((_c, i) => ["/dashboard", `/dashboard?type=${typeOf(i)}&unit=1`]);
    const dashCookies = cookies.flatMap((c) => [c, c]);
    s.dashboard = await withPeakMemory(server.pid, () =>
      load(server.base, { paths: dashPaths, cookies: dashCookies, duration: DURATION, warmup: WARMUP, pid: server.pid }),
    );
    log("dashboard", JSON.stringify(s.dashboard));
    // the same pages one request at a time: the service time, without queueing
    s.dashboardSingle = await load(server.base, {
      paths: dashPaths,
      cookies: dashCookies,
      duration: Math.max(2, DURATION / 2),
      connections: 1,
      warmup: 1,
      pid: server.pid,
    });
    log("dashboard, 1 connection", JSON.stringify(s.dashboardSingle));
    // 4. admin overview and user list
    s.admin = await withPeakMemory(server.pid, () =>
      load(server.base, { paths: ["/admin", "/admin/users"], cookies: [admin], duration: DURATION, connections: 4, warmup: WARMUP, pid: server.pid }),
    );
    log("admin", JSON.stringify(s.admin));
    // 6. My progress: the signed-in students (about 50 finished attempts each), and one with 500 more
    s.progress = await withPeakMemory(server.pid, () =>
      load(server.base, { paths: ["/progress"], cookies, duration: DURATION, warmup: WARMUP, pid: server.pid }),
    );
    log("my progress", JSON.stringify(s.progress));
    addFinishedAttempts(dbFile, "s0", 500);
    s.progressHeavy = await load(server.base, {
      paths: ["/progress"],
      cookies: [cookies[0]],
      duration: Math.max(2, DURATION / 2),
      connections: 1,
      warmup: 1,
      pid: server.pid,
    });
    log("my progress, a student with 500+ attempts, 1 connection", JSON.stringify(s.progressHeavy));
    if (withBurst) {
      // 2. an exam page in progress
      const examCookies = cookies.slice(0, 100);
      for (const [i, cookie] of examCookies.entries()) {
        const res = await fetch(`${server.base}/test/t${i % 5}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: cookie },
          body: new URLSearchParams({ intent: "start" }),
        });
        if (res.status !== 302) throw new Error(`start failed ${res.status}`);
      }
      // student i has exam types i%5 and (i+2)%5; test t(i%5) has type TYPES[i%5]
      s.exam = await withPeakMemory(server.pid, () =>
        load(server.base, {
          paths: examCookies.map((_c, i) => `/test/t${i % 5}?q=5`),
          cookies: examCookies,
          duration: DURATION,
          warmup: WARMUP,
          pid: server.pid,
        }),
      );
      log("exam page", JSON.stringify(s.exam));
      // the same exam page on a slow mobile link, in Chromium, next to a 166 KB-script page
      results.slowLink = await slowLinkExam(server.base, examCookies[0], "/test/t0?q=1");
      log("slow link (ms to Question 1 visible / interactive)", JSON.stringify(results.slowLink));
      results.slow3g = await slowLinkExam(server.base, examCookies[0], "/test/t0?q=1", SLOW_3G);
      log("Slow 3G preset (ms to Question 1 visible / interactive)", JSON.stringify(results.slow3g));
      results.slow3gH2 = await slowLinkExam(server.base, examCookies[0], "/test/t0?q=1", SLOW_3G, { http2: true });
      log("Slow 3G preset over HTTP/2", JSON.stringify(results.slow3gH2));
      // the bulk student import (3,000 rows, a third with passwords), after the measured load
      results.studentImport = await studentImport(server.base, server.pid, Math.round(3000 * scale));
      log("student import", JSON.stringify(results.studentImport));
      // 5. landing page, anonymous
      s.landing = await withPeakMemory(server.pid, () => load(server.base, { paths: ["/"], duration: DURATION, warmup: WARMUP, pid: server.pid }));
      log("landing", JSON.stringify(s.landing));
      // baseline: a bare http server, same page size as the dashboard
      const size = (await (await fetch(`${server.base}/dashboard`, { headers: { cookie: cookies[0] } })).text()).length;
      s.baseline = await baseline(size, { duration: DURATION });
      s.baseline.pageBytes = size;
      log("bare node http", JSON.stringify(s.baseline));
      // 3. exam-end burst
      const burstIdx = Array.from({ length: BURST }, (_, i) => sizes.students - BURST + i);
      const burstCookies = await signInStudents(server.base, burstIdx);
      s.burst = await withPeakMemory(server.pid, () =>
        examEndBurst(server.base, dbFile, burstCookies, { windowSeconds: 30, testIdOf: (k) => `t${burstIdx[k] % 5}`, userIdOf: (k) => `s${burstIdx[k]}` }),
      );
      log("exam-end burst", JSON.stringify(s.burst));
    }
    return s;
  } finally {
    await server.stop();
  }
}

results.scenarios = await measure(path.join(out, "full.db"), FULL, { withBurst: true });

const base = { students: Math.round(100 * scale) || 10, tests: Math.round(25 * scale) || 5, questionsPerTest: 50, attempts: Math.round(2500 * scale) || 100 };
for (const factor of [1, 4, 16]) {
  const sizes = { ...base, students: base.students * factor, tests: base.tests * factor, attempts: base.attempts * factor };
  const s = await measure(path.join(out, `growth-${factor}.db`), sizes, { withBurst: false });
  results.growth[`${factor}x`] = { sizes, dashboard: s.dashboard, admin: s.admin };
}
for (const f of fs.readdirSync(out)) if (/^growth-.*\.db/.test(f)) fs.rmSync(path.join(out, f), { force: true });

fs.writeFileSync(path.join(out, "results.json"), JSON.stringify(results, null, 2));
const problems = budgetProblems(weights);
const sc = results.scenarios;
if (sc.burst.lost > 0 || sc.burst.unfinished > 0 || sc.burst.errors > 0)
  problems.push(`exam-end burst: ${sc.burst.lost} lost, ${sc.burst.unfinished} unfinished, ${sc.burst.errors} errors`);
for (const [name, r] of Object.entries(sc)) if (r.errors) problems.push(`${name}: ${r.errors} errors`);
console.log("\nscenario        req/s   p50 ms   p95 ms   p99 ms  errors  RSS MB  anon MB  CPU ms/req");
for (const [name, r] of Object.entries(sc)) {
  console.log(
    `${name.padEnd(14)} ${String(r.rps ?? "-").padStart(6)} ${String(r.p50).padStart(8)} ${String(r.p95).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.peakMemoryMB ?? "-").padStart(7)} ${String(r.peakHeapMB ?? "-").padStart(8)} ${String(r.cpuMsPerRequest ?? "-").padStart(11)}`,
  );
}
console.log("\ngrowth (p95 ms): dashboard / admin");
for (const [k, g] of Object.entries(results.growth)) console.log(`${k.padEnd(4)} ${g.dashboard.p95} / ${g.admin.p95}`);
for (const l of [results.slowLink, results.slow3g, results.slow3gH2].filter(Boolean)) {
  console.log(`\nexam on ${l.link.kbps} kbps / ${l.link.latencyMs} ms latency, ${l.protocol} (median of ${l.runs}; ms to Question 1 visible / interactive)`);
  for (const k of ["examJsOn", "examJsOff", "heavySpa"]) console.log(`${k.padEnd(10)} ${l[k].visibleMs} / ${l[k].interactiveMs}`);
  // the exam must answer taps no later than the single-page app that ships its script in one file
  if (l.examJsOn.interactiveMs > l.heavySpa.interactiveMs) {
    const late = `exam interactive ${l.examJsOn.interactiveMs} ms is later than the single-page baseline's ${l.heavySpa.interactiveMs} ms (${l.link.latencyMs} ms latency, ${l.protocol})`;
    console.log(`  (${late})`);
    problems.push(late);
  }
}
if (results.studentImport) {
  const i = results.studentImport;
  console.log(
    `\nstudent import: ${i.rows} rows (${i.withPassword} with passwords): preview ${i.previewMs} ms, confirm ${i.confirmMs} ms, peak ${i.peakMemoryMB} MB`,
  );
  if (!i.ok) problems.push("student import did not complete");
}
console.log(`\nresults: bench/out/results.json`);
if (problems.length) {
  console.error(`\nBENCH FAILED:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
