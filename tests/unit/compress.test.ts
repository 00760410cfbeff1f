import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compressPage, compressResponse } from "~/lib/server/compress.server";

const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Unit 1: Chaucer to Shakespeare</p>".repeat(200)}</body></html>`);
const request = (acceptEncoding?: string) =>
  new Request("http://localhost/dashboard", { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

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

describe("compressPage", () => {
  it("gzips a page for a browser that accepts gzip, with its length and Vary", () => {
    const headers = new Headers();
    const body = compressPage(request("gzip"), page, headers);
    expect(headers.get("Content-Encoding")).toBe("gzip");
    expect(headers.get("Vary")).toBe("Accept-Encoding");
    expect(Number(headers.get("Content-Length"))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 5);
    expect(zlib.gunzipSync(body).equals(page)).toBe(true);
  });
  it("brotli-compresses for a browser that accepts only brotli", () => {
    const headers = new Headers();
    const body = compressPage(request("br"), page, headers);
    expect(headers.get("Content-Encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(body).equals(page)).toBe(true);
  });
  it("leaves small pages, clients without compression and already encoded bodies alone", () => {
    for (const [req, body, preset] of [
      [request("gzip"), Buffer.from("<p>short</p>"), undefined],
      [request(), page, undefined],
      [request("gzip"), page, "identity"],
    ] as const) {
      const headers = new Headers(preset ? { "Content-Encoding": preset } : {});
      const sent = compressPage(req, body, headers);
      expect(Buffer.from(sent).equals(body)).toBe(true);
      expect(headers.get("Content-Encoding")).toBe(preset ?? null);
      expect(headers.get("Content-Length")).toBe(String(body.length));
    }
  });
});

describe("compressResponse", () => {
  it("compresses loader data and keeps status and headers", async () => {
    const res = await compressResponse(
      request("gzip"),
      new Response(page, { status: 404, headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" } }),
    );
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toBe("text/x-script");
    expect(res.headers.get("X-Remix-Response")).toBe("yes");
    expect(res.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).equals(page)).toBe(true);
  });
  it("passes redirects through untouched", async () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    expect(await compressResponse(request("gzip"), redirect)).toBe(redirect);
  });
});
