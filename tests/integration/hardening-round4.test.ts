// Round 4 of what an anonymous stranger (and a bad day) can do to the production server (server/start.js, two
// workers): a body naming a list of ten million slots, route discovery asked for absurd paths, an absolute-form
// request target, a planted flash cookie, a full disk under an upload, a chunked body past its limit, and a
// browser's back button after signing out. Each test checks status codes, bodies, headers, files, the log and
// memory read from /proc; none times anything.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, generate, signInAdmin, signInStudents, startServer } from "../../bench/lib.js";
import { routeFiles, urlPatternOf } from "../route-files";
import { rssBytes, workerPids } from "../process-probes";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-round4-"));
const dbFile = path.join(dir, "round4.db");
const PUBLIC = "https://tests.example.org";
let server: Awaited<ReturnType<typeof startServer>>;
let base: string;
let admin: string;
let student: string;

beforeAll(async () => {
  await generate(dbFile, { students: 3, tests: 1, questionsPerTest: 3, attempts: 0 });
  server = await startServer(dbFile, { workers: 2 });
  base = server.base;
  admin = await signInAdmin(base);
  [student] = await signInStudents(base, [0]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A request written by hand on a socket (an absolute-form target, a chunked body): the status line and the rest. */
function rawRequest(port: number, head: string, body: Buffer | string = ""): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.write(head);
      if (body.length) socket.write(body);
    });
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => {
      text += d;
      if (
        /\r\n0\r\n\r\n$/.test(text) ||
        (/Content-Length: (\d+)/i.test(text) && text.split("\r\n\r\n")[1]?.length >= Number(/Content-Length: (\d+)/i.exec(text)?.[1]))
      )
        socket.end();
    });
    const done = () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text });
    socket.on("end", done);
    socket.on("error", done);
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on("close", done);
  });
}

const portOf = (address: string) => Number(new URL(address).port);

/** The files left in the uploads folder once the server has let go of them (removal follows the stream's close). */
async function uploadsLeft(): Promise<string[]> {
  for (let i = 0; i < 40; i++) {
    const left = fs.readdirSync(path.join(dir, "uploads"));
    if (!left.length) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
  return fs.readdirSync(path.join(dir, "uploads"));
}

describe("no form can ask the server to build a huge value", () => {
  it("refuses a list of ten million slots and a name nested 1,500 levels with 400, on any route, and the workers stay alive and small", async () => {
    const pids = workerPids(server.pid as number);
    expect(pids).toHaveLength(2);
    const before = Math.max(...pids.map(rssBytes));
    const logBefore = server.stderr().length;
    const bodies = ["x[9999999]=1", "x[999999]=1", `x${".a".repeat(1500)}=1`, "intent=start&answers[5000].chosen=1"];
    for (const address of ["/welcome/anything.data", "/welcome/anything", "/login", "/login.data", "/_root.data", "/test/t0"]) {
      for (const body of bodies) {
        const res = await fetch(`${base}${address}`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
        expect({ address, body: body.slice(0, 20), status: res.status }).toEqual({ address, body: body.slice(0, 20), status: 400 });
        expect(await res.text()).toMatch(/^Malformed request: a field name/);
      }
    }
    // as multipart too
    const form = new FormData();
    form.append("x[9999999]", "1");
    expect((await fetch(`${base}/welcome/anything.data`, { method: "POST", headers: { Origin: base }, body: form })).status).toBe(400);
    // the same workers answer, in the memory they had
    expect(workerPids(server.pid as number)).toEqual(pids);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(Math.max(...pids.map(rssBytes))).toBeLessThan(before + 64 * 1024 * 1024);
    await new Promise((r) => setTimeout(r, 200));
    const log = server.stderr().slice(logBefore);
    expect(log).not.toMatch(/^\s+at /m);
    expect(log).not.toContain("heap");
  });

  it("the welcome page answers an unusable link without reading or echoing the form", async () => {
    const res = await fetch(`${base}/welcome/no-such-token.data`, {
      method: "POST",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: "password=a&confirm=b&planted=ECHOED-BACK",
    });
    expect(res.status).toBe(410);
    expect(await res.text()).not.toContain("ECHOED-BACK");
  });
});

describe("route discovery asked for more than the site's routes need", () => {
  it("refuses six long distinct requests before the framework, and a sign-in goes through beside them", async () => {
    const long = `/${"a/".repeat(10)}${"b".repeat(7600)}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, z) =>
        fetch(`${base}/__manifest?p=${encodeURIComponent(long)}&version=x&z=${z}`).then(async (r) => [r.status, await r.text()]),
      ),
    );
    for (const [status, text] of answers) {
      expect(status).toBe(400);
      expect(text).toBe("Bad request: a path is too long.");
    }
    const deep = await fetch(`${base}/__manifest?p=${encodeURIComponent("/a".repeat(40))}&version=x`);
    expect(deep.status).toBe(400);
    const many = await fetch(`${base}/__manifest?${Array.from({ length: 201 }, (_, i) => `p=/t${i}`).join("&")}&version=x`);
    expect(many.status).toBe(400);
    // what the site's own pages ask for still works
    const ordinary = await fetch(`${base}/__manifest?p=${encodeURIComponent("/dashboard")}&p=${encodeURIComponent("/test/t0/results")}&version=x`);
    expect(ordinary.status).not.toBe(400);
    const signIn = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ mode: "login", email: ADMIN.email, password: ADMIN.password }),
    });
    expect(signIn.status).toBe(302);
  });
});

describe("links and requests keep to the site's own address", () => {
  it("builds a sign-in link on PUBLIC_URL whatever host an absolute-form or '//' target names", async () => {
    const publicSite = await startServer(path.join(dir, "public.db"), { workers: 1, env: { PUBLIC_URL: PUBLIC } });
    try {
      const cookie = (
        await fetch(`${publicSite.base}/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC },
          body: new URLSearchParams({ mode: "login", email: ADMIN.email, password: ADMIN.password }),
        })
      ).headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const db = new Database(path.join(dir, "public.db"), { readonly: true });
      const owner = (db.prepare("SELECT id FROM users WHERE email = ?").get(ADMIN.email) as { id: string }).id;
      db.close();
      const port = portOf(publicSite.base);
      const head = (target: string) =>
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${PUBLIC}\r\nCookie: ${cookie}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`;
      const absolute = await rawRequest(port, head(`http://evil.example/admin/users/${owner}/sign-in-link`));
      expect(absolute.status).toBe(200);
      expect(absolute.text).toContain(`${PUBLIC}/welcome/`);
      expect(absolute.text).not.toContain("evil.example");
      // '//evil.example/…' is a path of this site (collapsed to one slash), not another host
      const doubled = await rawRequest(port, head(`//evil.example/admin/users/${owner}/sign-in-link`));
      expect(doubled.text).not.toContain("https://evil.example");
      expect(doubled.text).not.toContain("//evil.example/welcome");
    } finally {
      await publicSite.stop();
    }
  }, 60_000);
});

