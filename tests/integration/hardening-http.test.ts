// Hardening through real HTTP against the production build (server/start.js with two workers): what a
// hostile or broken request does to the running site, and what the site does when its database cannot
// answer. No timing assertions: each test checks status codes, page text and rows.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, freePort, generate, ROOT, signInAdmin, signInStudents, STUDENT_PASSWORD, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-hardening-"));
const dbFile = path.join(dir, "hardening.db");
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;

beforeAll(async () => {
  await generate(dbFile, { students: 8, tests: 3, questionsPerTest: 10, attempts: 0 });
  server = await startServer(dbFile, { workers: 2 });
  base = server.base;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>, cookie?: string) => ({
  method: "POST",
  redirect: "manual" as const,
  headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields),
});

async function startAttempt(cookie: string, testId: string, userId: string): Promise<string> {
  const res = await fetch(`${base}/test/${testId}`, form({ intent: "start" }, cookie));
  expect(res.status).toBe(302);
  const db = new Database(dbFile, { readonly: true });
  const row = db.prepare("SELECT id FROM attempts WHERE user_id = ? AND test_id = ? AND status = 'in_progress'").get(userId, testId) as { id: string };
  db.close();
  return row.id;
}

describe("request bodies are limited before the app reads them", () => {
  it("answers 413 to 20 MB forms, declared or chunked, while the health check keeps answering", async () => {
    const big = "a=".padEnd(20 * 1024 * 1024, "x");
    const health: number[] = [];
    let sending = true;
    const poll = (async () => {
      while (sending) {
        health.push((await fetch(`${base}/healthz`)).status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const declared = Array.from({ length: 4 }, () =>
      fetch(`${base}/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base }, body: big }).then(
        async (r) => ({ status: r.status, text: await r.text() }),
        () => ({ status: 0, text: "" }),
      ),
    );
    const chunked = Array.from({ length: 2 }, () => {
      const chunks = (async function* () {
        for (let i = 0; i < 20; i++) yield new TextEncoder().encode("b=".padEnd(1024 * 1024, "y"));
      })();
      return fetch(`${base}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
        body: Readable.toWeb(Readable.from(chunks)),
        duplex: "half",
      } as RequestInit).then(
        (r) => ({ status: r.status, text: "" }),
        () => ({ status: 0, text: "" }),
      );
    });
    const declaredResults = await Promise.all(declared);
    const chunkedResults = await Promise.all(chunked);
    sending = false;
    await poll;
    for (const r of declaredResults) {
      expect(r.status).toBe(413);
      expect(r.text).toContain("Request too large");
    }
    // a chunked body is cut off once past the limit: 413, or the connection closed under the sender
    for (const r of chunkedResults) expect([413, 0]).toContain(r.status);
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });

  it("answers 413 to a form with more than 1,000 fields", async () => {
    const fields = Array.from({ length: 1500 }, (_, i) => `f${i}=1`).join("&");
    const res = await fetch(`${base}/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base }, body: fields });
    expect(res.status).toBe(413);
  });
});

describe("malformed requests get 4xx, never 500, and no stack in the log", () => {
  it("answers each with a client error", async () => {
    const [cookie] = await signInStudents(base, [1]);
    const admin = await signInAdmin(base);
    const cases: Array<[string, Promise<Response>, number]> = [
      [
        "Origin: null",
        fetch(`${base}/login`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" },
          body: "a=1",
        }),
        403,
      ],
      [
        "multipart without boundary",
        fetch(`${base}/login`, { method: "POST", headers: { Origin: base, "Content-Type": "multipart/form-data" }, body: "a=1" }),
        400,
      ],
      [
        "JSON to a form action",
        fetch(`${base}/login`, { method: "POST", headers: { Origin: base, "Content-Type": "application/json" }, body: '{"email":"x"}' }),
        415,
      ],
      [
        "JSON to the answer API",
        fetch(`${base}/api/attempts/x/answers`, { method: "POST", headers: { Origin: base, "Content-Type": "application/json", Cookie: cookie }, body: "{}" }),
        415,
      ],
      ["?_data=", fetch(`${base}/dashboard?_data=${encodeURIComponent("routes/_student+/dashboard")}`, { headers: { Cookie: cookie } }), 400],
      ["page past SQLite's integers", fetch(`${base}/admin/users?page=99999999999999999999`, { headers: { Cookie: admin } }), 200],
      ["tests page past SQLite's integers", fetch(`${base}/admin/tests?page=99999999999999999999`, { headers: { Cookie: admin } }), 200],
    ];
    for (const [name, pending, status] of cases) expect((await pending).status, name).toBe(status);

    // a CR/LF or a path escape in back= sends the student to the dashboard, nowhere else
    for (const back of ["/dashboard\r\nSet-Cookie: x=1", "/dashboard/../../\\evil.test", "/dashboard/%2e%2e/%2e%2e/evil.test"]) {
      const res = await fetch(`${base}/dashboard`, form({ back }, cookie));
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/dashboard");
    }
    expect(server.stderr()).not.toMatch(/^\s+at /m);
  });
});

describe("sign-in throttling over HTTP", () => {
  it("lets only 5 of 40 parallel wrong guesses be checked; the right password is then refused too", async () => {
    const guess = (password: string) =>
      fetch(`${base}/login`, form({ mode: "login", email: "student2@bench.test", password })).then(async (r) => ({ status: r.status, text: await r.text() }));
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`wrong-${i}`)));
    expect(results.filter((r) => r.text.includes("Invalid email or password"))).toHaveLength(5);
    expect(results.filter((r) => r.text.includes("Too many failed sign-in attempts"))).toHaveLength(35);
    const right = await guess(STUDENT_PASSWORD);
    expect(right.status).toBe(400);
    expect(right.text).toContain("Too many failed sign-in attempts");
  });
});

describe("sessions over HTTP", () => {
  it("after logout the old cookie no longer opens the dashboard, and a new sign-in gets a new cookie", async () => {
    const [first] = await signInStudents(base, [3]);
    const [second] = await signInStudents(base, [3]);
    expect(second).not.toBe(first);
    expect((await fetch(`${base}/dashboard`, { headers: { Cookie: first }, redirect: "manual" })).status).toBe(200);
    const out = await fetch(`${base}/logout`, form({}, first));
    expect(out.status).toBe(302);
    const after = await fetch(`${base}/dashboard`, { headers: { Cookie: first }, redirect: "manual" });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    // the other browser is still signed in
    expect((await fetch(`${base}/dashboard`, { headers: { Cookie: second }, redirect: "manual" })).status).toBe(200);
  });
});

describe("private pages are not cached", () => {
  it("sends no-store on the exam, results, dashboard and admin pages", async () => {
    const [cookie] = await signInStudents(base, [4]);
    const admin = await signInAdmin(base);
    // generated data: student i has exam types i and i+2 (of five), test i has type i
    await startAttempt(cookie, "t1", "s4");
    for (const [url, c] of [
      ["/dashboard", cookie],
      ["/test/t1", cookie],
      ["/test/t1.data", cookie],
      ["/admin", admin],
      ["/admin/users", admin],
    ] as const) {
      const res = await fetch(`${base}${url}`, { headers: { Cookie: c }, redirect: "manual" });
      expect(res.status, url).toBe(200);
      expect(res.headers.get("Cache-Control"), url).toBe("no-store");
    }
  });
});

describe("route discovery (Remix's /__manifest)", () => {
  it("answers the same address the same way every time, and a stale build version with 204 + reload", async () => {
    const html = await (await fetch(`${base}/login`)).text();
    const version = /"version":\s*"([0-9a-f]+)"/.exec(html)?.[1];
    expect(version).toBeDefined();
    const address = `${base}/__manifest?p=${encodeURIComponent("/test/t1/results")}&version=${version}`;
    const first = await fetch(address);
    const second = await fetch(address);
    expect([first.status, second.status]).toEqual([200, 200]);
    const [a, b] = [await first.json(), await second.json()];
    expect(Object.keys(a)).toContain("routes/_exam+/test.$testId_.results");
    expect(b).toEqual(a);
    expect(second.headers.get("Cache-Control")).toBe(first.headers.get("Cache-Control"));
    expect(second.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    const stale = await fetch(`${base}/__manifest?p=${encodeURIComponent("/test/t1/results")}&version=00000000`);
    expect(stale.status).toBe(204);
    expect(stale.headers.get("X-Remix-Reload-Document")).toBe("true");
  });
});

describe("static files", () => {
  it("the logo is a fingerprinted build asset cached for a year", async () => {
    const html = await (await fetch(`${base}/login`)).text();
    const logo = /src="(\/build\/_assets\/logo-[A-Za-z0-9_-]+\.svg)"/.exec(html)?.[1];
    expect(logo).toBeDefined();
    const res = await fetch(`${base}${logo}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("the review stays closed during a retake", () => {
  it("hides the earlier attempt's answers and explanations while the student is taking the test again", async () => {
    const [cookie] = await signInStudents(base, [5]);
    const first = await startAttempt(cookie, "t2", "s5");
    await fetch(`${base}/api/attempts/${first}/answers`, form({ questionId: "q1", chosen: "2" }, cookie));
    expect((await fetch(`${base}/test/t2`, form({ intent: "finish" }, cookie))).status).toBe(302);
    const before = await fetch(`${base}/test/t2/results?attempt=${first}`, { headers: { Cookie: cookie } });
    expect(before.status).toBe(200);
    expect(await before.text()).toContain("Explanation 1");

    await startAttempt(cookie, "t2", "s5");
    for (const url of [`/test/t2/results?attempt=${first}`, "/test/t2/results", `/test/t2/results.data?attempt=${first}`]) {
      const res = await fetch(`${base}${url}`, { headers: { Cookie: cookie } });
      const text = await res.text();
      expect(res.status, url).toBe(403);
      expect(text, url).not.toContain("Explanation 1");
    }
    const page = await (await fetch(`${base}/test/t2/results?attempt=${first}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("You are taking this test right now");
    expect(page).toContain('href="/test/t2"');
  });
});

describe("a long import does not block the exam", () => {
  it("imports a million empty users in batches while every answer save on the other worker succeeds", async () => {
    const [cookie] = await signInStudents(base, [6]);
    const attemptId = await startAttempt(cookie, "t1", "s6");
    const admin = await signInAdmin(base);
    const backup = `{"users":[${Array.from({ length: 1_000_000 }, () => "{}").join(",")}],"tests":[],"attempts":[],"materials":[],"customExamTypes":[]}`;
    const upload = new FormData();
    upload.set("file", new File([backup], "huge.json", { type: "application/json" }));
    const preview = await fetch(`${base}/admin/backup`, { method: "POST", headers: { Origin: base, Cookie: admin }, body: upload });
    expect(preview.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(await preview.text())?.[1];
    expect(token).toBeTruthy();
    const logBefore = server.stderr().length;

    let importing = true;
    const saves: number[] = [];
    const saving = (async () => {
      let n = 0;
      while (importing || n < 10) {
        const res = await fetch(`${base}/api/attempts/${attemptId}/answers`, form({ questionId: `q${(n % 10) + 1}`, chosen: String(n % 4) }, cookie));
        saves.push(res.status);
        n++;
      }
    })();
    const imported = await fetch(`${base}/admin/backup`, form({ intent: "import", token: token! }, admin));
    importing = false;
    await saving.catch((e) => {
      throw new Error(`${e}: ${e.cause}; server said: ${server.stderr().slice(logBefore, logBefore + 3000)}`);
    });
    const log = server.stderr().slice(logBefore);
    expect(imported.status, log.slice(0, 2000)).toBe(302);
    expect(saves.length).toBeGreaterThanOrEqual(10);
    expect(
      saves.filter((s) => s !== 200),
      log.slice(0, 2000),
    ).toEqual([]);
    // one summary line for the import, not a million
    expect(log.split("\n").filter((l) => l.includes("import")).length, log.slice(0, 2000)).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe("a burst of connections", () => {
  it("queues up to 4,096 connections the server has not accepted yet (Node's default of 511 made the rest wait 1 s for a retry)", async () => {
    const wanted = 1000;
    // the kernel caps every listening queue at net.core.somaxconn
    const cap = Number(fs.readFileSync("/proc/sys/net/core/somaxconn", "utf8"));
    const { port } = new URL(base);
    const sockets: net.Socket[] = [];
    let connected = 0;
    // the process that listens, stopped: nothing is accepted, and only the kernel's queue holds connections
    process.kill(server.pid!, "SIGSTOP");
    try {
      for (let i = 0; i < wanted; i++) {
        const socket = net.connect(Number(port), "127.0.0.1", () => {
          connected += 1;
        });
        socket.on("error", () => {});
        sockets.push(socket);
      }
      // a loopback handshake takes microseconds; a dropped one is retried only after 1 s
      await new Promise((r) => setTimeout(r, 500));
      expect(connected).toBeGreaterThanOrEqual(Math.min(wanted, cap));
    } finally {
      process.kill(server.pid!, "SIGCONT");
      for (const socket of sockets) socket.destroy();
    }
    // and the site answers as before
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});

describe("the exam without JavaScript: form posts acted on before the framework", () => {
  it("starts, saves, finishes with redirects to real pages; a refused save or Start is shown by the page, which does not act again", async () => {
    const writable = new Database(dbFile);
    writable.prepare("UPDATE tests SET max_attempts = 1 WHERE id = 't0'").run();
    writable.prepare("INSERT OR IGNORE INTO user_exam_types (user_id, exam_type) SELECT 's0', exam_type FROM tests WHERE id = 't0'").run();
    writable.close();
    const [cookie] = await signInStudents(base, [0]);
    const started = await fetch(`${base}/test/t0`, form({ intent: "start" }, cookie));
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/test/t0?q=1");
    const exam = await fetch(`${base}${started.headers.get("location")}`, { headers: { Cookie: cookie } });
    expect(await exam.text()).toContain('name="questionId" value="q1"');
    const saved = await fetch(`${base}/test/t0`, form({ intent: "save", questionId: "q1", q: "1", chosen: "2", nav: "next" }, cookie));
    expect(saved.headers.get("location")).toBe("/test/t0?q=2");
    // a refused save (an option the question does not have) is shown by the page, which does not act again:
    // the 20 s spent on question 2 are counted once
    const refused = await fetch(
      `${base}/test/t0`,
      form({ intent: "save", questionId: "q2", q: "2", chosen: "5", shownAt: String(Date.now() - 20_000) }, cookie),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Question 2");
    const finished = await fetch(`${base}/test/t0`, form({ intent: "finish" }, cookie));
    expect(finished.status).toBe(302);
    const results = await fetch(`${base}${finished.headers.get("location")}`, { headers: { Cookie: cookie } });
    expect(await results.text()).toContain("Test Completed!");
    // the one attempt is used: Start again is refused, and the start card says why
    const again = await fetch(`${base}/test/t0`, form({ intent: "start" }, cookie));
    expect(again.status).toBe(403);
    expect(await again.text()).toContain("You have used all your attempts for this test.");
    const db = new Database(dbFile, { readonly: true });
    const rows = db.prepare("SELECT status FROM attempts WHERE user_id = 's0' AND test_id = 't0'").all() as { status: string }[];
    const answer = db
      .prepare("SELECT chosen_index FROM attempt_answers a JOIN attempts t ON t.id = a.attempt_id WHERE t.user_id = 's0' AND a.question_id = 'q1'")
      .get() as { chosen_index: number };
    db.close();
    expect(rows).toEqual([{ status: "submitted" }]);
    expect(answer.chosen_index).toBe(2);
    const spent = new Database(dbFile, { readonly: true });
    const seconds = spent
      .prepare("SELECT a.seconds FROM attempt_answers a JOIN attempts t ON t.id = a.attempt_id WHERE t.user_id = 's0' AND a.question_id = 'q2'")
      .get() as { seconds: number };
    spent.close();
    expect(seconds.seconds).toBeGreaterThanOrEqual(20);
    expect(seconds.seconds).toBeLessThan(30);
  });
});

describe("a database that cannot answer", () => {
  it("answers 503 with Retry-After while the write lock is held elsewhere, and recovers when it is let go", async () => {
    const [cookie] = await signInStudents(base, [7]);
    const attemptId = await startAttempt(cookie, "t2", "s7");
    const holder = new Database(dbFile);
    holder.exec("BEGIN IMMEDIATE");
    try {
      const save = await fetch(`${base}/api/attempts/${attemptId}/answers`, form({ questionId: "q1", chosen: "1" }, cookie));
      expect(save.status).toBe(503);
      expect(save.headers.get("Retry-After")).toBeTruthy();
      expect(await save.json()).toMatchObject({ ok: false, retry: true });
      // Start from a hydrated start card: the card shows the message
      const start = await fetch(`${base}/api/tests/t2/start`, form({ intent: "start" }, cookie));
      expect(start.status).toBe(503);
      expect(await start.json()).toMatchObject({ ok: false, retry: true, error: expect.stringContaining("try again") });
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(503);
      const page = await fetch(`${base}/test/t2`, form({ intent: "finish" }, cookie));
      expect(page.status).toBe(503);
      // said inside the page's frame by its error boundary, with a way to ask again
      const shown = await page.text();
      expect(shown).toContain("Nothing was lost: please try again");
      expect(shown).toMatch(/Error (<!-- -->)?503/);
      expect(shown).toContain(">Try again</a>");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const again = await fetch(`${base}/api/attempts/${attemptId}/answers`, form({ questionId: "q1", chosen: "1" }, cookie));
    expect(again.status).toBe(200);
    expect(server.stderr()).toContain("database unavailable");
  }, 30_000);
});

describe("start-up", () => {
  async function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, ["server/start.js"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: dbFile,
        SESSION_SECRET: "start-up-secret-0123456789",
        ADMIN_EMAIL: ADMIN.email,
        SEED_DEMO: "false",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 15_000);
      child.on("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    return { code, output };
  }

  it("stops with a clear message when the port is taken, instead of re-forking workers forever", async () => {
    const port = await freePort();
    const blocker = net.createServer().listen(port, "127.0.0.1");
    await new Promise((r) => blocker.once("listening", r));
    try {
      for (const workers of ["2", "1"]) {
        const { code, output } = await runServer({ PORT: String(port), HOST: "127.0.0.1", WEB_CONCURRENCY: workers });
        expect(code, output).toBe(1);
        expect(output).toContain("the port is already in use");
        expect(output).not.toContain("listening on");
        expect(output.match(/starting another/g) ?? []).toHaveLength(0);
      }
    } finally {
      blocker.close();
    }
  }, 40_000);

  it("refuses a TRUST_PROXY it cannot read, and starts with true or a hop count", async () => {
    const bad = await runServer({ TRUST_PROXY: "yes please", PORT: String(await freePort()), HOST: "127.0.0.1" });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain("TRUST_PROXY");
    for (const value of ["true", "1"]) {
      const s = await startServer(dbFile, { workers: 1, env: { TRUST_PROXY: value } });
      expect((await fetch(`${s.base}/healthz`)).status).toBe(200);
      await s.stop();
    }
  }, 40_000);
});
