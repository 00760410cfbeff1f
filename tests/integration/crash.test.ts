// Crash safety: a real server receiving a stream of answer saves is killed with SIGKILL mid-stream
// and restarted. Every save that got a success response is in the database, the file passes
// PRAGMA integrity_check, and the student resumes the same attempt. Once as one process, once as the
// cluster whose primary restarts the WAL between the saves (app/db/db.server.ts checkpointWal), and once
// with only the cluster's primary killed (the kernel's out-of-memory killer may pick it alone).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { generate, signInStudents, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-crash-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Options = Parameters<typeof startServer>[1];
type Server = Awaited<ReturnType<typeof startServer>>;

/** A process that has not exited (a zombie, exited and not yet reaped, counts as gone). */
function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * Starts t0 for student s0, saves answers four at a time (the 200 questions over and over) until `killWhen` says
 * so, kills the server with SIGKILL, starts it again and checks what a student would: every acknowledged answer.
 */
async function killMidSaves(
  name: string,
  options: Options,
  killWhen: (acknowledged: number, ms: number) => boolean,
  kill: (server: Server) => Promise<void> = (server) => server.kill("SIGKILL"),
) {
  const dbFile = path.join(dir, `${name}.db`);
  await generate(dbFile, { students: 3, tests: 2, questionsPerTest: 200, attempts: 5 });
  let server = await startServer(dbFile, options);
  const [cookie] = await signInStudents(server.base, [0]);
  const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: cookie };
  const start = await fetch(`${server.base}/test/t0`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams({ intent: "start" }) });
  expect(start.status).toBe(302);
  const ro = new Database(dbFile, { readonly: true });
  const attemptId = (ro.prepare("SELECT id FROM attempts WHERE user_id = 's0' AND test_id = 't0' AND status = 'in_progress'").get() as { id: string }).id;
  ro.close();

  const acknowledged = new Map<string, number>();
  // a save sent and not answered when the server died may or may not be in: the question's answer is then
  // either the last acknowledged one or that one
  const unanswered = new Map<string, number>();
  let killed = false;
  const began = Date.now();
  const saves = (async () => {
    for (let round = 0; !killed; round++) {
      const q = 1 + (round % 50);
      // four saves in flight at once, as a flaky phone retrying would send them
      await Promise.all(
        [0, 1, 2, 3].map(async (lane) => {
          const questionId = `q${q + lane * 50}`;
          const chosen = (round + lane) % 4;
          unanswered.set(questionId, chosen);
          try {
            const res = await fetch(`${server.base}/api/attempts/${attemptId}/answers`, {
              method: "POST",
              headers,
              body: new URLSearchParams({ questionId, chosen: String(chosen) }),
            });
            const body = (await res.json()) as { ok: boolean };
            if (res.ok && body.ok) {
              acknowledged.set(questionId, chosen);
              unanswered.delete(questionId);
            }
          } catch {
            // the server died with this request in flight: not acknowledged
          }
        }),
      );
    }
  })();
  while (!killWhen(acknowledged.size, Date.now() - began)) await new Promise((r) => setTimeout(r, 5));
  killed = true;
  await kill(server);
  await saves;
  expect(acknowledged.size).toBeGreaterThanOrEqual(40);

  server = await startServer(dbFile, options);
  try {
    const db = new Database(dbFile, { readonly: true });
    expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    const read = db.prepare("SELECT chosen_index AS c FROM attempt_answers WHERE attempt_id = ? AND question_id = ?");
    const missing = [...acknowledged].filter(([questionId, chosen]) => {
      const stored = (read.get(attemptId, questionId) as { c: number } | undefined)?.c;
      return stored !== chosen && stored !== unanswered.get(questionId);
    });
    expect(missing).toEqual([]);
    db.close();
    // the same session resumes the same attempt
    const page = await fetch(`${server.base}/test/t0?q=1`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(/Question (<!-- -->)?1(<!-- -->)? of (<!-- -->)?200/.test(html)).toBe(true);
    const answered = Number(/data-testid="answered-count">(\d+)</.exec(html)?.[1]);
    expect(answered).toBeGreaterThanOrEqual(acknowledged.size);
  } finally {
    await server.kill("SIGTERM");
  }
}

describe("SIGKILL in the middle of answer saves", () => {
  it("keeps every acknowledged answer and a sound database", async () => {
    await killMidSaves("one-process", { workers: 1 }, (acknowledged) => acknowledged >= 40);
  }, 120_000);

  it("keeps them when the whole cluster is killed while its primary restarts the WAL every second", async () => {
    // a WAL of more than 50 frames is restarted: each second of saves makes one, so the kill lands between
    // (or during) restarts
    const options: Options = { workers: 2, detached: true, env: { SQLITE_WAL_RESTART_FRAMES: "50" } };
    await killMidSaves("cluster", options, (acknowledged, ms) => acknowledged >= 40 && ms >= 3500);
  }, 120_000);

  it("keeps them when only the primary is killed: its workers stop by themselves, and the next start serves", async () => {
    const options: Options = { workers: 2, detached: true };
    await killMidSaves(
      "primary",
      options,
      (acknowledged) => acknowledged >= 40,
      async (server) => {
        const primary = Number(server.pid);
        const workers = fs.readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/).map(Number);
        expect(workers).toHaveLength(2);
        process.kill(primary, "SIGKILL");
        // a worker left running would hold the database and answer on with no primary to restart it
        for (let waited = 0; workers.some(isRunning); waited += 50) {
          if (waited > 10_000) throw new Error(`workers still running 10 s after their primary was killed: ${workers.filter(isRunning).join(", ")}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      },
    );
  }, 120_000);
});
