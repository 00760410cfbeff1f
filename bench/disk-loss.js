// The disk-loss drill: the production server replicating with Litestream to a file replica in another
// folder; a point-in-time check; the exam-end burst; then the whole process group killed with SIGKILL,
// the data folder deleted, the server started again (restore on boot), and the students' pages replaying
// what the restored database lacks (the exam page's reconcile: acknowledged answers it no longer has).
//   npm run drill:disk-loss          (the 258 MB bench database, 500 students)
// tests/integration/disk-loss-drill.test.ts runs diskLoss() small inside `npm test`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { freePort, generate, signInStudents, startServer } from "./lib.js";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const LITESTREAM = () => {
  const bin = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    "../node_modules/@flydotio",
    `litestream-${process.platform}-${process.arch}`,
    "litestream",
  );
  return process.env.LITESTREAM_BIN ?? bin;
};

/**
 * Waits until /healthz says the replica is in sync (or the time is up). Litestream notices new WAL
 * frames within its monitor interval (1 s), so the check starts after two intervals.
 */
async function untilInSync(base, timeoutMs = 60_000, logs) {
  const started = Date.now();
  await sleep(2200);
  for (;;) {
    const text = await (await fetch(`${base}/healthz`)).text().catch(() => "");
    if (text.includes("replication: in sync")) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`the replica did not catch up: ${text}\n${logs?.() ?? ""}`);
    await sleep(200);
  }
}

async function post(base, pathname, cookie, form) {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie, Accept: "application/json" },
    body: new URLSearchParams(form),
  });
  return res;
}

function answersIn(dbFile) {
  const db = new Database(dbFile, { readonly: true });
  const rows = db.prepare("SELECT attempt_id AS a, question_id AS q, chosen_index AS c, updated_at AS at FROM attempt_answers").all();
  const statuses = new Map(
    db
      .prepare("SELECT id, status FROM attempts")
      .all()
      .map((r) => [r.id, r.status]),
  );
  const integrity = db.pragma("integrity_check", { simple: true });
  db.close();
  return { byKey: new Map(rows.map((r) => [`${r.a}:${r.q}`, r])), statuses, integrity };
}

/**
 * @param {{ students?: number, answersEach?: number, sizes?: object, dir?: string, log?: (...a: unknown[]) => void }} options
 */
