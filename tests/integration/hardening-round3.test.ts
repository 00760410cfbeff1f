// What an anonymous stranger can do to the production server (server/start.js, two workers): fill a
// worker's memory with a body, hold the upload slots, lock students out, crash a route with a malformed
// request. Each test checks status codes, rows, the log and memory read from /proc; none times anything.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, generate, signInAdmin, STUDENT_PASSWORD, startServer } from "../../bench/lib.js";
import { rssBytes, workerPids } from "../process-probes";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-round3-"));
const dbFile = path.join(dir, "round3.db");
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;
/** the owner's session, taken before the throttling tests lock the owner's e-mail for strangers */
let admin: string;

beforeAll(async () => {
  await generate(dbFile, { students: 70, tests: 1, questionsPerTest: 5, attempts: 0 });
  // TRUST_PROXY=loopback: the test tells the server which address each request comes from (X-Forwarded-For)
  server = await startServer(dbFile, { workers: 2, env: { TRUST_PROXY: "loopback" } });
  base = server.base;
  admin = await signInAdmin(base);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * A POST written by hand: `totalBytes` of body (declared in Content-Length), `chunkBytes` every
 * `intervalMs`. Resolves with the answer as soon as the server gives one (the sender then stops).
 */
function rawPost(
  url: string,
  headers: Record<string, string>,
  { totalBytes, chunkBytes, intervalMs }: { totalBytes: number; chunkBytes: number; intervalMs: number },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    let answered = false;
    let sent = 0;
    const req = http.request(url, { method: "POST", headers: { ...headers, "Content-Length": String(totalBytes) } }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on("error", () => {
      if (!answered) resolve({ status: 0, body: "" });
    });
    const chunk = Buffer.alloc(chunkBytes, 0x61);
    const send = () => {
      if (answered || req.destroyed || sent >= totalBytes) return;
      const piece = chunk.subarray(0, Math.min(chunkBytes, totalBytes - sent));
      sent += piece.length;
      const more = req.write(piece);
      if (sent >= totalBytes) return req.end();
      if (intervalMs > 0) setTimeout(send, intervalMs);
      else if (more) setImmediate(send);
      else req.once("drain", send);
    };
    send();
  });
}

function csvUpload(cookie: string) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("title", "Flood-day test");
  form.append("examType", "NET");
  form.append("duration", "30");
  form.append("maxAttempts", "1");
  form.append(
    "file",
    new File(["question,option1,option2,correct_answer\nWho wrote Hamlet?,Shakespeare,Marlowe,Shakespeare\n"], "flood.csv", { type: "text/csv" }),
  );
  return fetch(`${base}/admin/tests/upload`, { method: "POST", redirect: "manual", headers: { Origin: base, Cookie: cookie }, body: form });
}

describe("WAL checkpoints are the primary's, off the requests' path", () => {
  it("starts the web workers with checkpoints left to the primary, which copies their writes into the database file", async () => {
    const environOf = (pid: number) => fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    const primary = Number(server.pid);
    const workers = workerPids(primary);
    expect(workers).toHaveLength(2);
    for (const pid of workers) expect(environOf(pid)).toContain("ACADEMY_CHECKPOINTS_BY_PRIMARY=1");
    expect(environOf(primary)).not.toContain("ACADEMY_CHECKPOINTS_BY_PRIMARY=1");
    // a worker's write (a sign-in's session) reaches the database file itself within a few seconds,
    // although a worker never checkpoints and a few pages are far below SQLite's own threshold
    const before = fs.statSync(dbFile).mtimeMs;
    await signInAdmin(base);
    let after = before;
    for (let i = 0; i < 50 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = fs.statSync(dbFile).mtimeMs;
    }
    expect(after).toBeGreaterThan(before);
  });
});