describe("nobody can shut a student out of every new browser", () => {
  it("after 40 wrong passwords from elsewhere a new browser waits minutes, and signs in once the student's own browser has", async () => {
    // TRUST_PROXY=loopback: the test says which address each request comes from (X-Forwarded-For)
    const site = await startServer(path.join(dir, "throttle.db"), { workers: 1, env: { TRUST_PROXY: "loopback" } });
    try {
      const attempt = (password: string, address: string, cookie = "") =>
        fetch(`${site.base}/login`, {
          method: "POST",
          redirect: "manual",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: site.base,
            "X-Forwarded-For": address,
            ...(cookie ? { Cookie: cookie } : {}),
          },
          body: new URLSearchParams({ mode: "login", email: ADMIN.email, password }),
        });
      // the owner's phone signed in before: it carries the device cookie
      const phone = (await attempt(ADMIN.password, "198.51.100.20")).headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .find((c) => c.startsWith("__device="));
      expect(phone).toBeTruthy();
      for (let i = 0; i < 40; i++) await attempt("wrong-password", "203.0.113.90");
      // a new browser at another address: refused, for minutes (never 24 hours)
      const lab = await attempt(ADMIN.password, "192.0.2.33");
      expect(lab.status).toBe(400);
      const wait = /Please wait (\d+) (minutes?|hours)/.exec(await lab.text());
      expect(wait?.[2]).toMatch(/^minute/);
      expect(Number(wait?.[1])).toBeLessThanOrEqual(30);
      // the owner signs in on their phone: the account's lock ends, and the lab PC gets in
      expect((await attempt(ADMIN.password, "198.51.100.20", phone)).status).toBe(302);
      expect((await attempt(ADMIN.password, "192.0.2.33")).status).toBe(302);
      // the guessing address is still held back, even with the right password
      expect((await attempt(ADMIN.password, "203.0.113.90")).status).toBe(400);
    } finally {
      await site.stop();
    }
  }, 60_000);
});

