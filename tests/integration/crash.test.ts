// Crash safety: a real server receiving a stream of answer saves is killed with SIGKILL mid-stream
// and restarted. Every save that got a success response is in the database, the file passes
// PRAGMA integrity_check, and the student resumes the same attempt.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { generate, signInStudents, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-crash-"));
const dbFile = path.join(dir, "crash.db");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("SIGKILL in the middle of answer saves", () => {
  it("keeps every acknowledged answer and a sound database", async () => {
    await generate(dbFile, { students: 3, tests: 2, questionsPerTest: 200, attempts: 5 });
    let server = await startServer(dbFile, { workers: 1 });
    const [cookie] = await signInStudents(server.base, [0]);
    const headers = { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: cookie };
    const start = await fetch(`${server.base}/test/t0`, { method: "POST", redirect: "manual", headers, body: new URLSearchParams({ intent: "start" }) });
    expect(start.status).toBe(302);
    const ro = new Database(dbFile, { readonly: true });
    const attemptId = (ro.prepare("SELECT id FROM attempts WHERE user_id = 's0' AND test_id = 't0' AND status = 'in_progress'").get() as { id: string }).id;
    ro.close();

    const acknowledged = new Map<string, number>();
    let killed = false;
    const saves = (async () => {
      for (let q = 1; q <= 200 && !killed; q++) {
        // four saves in flight at once, as a flaky phone retrying would send them
        await Promise.all(
          [0, 1, 2, 3].map(async (lane) => {
            const questionId = `q${Math.min(200, q + lane * 50)}`;
            const chosen = (q + lane) % 4;
            try {
              const res = await fetch(`${server.base}/api/attempts/${attemptId}/answers`, {
                method: "POST",
                headers,
                body: new URLSearchParams({ questionId, chosen: String(chosen) }),
              });
              const body = (await res.json()) as { ok: boolean };
              if (res.ok && body.ok) acknowledged.set(questionId, chosen);
            } catch {
              // the server died with this request in flight: not acknowledged
            }
          }),
        );
      }
    })();
    while (acknowledged.size < 40) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    await server.kill("SIGKILL");
    await saves;
    expect(acknowledged.size).toBeGreaterThanOrEqual(40);

    server = await startServer(dbFile, { workers: 1 });
    try {
      const db = new Database(dbFile, { readonly: true });
      expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
      const read = db.prepare("SELECT chosen_index AS c FROM attempt_answers WHERE attempt_id = ? AND question_id = ?");
      const missing = [...acknowledged].filter(([questionId, chosen]) => (read.get(attemptId, questionId) as { c: number } | undefined)?.c !== chosen);
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
      await server.stop();
    }
  }, 120_000);
});
