// The path past one machine, simulated on one (docs/operations.md): a primary and a LiteFS-style read
// replica — two server processes on copies of one database, the replica's opened read-only because
// $LITEFS_DIR/.primary names the primary — behind a small router that honours `fly-replay` as Fly's
// proxy does. Answer saves sent to the replica are stored on the primary; GET pages on the replica
// never write (a checksum of its database file is unchanged).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, SECRET, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-litefs-"));
const primaryDb = path.join(dir, "primary", "app.db");
const replicaDb = path.join(dir, "replica", "app.db");
let primary: Awaited<ReturnType<typeof startServer>>;
let replica: Awaited<ReturnType<typeof startServer>>;
let router: http.Server;
let routerBase = "";
const replays: string[] = [];
let cookie = "";

/** Fly's proxy in miniature: every request goes to the replica; a `fly-replay` answer is sent again to the primary. */
function startRouter(): Promise<string> {
  router = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    // the request as it came, Host header included (the servers' Origin check compares with it)
    const send = (base: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const out = http.request(`${base}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          const parts: Buffer[] = [];
          answer.on("data", (c) => parts.push(c));
          answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(parts) }));
        });
        out.on("error", reject);
        out.end(body);
      });
    let answer = await send(replica.base);
    const replay = answer.headers["fly-replay"];
    if (replay) {
      replays.push(`${req.method} ${req.url} → ${replay}`);
      answer = await send(primary.base);
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  return new Promise((resolve) => router.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(router.address() as { port: number }).port}`)));
}

function fileChecksum(file: string) {
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

beforeAll(async () => {
  await generate(primaryDb, { students: 5, tests: 2, questionsPerTest: 5, attempts: 3 });
  // a student signed in earlier (the session is on both copies, as LiteFS would have replicated it)
  const id = crypto.randomBytes(32).toString("base64url");
  const db = new Database(primaryDb);
  db.prepare("INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at) VALUES (?, 's0', ?, ?, ?)").run(
    crypto.createHash("sha256").update(id).digest("base64url"),
    Date.now(),
    Date.now(),
    Date.now() + 86_400_000,
  );
  db.exec("INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) SELECT 's0', exam_type FROM tests");
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  cookie = (await createCookie("__session", { path: "/", secrets: [SECRET] }).serialize(id)).split(";")[0];
  fs.mkdirSync(path.dirname(replicaDb), { recursive: true });
  fs.copyFileSync(primaryDb, replicaDb);
  const primaryFs = path.join(dir, "primary-litefs");
  const replicaFs = path.join(dir, "replica-litefs");
  fs.mkdirSync(primaryFs);
  fs.mkdirSync(replicaFs);
  fs.writeFileSync(path.join(replicaFs, ".primary"), "primary-machine\n");
  primary = await startServer(primaryDb, { workers: 1, env: { LITEFS_DIR: primaryFs } });
  replica = await startServer(replicaDb, { workers: 1, env: { LITEFS_DIR: replicaFs } });
  routerBase = await startRouter();
}, 120_000);

afterAll(async () => {
  router?.close();
  await primary?.stop();
  await replica?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (pathname: string) => fetch(`${routerBase}${pathname}`, { headers: { Cookie: cookie, Accept: "text/html" }, redirect: "manual" });
const post = (pathname: string, form: Record<string, string>) =>
  fetch(`${routerBase}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: routerBase, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams(form),
  });

describe("LiteFS contract: one primary, one read-only replica, fly-replay", () => {
  it("the replica says what it is, and refuses to write by itself", async () => {
    expect(await (await fetch(`${replica.base}/healthz`)).text()).toBe("ok (read-only replica of primary-machine)");
    const direct = await fetch(`${replica.base}/api/attempts/x/answers`, { method: "POST", headers: { Cookie: cookie, Origin: replica.base } });
    expect(direct.status).toBe(409);
    expect(direct.headers.get("fly-replay")).toBe("instance=primary-machine");
    expect(await (await fetch(`${primary.base}/healthz`)).text()).toBe("ok");
  });

  it("GET pages are served by the replica and leave its database unchanged", async () => {
    const before = fileChecksum(replicaDb);
    for (const page of ["/dashboard", "/test/t0", "/healthz"]) {
      const res = await get(page);
      expect(res.status, page).toBe(200);
    }
    expect((await get("/")).headers.get("Location")).toBe("/dashboard");
    expect(replays).toEqual([]);
    expect(fileChecksum(replicaDb)).toBe(before);
    expect(fs.existsSync(`${replicaDb}-wal`) ? fs.statSync(`${replicaDb}-wal`).size : 0).toBe(0);
  });

  it("Start and answer saves sent to the replica are replayed and stored on the primary", async () => {
    const replicaBefore = fileChecksum(replicaDb);
    const start = await post("/test/t0", { intent: "start" });
    expect(start.status).toBe(302);
    const primaryRead = new Database(primaryDb, { readonly: true });
    const attempt = primaryRead.prepare("SELECT id FROM attempts WHERE user_id = 's0' AND test_id = 't0' AND status = 'in_progress'").get() as { id: string };
    expect(attempt).toBeDefined();
    for (const [q, chosen] of [
      ["q1", "2"],
      ["q2", "0"],
    ]) {
      const save = await post(`/api/attempts/${attempt.id}/answers`, { questionId: q, chosen });
      expect(save.status).toBe(200);
      expect(((await save.json()) as { ok: boolean }).ok).toBe(true);
    }
    const stored = primaryRead
      .prepare("SELECT question_id AS q, chosen_index AS c FROM attempt_answers WHERE attempt_id = ? AND chosen_index IS NOT NULL ORDER BY q")
      .all(attempt.id);
    primaryRead.close();
    expect(stored).toEqual([
      { q: "q1", c: 2 },
      { q: "q2", c: 0 },
    ]);
    expect(replays).toEqual([
      "POST /test/t0 → instance=primary-machine",
      `POST /api/attempts/${attempt.id}/answers → instance=primary-machine`,
      `POST /api/attempts/${attempt.id}/answers → instance=primary-machine`,
    ]);
    // nothing of it reached the replica's file (LiteFS would ship it there)
    expect(fileChecksum(replicaDb)).toBe(replicaBefore);
  });
});
