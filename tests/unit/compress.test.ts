import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, encodeBody } from "~/lib/server/compress.server";

const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Unit 1: Chaucer to Shakespeare</p>".repeat(200)}</body></html>`);

describe("chooseEncoding", () => {
  it("follows the client's first choice of gzip and brotli", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(chooseEncoding("br")).toBe("br");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
  });
  it("sends the page as it is when nothing usable is accepted", () => {
    expect(chooseEncoding(null)).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding("deflate")).toBeNull();
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBeNull();
  });
});

describe("encodeBody", () => {
  it("gzips a page for a browser that accepts gzip", () => {
    const sent = encodeBody("gzip", page);
    expect(sent.encoding).toBe("gzip");
    expect(sent.body.length).toBeLessThan(page.length / 5);
    expect(zlib.gunzipSync(sent.body).equals(page)).toBe(true);
  });
  it("brotli-compresses for a browser that accepts only brotli", () => {
    const sent = encodeBody("br", page);
    expect(sent.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(sent.body).equals(page)).toBe(true);
  });
  it("leaves small bodies and clients without compression alone", () => {
    for (const [accept, body] of [
      ["gzip", Buffer.from("<p>short</p>")],
      [null, page],
      ["deflate", page],
    ] as const) {
      const sent = encodeBody(accept, body);
      expect(sent.encoding).toBeNull();
      expect(sent.body.equals(body)).toBe(true);
    }
  });
});