describe("bodies are read only as far as the sender may send one", () => {
  it("keeps each worker under 256 MB through 300 MB anonymous posts and slow anonymous uploads, and the admin's upload goes through", async () => {
    const pids = workerPids(server.pid as number);
    expect(pids).toHaveLength(2);
    const peak = new Map<number, number>(pids.map((p) => [p, rssBytes(p)]));
    const sampler = setInterval(() => {
      for (const p of pids) peak.set(p, Math.max(peak.get(p) ?? 0, rssBytes(p)));
    }, 50);
    const multipart = { Origin: base, "Content-Type": "multipart/form-data; boundary=flood" };
    try {
      const floods = Array.from({ length: 4 }, () =>
        rawPost(`${base}/admin/backup/restore`, multipart, { totalBytes: 300 * 1024 * 1024, chunkBytes: 1024 * 1024, intervalMs: 0 }),
      );
      const slow = Array.from({ length: 6 }, () =>
        rawPost(`${base}/admin/tests/upload`, multipart, { totalBytes: 5 * 1024 * 1024, chunkBytes: 5 * 1024, intervalMs: 1000 }),
      );
      // while they are all open, the admin uploads a test (four times: both workers)
      const uploads = await Promise.all(Array.from({ length: 4 }, () => csvUpload(admin)));
      for (const upload of uploads) {
        expect(upload.status).toBe(200);
        expect(await upload.text()).toContain("Who wrote Hamlet?");
      }
      for (const answer of [...(await Promise.all(floods)), ...(await Promise.all(slow))]) {
        expect(answer.status).toBe(401);
        expect(answer.body).toContain("Sign in as an administrator");
      }
    } finally {
      clearInterval(sampler);
    }
    for (const p of pids) expect(peak.get(p) ?? 0).toBeLessThan(256 * 1024 * 1024);
    // a signed-in student is refused the same way (403), and an ordinary form there still reaches the route
    const [student] = await signIn(["student1@bench.test"], "198.51.100.77");
    const asStudent = await rawPost(
      `${base}/admin/tests/upload`,
      { ...multipart, Cookie: student },
      { totalBytes: 2 * 1024 * 1024, chunkBytes: 64 * 1024, intervalMs: 0 },
    );
    expect(asStudent.status).toBe(403);
    const small = await fetch(`${base}/admin/tests/upload`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=preview",
    });
    expect(small.status).toBe(302);
    expect(small.headers.get("location")).toContain("/login");
    // an admin's post without a body reaches the route as an empty form (not refused as an unknown type)
    const empty = await fetch(`${base}/admin/backup`, { method: "POST", redirect: "manual", headers: { Origin: base, Cookie: admin } });
    expect(empty.status).toBeLessThan(415);
    // nothing of the refused bodies is left on disk
    expect(fs.readdirSync(path.join(dir, "uploads"))).toEqual([]);
  }, 120_000);
});

/** Signs in from one address (X-Forwarded-For), with an optional device cookie; returns the session cookies (and the device cookie). */
async function signIn(emails: string[], address: string, { password = STUDENT_PASSWORD, device = "" } = {}): Promise<string[]> {
  const cookies: string[] = [];
  for (const email of emails) {
    const res = await attempt(email, password, address, device);
    if (res.status !== 302) throw new Error(`sign-in of ${email} from ${address}: ${res.status}`);
    cookies.push(sessionAndDevice(res).join("; "));
  }
  return cookies;
}

function attempt(email: string, password: string, address: string, cookie = "") {
  return fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams({ mode: "login", email, password }),
  });
}

