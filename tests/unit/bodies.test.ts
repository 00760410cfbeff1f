// server/bodies.js: how the production server reads a body before Remix sees it (a fake request:
// a stream of chunks with a socket that records being cut).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { readBodyToMemory, streamBodyToFile } from "../../server/bodies.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-bodies-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fakeRequest(headers: Record<string, string> = {}) {
  const stream = new PassThrough() as PassThrough & { headers: Record<string, string>; socket: { destroyed: boolean; destroy(): void } };
  stream.headers = headers;
  stream.socket = {
    destroyed: false,
    destroy() {
      this.destroyed = true;
      stream.destroy();
    },
  };
  return stream;
}

const pace = { minBytesPerWindow: 1000, windowMs: 40, deadlineMs: 5_000 };
let n = 0;
const nextFile = () => path.join(dir, `body-${n++}`);

describe("a large body streamed to a file", () => {
  it("is written whole, chunk by chunk, and counted", async () => {
    const req = fakeRequest();
    const file = nextFile();
    const seen: number[] = [];
    const reading = streamBodyToFile(req as never, {
      file,
      limitBytes: 1_000_000,
      ...pace,
      counter: { push: (c: Buffer) => seen.push(c.length), fields: () => 0 },
    });
    for (let i = 0; i < 10; i++) req.write(Buffer.alloc(10_000, 0x62));
    req.end();
    expect(await reading).toEqual({ size: 100_000 });
    expect(fs.statSync(file).size).toBe(100_000);
    expect(seen.reduce((a, b) => a + b, 0)).toBe(100_000);
  });

  it("is cut, and its file removed, when it arrives slower than the minimum rate", async () => {
    const req = fakeRequest();
    const file = nextFile();
    const reading = streamBodyToFile(req as never, { file, limitBytes: 1_000_000, ...pace });
    const trickle = setInterval(() => req.write(Buffer.alloc(10)), 10);
    const result = await reading;
    clearInterval(trickle);
    expect(result).toEqual({ tooSlow: true });
    expect(req.socket.destroyed).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(fs.existsSync(file)).toBe(false);
  });

  it("is cut at its deadline even when it keeps a good pace", async () => {
    const req = fakeRequest();
    const reading = streamBodyToFile(req as never, { file: nextFile(), limitBytes: 100_000_000, minBytesPerWindow: 1, windowMs: 1000, deadlineMs: 100 });
    const steady = setInterval(() => req.write(Buffer.alloc(5_000)), 10);
    const result = await reading;
    clearInterval(steady);
    expect(result).toEqual({ tooSlow: true });
  });

  it("is refused before a byte when its declared length is over the limit, and a chunked one past it is no longer kept", async () => {
    expect(await streamBodyToFile(fakeRequest({ "content-length": "2000" }) as never, { file: nextFile(), limitBytes: 1000, ...pace })).toEqual({
      tooLarge: true,
    });
    const req = fakeRequest();
    const file = nextFile();
    const reading = streamBodyToFile(req as never, { file, limitBytes: 1000, ...pace });
    req.write(Buffer.alloc(600));
    req.write(Buffer.alloc(600));
    expect(await reading).toEqual({ tooLarge: true });
    // the connection stays open for the 413 (the caller discards the rest), and the partial file is removed
    expect(req.socket.destroyed).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(fs.existsSync(file)).toBe(false);
  });

  it("says why when the file cannot be written (a full disk), removes it, and leaves the connection for the answer", async () => {
    const req = fakeRequest();
    // a folder that does not exist stands for a write the file system refuses
    const file = path.join(dir, "missing-folder", "body");
    const reading = streamBodyToFile(req as never, { file, limitBytes: 1000, ...pace });
    req.write(Buffer.alloc(100));
    expect(await reading).toEqual({ writeFailed: "ENOENT" });
    expect(req.socket.destroyed).toBe(false);
  });
});

describe("an ordinary form read into memory", () => {
  it("is read whole, refused past its limit, and cut at its deadline", async () => {
    const ok = fakeRequest();
    const reading = readBodyToMemory(ok as never, { limitBytes: 100, deadlineMs: 5_000 });
    ok.end(Buffer.from("a=1&b=2"));
    expect(await reading).toEqual({ body: Buffer.from("a=1&b=2") });

    const big = fakeRequest();
    const tooLarge = readBodyToMemory(big as never, { limitBytes: 100, deadlineMs: 5_000 });
    big.write(Buffer.alloc(101));
    expect(await tooLarge).toEqual({ tooLarge: true });

    const slow = fakeRequest();
    const late = readBodyToMemory(slow as never, { limitBytes: 100, deadlineMs: 30 });
    slow.write(Buffer.from("a="));
    expect(await late).toEqual({ tooSlow: true });
    expect(slow.socket.destroyed).toBe(true);
  });
});