export async function diskLoss({
  students = 500,
  answersEach = 10,
  sizes,
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-drill-")),
  log = () => {},
} = {}) {
  const dataDir = path.join(dir, "data");
  const replicaDir = path.join(dir, "replica");
  const dbFile = path.join(dataDir, "app.db");
  /** @type {Record<string, any>} */
  const report = { students, answersEach };
  log("generating", JSON.stringify(sizes ?? {}));
  await generate(dbFile, { tests: 5, questionsPerTest: Math.max(answersEach, 10), attempts: 0, ...sizes, students: Math.max(students, sizes?.students ?? 0) });
  report.databaseMB = Math.round(fs.statSync(dbFile).size / 1024 / 1024);
  const env = {
    LITESTREAM_REPLICA_URL: `file://${replicaDir}`,
    LITESTREAM_METRICS_PORT: String(await freePort()),
    LITESTREAM_BIN: LITESTREAM(),
    SWEEP_SECONDS: "0",
  };
  let server = await startServer(dbFile, { env, detached: true });
  try {
    report.initialSyncMs = await untilInSync(server.base, 300_000);
    log(`replicating, first sync in ${report.initialSyncMs} ms`);
    const cookies = await signInStudents(
      server.base,
      Array.from({ length: students }, (_, i) => i),
      { concurrency: 16 },
    );
    const testOf = (k) => `t${k % 5}`;
    {
      const db = new Database(dbFile);
      db.exec(
        "INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) SELECT u.id, t.exam_type FROM users u, (SELECT DISTINCT exam_type FROM tests) t WHERE u.role = 'user'",
      );
      db.close();
    }
    for (const [k, cookie] of cookies.entries()) {
      const res = await post(server.base, `/test/${testOf(k)}`, cookie, { intent: "start" });
      if (res.status !== 302) throw new Error(`start failed: ${res.status}`);
    }
    const read = new Database(dbFile, { readonly: true });
    const attemptIds = cookies.map(
      (_c, k) => read.prepare("SELECT id FROM attempts WHERE user_id = ? AND test_id = ? AND status = 'in_progress'").get(`s${k}`, testOf(k)).id,
    );
    read.close();
    await untilInSync(server.base, 60_000, () => server.stderr().slice(-4000));

    // point in time: batch A, a moment, then batch B; a restore to that moment has A and not B
    const batch = async (q, chosen) => {
      for (const [k, cookie] of cookies.slice(0, 3).entries()) {
        const res = await post(server.base, `/api/attempts/${attemptIds[k]}/answers`, cookie, { questionId: q, chosen: String(chosen) });
        if (res.status !== 200) throw new Error(`save failed: ${res.status}`);
      }
    };
    await batch("q1", 1);
    await untilInSync(server.base);
    await sleep(1500);
    const between = new Date();
    await sleep(1500);
    await batch("q2", 2);
    await untilInSync(server.base);
    const pitrFile = path.join(dir, "pitr.db");
    const config = path.join(dir, "restore.yml");
    fs.writeFileSync(config, `dbs:\n  - path: ${JSON.stringify(dbFile)}\n    replicas:\n      - type: file\n        path: ${JSON.stringify(replicaDir)}\n`);
    const pitr = spawnSync(env.LITESTREAM_BIN, ["restore", "-config", config, "-timestamp", between.toISOString(), "-o", pitrFile, dbFile], {
      encoding: "utf8",
    });
    if (pitr.status !== 0) throw new Error(`point-in-time restore failed: ${pitr.status} ${pitr.error ?? ""} ${pitr.stderr} ${pitr.stdout}`);
    const atThatMoment = answersIn(pitrFile);
    report.pointInTime = {
      timestamp: between.toISOString(),
      firstBatchPresent: attemptIds.slice(0, 3).every((a) => atThatMoment.byKey.get(`${a}:q1`)?.c === 1),
      secondBatchAbsent: attemptIds.slice(0, 3).every((a) => !atThatMoment.byKey.has(`${a}:q2`)),
      integrity: atThatMoment.integrity,
    };
    log("point in time", JSON.stringify(report.pointInTime));

    // the exam-end burst: every student saves answersEach answers as fast as the server takes them, then finishes
    const acknowledged = new Map();
    const finished = new Set();
    let lastAckAt = 0;
    const burstStarted = Date.now();
    await Promise.all(
      cookies.map(async (cookie, k) => {
        for (let q = 1; q <= answersEach; q++) {
          const chosen = (k + q) % 4;
          const at = Date.now();
          const res = await post(server.base, `/api/attempts/${attemptIds[k]}/answers`, cookie, {
            questionId: `q${q}`,
            chosen: String(chosen),
            at: String(at),
          });
          if (res.status === 200) {
            acknowledged.set(`${attemptIds[k]}:q${q}`, { k, q, chosen, at });
            lastAckAt = Date.now();
          }
        }
        const fin = await post(server.base, `/api/attempts/${attemptIds[k]}/finish`, cookie, {});
        if (fin.status === 200) finished.add(attemptIds[k]);
      }),
    );
    report.burst = { answersAcknowledged: acknowledged.size, finishesAcknowledged: finished.size, seconds: Math.round((Date.now() - burstStarted) / 100) / 10 };

    // the disk dies: every process at once, no final sync
    const killedAt = Date.now();
    await server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    log(`killed ${killedAt - lastAckAt} ms after the last acknowledged answer; data folder deleted`);

    // a new machine: the same settings, an empty disk
    const bootStarted = Date.now();
    server = await startServer(dbFile, { env, detached: true });
    report.restartMs = Date.now() - bootStarted;
    report.restoreMs = Number(/restored from the replica in (\d+) ms/.exec(server.stdout())?.[1] ?? Number.NaN);
    const restored = answersIn(dbFile);
    let present = 0;
    let newestPresentAt = 0;
    for (const [key, a] of acknowledged) {
      if (restored.byKey.get(key)?.c === a.chosen) {
        present += 1;
        newestPresentAt = Math.max(newestPresentAt, a.at);
      }
    }
    const newestAckAt = Math.max(0, ...[...acknowledged.values()].map((a) => a.at));
    report.afterRestore = {
      answersPresent: present,
      answersMissing: acknowledged.size - present,
      lagMs: acknowledged.size - present ? newestAckAt - newestPresentAt : 0,
      finishedPresent: [...finished].filter((id) => restored.statuses.get(id) !== "in_progress").length,
      integrity: restored.integrity,
    };
    log("after restore", JSON.stringify(report.afterRestore));

    // the students' pages reconnect: each sends again what the server lacks, then Finish again
    let replayed = 0;
    let refused = 0;
    await Promise.all(
      cookies.map(async (cookie, k) => {
        const attemptId = attemptIds[k];
        for (const [key, a] of acknowledged) {
          if (a.k !== k) continue;
          // the exam page's reconcile: the server's newer or equal answer stands; otherwise send mine if it differs
          const theirs = restored.byKey.get(key);
          if (theirs && (theirs.at >= a.at || theirs.c === a.chosen)) continue;
          const res = await post(server.base, `/api/attempts/${attemptId}/answers`, cookie, {
            questionId: `q${a.q}`,
            chosen: String(a.chosen),
            at: String(a.at),
          });
          if (res.status === 200) replayed += 1;
          else refused += 1;
        }
        if (finished.has(attemptId)) await post(server.base, `/api/attempts/${attemptId}/finish`, cookie, {});
      }),
    );
    const after = answersIn(dbFile);
    report.afterReplay = {
      replayed,
      refused,
      answersPresent: [...acknowledged].filter(([key, a]) => after.byKey.get(key)?.c === a.chosen).length,
      finishedPresent: [...finished].filter((id) => after.statuses.get(id) !== "in_progress").length,
      integrity: after.integrity,
    };
    log("after replay", JSON.stringify(report.afterReplay));
  } finally {
    await server.kill("SIGKILL");
  }
  report.dir = dir;
  return report;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const log = (...a) => console.log(`[drill ${new Date().toISOString().slice(11, 19)}]`, ...a);
  const report = await diskLoss({
    students: Number(process.env.DRILL_STUDENTS ?? 500),
    // the bench's full data set (about 258 MB): the restore time is measured on it
    sizes: process.env.DRILL_SMALL ? undefined : { students: 2000, tests: 500, questionsPerTest: 50, attempts: 100_000 },
    log,
  });
  const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "out");
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, "disk-loss.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
  fs.rmSync(report.dir, { recursive: true, force: true });
}