function sessionAndDevice(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

/** Runs `count` calls of `fn` with at most `width` at once. */
async function inParallel<T>(count: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

describe("sign-in throttling cannot be turned against a student or a classroom", () => {
  it("signs the owner in from a browser that signed in before, after 40 wrong passwords from elsewhere", async () => {
    const first = await attempt(ADMIN.email, ADMIN.password, "198.51.100.10");
    expect(first.status).toBe(302);
    const device = sessionAndDevice(first).find((c) => c.startsWith("__device="));
    expect(device).toBeTruthy();
    await inParallel(40, 4, () => attempt(ADMIN.email, "wrong-password", "203.0.113.66"));
    // a stranger's browser (no device cookie) is refused even with the right password...
    const stranger = await attempt(ADMIN.email, ADMIN.password, "203.0.113.67");
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain("Too many failed sign-in attempts");
    // ...the owner's own browser is not
    const owner = await attempt(ADMIN.email, ADMIN.password, "198.51.100.10", device);
    expect(owner.status).toBe(302);
    expect(owner.headers.get("location")).toBe("/admin");
  }, 60_000);

  it("signs in and registers a classroom of 60 from one address after 300 failures for other accounts", async () => {
    const centre = "192.0.2.60";
    const failures = await inParallel(300, 4, (i) => attempt(`nobody${i}@example.test`, "guess", centre));
    expect(failures.every((r) => r.status === 400 || r.status === 503)).toBe(true);
    const signIns = await inParallel(60, 4, (i) => attempt(`student${i}@bench.test`, STUDENT_PASSWORD, centre));
    expect(signIns.map((r) => r.status)).toEqual(Array(60).fill(302));
    const registrations = await inParallel(60, 4, (i) =>
      fetch(`${base}/login?mode=register`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": centre },
        body: new URLSearchParams({ mode: "register", name: `New Student ${i}`, email: `new${i}@example.test`, password: "new-student-pass" }),
      }),
    );
    expect(registrations.map((r) => r.status)).toEqual(Array(60).fill(302));
    const db = new Database(dbFile, { readonly: true });
    expect(db.prepare("SELECT COUNT(*) AS n FROM users WHERE email LIKE 'new%@example.test'").get()).toEqual({ n: 60 });
    db.close();
  }, 180_000);
});

describe("a restore cannot plant a backdoor or brick the site", () => {
  it("refuses snapshots with a trigger or failing migrations, and the site keeps answering as before", async () => {
    const snapshot = (name: string, sql: string) => {
      const file = path.join(dir, name);
      const live = new Database(dbFile);
      live.prepare("VACUUM INTO ?").run(file);
      live.close();
      const conn = new Database(file);
      conn.exec(sql);
      conn.close();
      return file;
    };
    const cases: Array<[string, string]> = [
      [
        snapshot(
          "trigger.db",
          "CREATE TRIGGER promote AFTER INSERT ON sessions BEGIN UPDATE users SET role = 'admin' WHERE email = 'student2@bench.test'; END",
        ),
        "triggers or views",
      ],
      [snapshot("emptied.db", "DELETE FROM __drizzle_migrations"), "could not be brought up to this version"],
    ];
    for (const [file, message] of cases) {
      const form = new FormData();
      form.append("confirm", "on");
      form.append("snapshot", new File([fs.readFileSync(file)], "site.db", { type: "application/octet-stream" }));
      const res = await fetch(`${base}/admin/backup/restore`, { method: "POST", redirect: "manual", headers: { Origin: base, Cookie: admin }, body: form });
      expect(res.status).toBe(302);
      const page = await fetch(`${base}/admin/backup`, { headers: { Cookie: [admin, ...res.headers.getSetCookie().map((c) => c.split(";")[0])].join("; ") } });
      expect(await page.text()).toContain(message);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
    // no trigger came in: a sign-in leaves the student a student
    await signIn(["student2@bench.test"], "198.51.100.2");
    const db = new Database(dbFile, { readonly: true });
    expect(db.prepare("SELECT role FROM users WHERE email = 'student2@bench.test'").get()).toEqual({ role: "user" });
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type IN ('trigger', 'view')").get()).toEqual({ n: 0 });
    db.close();
    expect(fs.readdirSync(path.join(dir, "restore"))).toEqual([]);
  }, 60_000);
});

describe("malformed requests get 4xx with one log line and no stack", () => {
  it("answers each with a client error", async () => {
    const logBefore = server.stderr().length;
    const [student] = await signIn(["student65@bench.test"], "198.51.100.65");
    const broken = { Origin: base, "Content-Type": "multipart/form-data; boundary=xx" };
    const cases: Array<[string, string, RequestInit]> = [
      ["/login", "malformed multipart", { headers: broken, body: "garbage--xx\r\nnope" }],
      ["/welcome/some-token", "malformed multipart", { headers: broken, body: "garbage--xx\r\nnope" }],
      ["/", "a page without an action", { headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" }],
      [
        "/dashboard",
        "Origin: null with a same-site Referer",
        { headers: { Origin: "null", Referer: `${base}/dashboard`, Cookie: student, "Content-Type": "application/x-www-form-urlencoded" }, body: "a=1" },
      ],
      ["/admin/backup", "an admin's malformed import", { headers: { ...broken, Cookie: admin }, body: "garbage--xx\r\nnope" }],
      ["/admin/csv/none/edit", "an admin's malformed editor post", { headers: { ...broken, Cookie: admin }, body: "garbage--xx\r\nnope" }],
      ["/admin/backup/restore", "an admin's malformed restore", { headers: { ...broken, Cookie: admin }, body: "garbage--xx\r\nnope" }],
    ];
    for (const [address, label, init] of cases) {
      const res = await fetch(`${base}${address}`, { method: "POST", redirect: "manual", ...init });
      expect({ label, status: res.status < 500 }).toEqual({ label, status: true });
    }
    await new Promise((r) => setTimeout(r, 200));
    const log = server.stderr().slice(logBefore);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toContain("ErrorResponseImpl");
  });
});

describe("the site's address and headers", () => {
  it("builds sign-in links from PUBLIC_URL, never from a Host or forwarded header, and sends HSTS with Secure cookies", async () => {
    const publicSite = await startServer(path.join(dir, "public-url.db"), {
      workers: 1,
      env: { PUBLIC_URL: "https://tests.example.org", SECURE_COOKIES: "true" },
    });
    try {
      // generate() was not run on this file: the server made it; the owner signs in and makes a link
      const admin = (
        await fetch(`${publicSite.base}/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://tests.example.org" },
          body: new URLSearchParams({ mode: "login", email: ADMIN.email, password: ADMIN.password }),
        })
      ).headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      expect(admin).toContain("__session=");
      const home = await fetch(`${publicSite.base}/`);
      expect(home.headers.get("strict-transport-security")).toBe("max-age=31536000");
      const db = new Database(path.join(dir, "public-url.db"), { readonly: true });
      const owner = db.prepare("SELECT id FROM users WHERE email = ?").get(ADMIN.email) as { id: string };
      db.close();
      const link = await fetch(`${publicSite.base}/admin/users/${owner.id}/sign-in-link`, {
        method: "POST",
        headers: { Origin: "https://tests.example.org", Cookie: admin, Host: "attacker.example", "X-Forwarded-Host": "attacker.example" },
      });
      const page = await link.text();
      expect(page).toContain("https://tests.example.org/welcome/");
      expect(page).not.toContain("attacker.example");
      // the origin must be the public address: scheme, host and port
      const wrongScheme = await fetch(`${publicSite.base}/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: "http://tests.example.org", Cookie: admin },
      });
      expect(wrongScheme.status).toBe(403);
    } finally {
      await publicSite.stop();
    }
  }, 60_000);

  it("without PUBLIC_URL, believes forwarded headers only from a trusted proxy, and compares the Origin's scheme", async () => {
    const plain = await startServer(path.join(dir, "plain.db"), { workers: 1 });
    try {
      const res = await fetch(`${plain.base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: plain.base.replace("http:", "https:") },
        body: new URLSearchParams({ mode: "login", email: ADMIN.email, password: ADMIN.password }),
      });
      expect(res.status).toBe(403);
      expect(res.headers.get("strict-transport-security")).toBeNull();
      const forged = await fetch(`${plain.base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://attacker.example",
          "X-Forwarded-Host": "attacker.example",
          "X-Forwarded-Proto": "https",
        },
        body: new URLSearchParams({ mode: "login", email: ADMIN.email, password: ADMIN.password }),
      });
      expect(forged.status).toBe(403);
    } finally {
      await plain.stop();
    }
  }, 60_000);

  it("refuses to start with a PUBLIC_URL it cannot use", async () => {
    await expect(startServer(path.join(dir, "bad-url.db"), { workers: 1, env: { PUBLIC_URL: "tests.example.org/academy" } })).rejects.toThrow(/PUBLIC_URL/);
  }, 30_000);
});