describe("the flash message", () => {
  it("ignores a planted, unsigned flash cookie", async () => {
    const planted = Buffer.from(JSON.stringify({ type: "error", text: "PLANTED: call +91 00000 00000 to verify" })).toString("base64");
    const page = await (await fetch(`${base}/login`, { headers: { Cookie: `flash=${encodeURIComponent(planted)}` } })).text();
    expect(page).not.toContain("PLANTED");
    // the site's own flash still shows: a refused sign-in link says so on the next page
    const own = await fetch(`${base}/admin/tests/none/release`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=hold&back=/admin/tests/t0/live",
    });
    expect(own.status).toBe(404);
    const signed = await fetch(`${base}/admin/tests/t0/release`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, Cookie: admin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=auto&back=/admin/tests/t0/live",
    });
    const flash = signed.headers.getSetCookie().find((c) => c.startsWith("flash="));
    expect(flash).toMatch(/^flash=[^;]+\.[^;]+;/);
    const shown = await (await fetch(`${base}/admin/tests/t0/live`, { headers: { Cookie: `${admin}; ${flash?.split(";")[0]}` } })).text();
    expect(shown).toContain("The release follows the test&#x27;s rule again");
  });
});

describe("nothing private is kept by the browser", () => {
  it("sends no-store on every answer to a signed-in student or admin, pages and data requests alike, read from every route", async () => {
    const addresses = routeFiles()
      .map((f) => urlPatternOf(f))
      .filter((p) => !["/logout"].includes(p))
      .map((p) =>
        p
          .replace(":testId", "t0")
          .replace(":userId", "s0")
          .replace(/:[a-zA-Z]+/g, "none")
          .replace("*", "nowhere"),
      );
    expect(addresses).toEqual(expect.arrayContaining(["/mistakes", "/practice/none", "/admin/tests/t0/marks.csv"]));
    for (const who of [student, admin]) {
      for (const address of addresses) {
        for (const variant of [address, `${address === "/" ? "/_root" : address}.data`]) {
          const res = await fetch(`${base}${variant}`, { headers: { Cookie: who }, redirect: "manual" });
          await res.arrayBuffer();
          expect({ variant, cache: res.headers.get("cache-control") }).toEqual({ variant, cache: "no-store" });
        }
      }
    }
    // a visitor who is not signed in gets the public pages cacheable as before (and the build's files always)
    const landing = await fetch(`${base}/`);
    expect(landing.headers.get("cache-control")).not.toBe("no-store");
  }, 120_000);
});

describe("a body past its limit, or a disk that cannot keep it", () => {
  it("answers a chunked body past the question editor's limit with 413, not a cut connection", async () => {
    const chunk = Buffer.alloc(512 * 1024, 0x61);
    const head = `POST /admin/csv/t0/edit HTTP/1.1\r\nHost: 127.0.0.1:${portOf(base)}\r\nOrigin: ${base}\r\nCookie: ${admin}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
    const parts: Buffer[] = [];
    for (let i = 0; i < 12; i++) parts.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
    parts.push(Buffer.from("0\r\n\r\n"));
    const answer = await rawRequest(portOf(base), head, Buffer.concat(parts));
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("Request too large");
    expect(await uploadsLeft()).toEqual([]);
  });

  // a small tmpfs over the uploads folder fills like a full disk (mounting needs root, as CI has)
  it.runIf(process.getuid?.() === 0)("answers an upload on a full disk with 507 and a readable page, and leaves no partial file", async () => {
    const uploads = path.join(dir, "uploads");
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", uploads]);
    try {
      const form = new FormData();
      form.append("intent", "preview");
      form.append("title", "Full disk test");
      form.append("examType", "NET");
      form.append("duration", "30");
      const rows = Array.from({ length: 20_000 }, (_, i) => `Question ${i} about Milton?,Yes,No,Yes`).join("\n");
      form.append("file", new File([`question,option1,option2,correct_answer\n${rows}\n`], "big.csv", { type: "text/csv" }));
      const res = await fetch(`${base}/admin/tests/upload`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base, Cookie: admin, Accept: "text/html" },
        body: form,
      });
      expect(res.status).toBe(507);
      expect(await res.text()).toContain("The server's disk is full, so the file could not be kept. Nothing was changed.");
      expect(await uploadsLeft()).toEqual([]);
      expect(server.stderr()).toContain("507 the upload could not be written (ENOSPC)");
      // the site keeps answering
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      execFileSync("umount", [uploads]);
    }
  });
});
