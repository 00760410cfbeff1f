// Pages and client-side navigation data leave the real server compressed for browsers that accept it,
// and arrive whole.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate, signInStudents, startServer } from "../../bench/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-compression-"));
let server: Awaited<ReturnType<typeof startServer>>;
let cookie: string;

beforeAll(async () => {
  const dbFile = path.join(dir, "app.db");
  await generate(dbFile, { students: 2, tests: 60, questionsPerTest: 5, attempts: 2 });
  server = await startServer(dbFile, { workers: 1 });
  [cookie] = await signInStudents(server.base, [0]);
}, 60_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** a raw GET (fetch would decode the body and hide what was sent) */
function get(pathname: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.base}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("compressed responses", () => {
  it("sends the dashboard gzipped, with its exact length, and it decodes to the page", async () => {
    const res = await get("/dashboard", { cookie, "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    const html = zlib.gunzipSync(res.body).toString("utf8");
    expect(html).toContain("Student 0");
    // the last thing Remix writes: the page arrived whole
    expect(html).toContain("streamController.close()");
  });

  it("sends brotli to a browser that asks for it, and plain text to one that accepts no encoding", async () => {
    const br = await get("/login", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toContain("Sign In");
    const plain = await get("/login", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toContain("Sign In");
  });

  it("compresses the data of a client-side navigation", async () => {
    const res = await get("/dashboard.data?type=NET&unit=1", { cookie, "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(res.body).toString("utf8")).toContain("Student 0");
  });
});
