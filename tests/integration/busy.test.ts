// A burst larger than a worker should hold: the requests Remix answers wait in one queue per worker
// (server/start.js); one that would wait past the queue's patience is answered 503 + Retry-After with a
// readable page that says to press again, never a 500 or an aborted render. The queue is made tiny here
// (one request at a time, 1 ms of patience) so that a burst of 40 overflows it; nothing is timed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-busy-"));
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  const dbFile = path.join(dir, "busy.db");
  await generate(dbFile, { students: 2, tests: 1, questionsPerTest: 5, attempts: 0 });
  server = await startServer(dbFile, { workers: 1, env: { RENDER_CONCURRENCY: "1", RENDER_QUEUE_MAX_WAIT_MS: "1" } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a request queued past the render's patience", () => {
  it("gets 503 + Retry-After and a page that says to press again; the others are served", async () => {
    const base = server.base;
    const pages = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await fetch(`${base}/login`, { headers: { Accept: "text/html" } });
        return { status: res.status, retryAfter: res.headers.get("retry-after"), text: await res.text() };
      }),
    );
    const served = pages.filter((p) => p.status === 200);
    const busy = pages.filter((p) => p.status === 503);
    expect(served.length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    expect(served.length + busy.length).toBe(40);
    for (const page of busy) {
      expect(Number(page.retryAfter)).toBeGreaterThan(0);
      expect(page.text).toContain("Please try again in a few seconds");
      expect(page.text).toContain('href="/login"');
    }
    for (const page of served) expect(page.text).toContain("Welcome Back");

    expect(pages.every((p) => p.status !== 500)).toBe(true);
    expect(server.stderr()).not.toMatch(/^\s+at /m);
  }, 60_000);

  it("links a posted form back to the page it came from, and answers a page's data request with the 503 in Remix's encoding", async () => {
    // a queue with no patience at all turns every request to Remix away (as during maintenance)
    const full = await startServer(path.join(dir, "busy.db"), { workers: 1, env: { RENDER_QUEUE_MAX_WAIT_MS: "0" } });
    const base = full.base;
    try {
      const post = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base, Referer: `${base}/login?redirectTo=%2Fdashboard`, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ mode: "login", email: "nobody@example.test", password: "wrong-password" }),
      });
      expect(post.status).toBe(503);
      const text = await post.text();
      expect(text).toContain('href="/login?redirectTo=%2Fdashboard"');
      expect(text).toContain("Back to the page");
      // a hydrated page's navigation: its error boundary shows the message (tests/e2e/error-pages.spec.ts)
      const data = await fetch(`${base}/login.data`, { headers: { Accept: "*/*" } });
      expect(data.status).toBe(503);
      expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(data.headers.get("content-type")).toContain("text/x-script");
      const encoded = await data.text();
      expect(encoded).toContain("routes/_auth+/login");
      expect(encoded).toContain("ErrorResponse");
      expect(encoded).toContain("The site is very busy right now");
      // the exam's JSON endpoints render nothing and do not wait in the render queue: answered at once (here,
      // signed out: to sign in first), never turned away behind the pages
      const api = await fetch(`${base}/api/attempts/x/answers`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
        body: "q=1",
      });
      expect(api.status).toBe(302);
      expect(api.headers.get("location")).toMatch(/^\/login/);
      // what does not go through Remix still answers: the health check and static files
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(full.stderr()).not.toMatch(/^\s+at /m);
    } finally {
      await full.stop();
    }
  }, 60_000);
});
