// The exam page on a slow mobile link (400 kbps, 400 ms round trip, nothing cached: a first visit), in
// headless Chromium: time until "Question 1" is on screen and until the page answers taps (hydrated,
// or at once without JavaScript), next to a page that must first download and run 166 KB gzip of
// script before it shows anything (the old single-page app's framework weight).
// Used by `npm run bench`; alone: `node bench/slow-link.js` (a small generated data set).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { startH2Front } from "./h2-front.js";
import { generate, signInStudents, startServer } from "./lib.js";

export const LINK = { latencyMs: 400, kbps: 400 };
/** Chrome DevTools' "Slow 3G" preset: 2 s of latency per request, 400 kbps */
export const SLOW_3G = { latencyMs: 2000, kbps: 400 };
const RUNS = Number(process.env.BENCH_SLOW_RUNS ?? "3");
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

async function emulate(page, link) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const bytesPerSecond = (link.kbps * 1000) / 8;
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
}

/** One page load: ms until `visibleText` shows, and until `interactive()` holds. */
async function timeLoad(browser, { href, cookie, javaScriptEnabled, visibleText, interactive, link }) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 740 } });
  if (cookie) {
    const [name, value] = cookie.split("=");
    await context.addCookies([{ name, value: cookie.slice(name.length + 1) || value, url: href }]);
  }
  const page = await context.newPage();
  await emulate(page, link);
  const started = Date.now();
  await page.goto(href, { waitUntil: "commit" });
  await page.getByText(visibleText).first().waitFor({ state: "visible", timeout: 60_000 });
  const visibleMs = Date.now() - started;
  let interactiveMs = visibleMs;
  if (javaScriptEnabled && interactive) {
    await page.waitForFunction(interactive, null, { timeout: 60_000, polling: 20 });
    interactiveMs = Date.now() - started;
  }
  await context.close();
  return { visibleMs, interactiveMs };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A page that shows its question only after running 166 KB gzip of script (incompressible filler). */
function heavySpaServer() {
  const filler = crypto.randomBytes(166 * 1024).toString("base64");
  const js = `window.__filler=${JSON.stringify(filler)};document.getElementById("root").innerHTML='<h1>Question 1 of 50</h1><p>Who wrote Tradition and the Individual Talent?</p>';window.__ready=true;`;
  const jsGz = zlib.gzipSync(js, { level: 9 });
  const html = `<!DOCTYPE html><html><head><meta name="viewport" content="width=device-width"><script src="/app.js" defer></script></head><body><div id="root"></div></body></html>`;
  const server = http.createServer((req, res) => {
    if (req.url === "/app.js") {
      res.writeHead(200, { "Content-Type": "text/javascript", "Content-Encoding": "gzip", "Content-Length": jsGz.length });
      res.end(jsGz);
    } else {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(html);
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, base: `http://127.0.0.1:${server.address().port}`, scriptKB: Math.round(jsGz.length / 1024) })),
  );
}

/** Measures the exam page of a running attempt (`examPath`, signed in with `cookie`) and the comparison page. */
export async function slowLinkExam(appBase, cookie, examPath, link = LINK, { http2 = false } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: http2 ? [...ARGS, "--ignore-certificate-errors"] : ARGS,
  });
  const spaServer = await heavySpaServer();
  // over HTTP/2 (as behind a production proxy) both pages sit behind the same kind of front
  const fronts = http2 ? [await startH2Front(appBase), await startH2Front(spaServer.base)] : [];
  const base = http2 ? fronts[0].base : appBase;
  const spa = { ...spaServer, base: http2 ? fronts[1].base : spaServer.base };
  try {
    const out = { link, runs: RUNS, protocol: http2 ? "HTTP/2" : "HTTP/1.1" };
    const cases = {
      examJsOn: {
        href: `${base}${examPath}`,
        cookie,
        javaScriptEnabled: true,
        visibleText: /Question 1 of/,
        interactive: () => window.__examHydrated === true,
      },
      examJsOff: { href: `${base}${examPath}`, cookie, javaScriptEnabled: false, visibleText: /Question 1 of/ },
      heavySpa: { href: spa.base, javaScriptEnabled: true, visibleText: /Question 1 of/, interactive: () => window.__ready === true },
    };
    for (const [name, c] of Object.entries(cases)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await timeLoad(browser, { ...c, link }));
      out[name] = { visibleMs: median(runs.map((r) => r.visibleMs)), interactiveMs: median(runs.map((r) => r.interactiveMs)) };
    }
    out.heavySpa.scriptKB = spa.scriptKB;
    return out;
  } finally {
    for (const f of fronts) f.close();
    spa.server.close();
    await browser.close();
  }
}

if (process.argv[1] && url.fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-slow-"));
  const dbFile = path.join(dir, "slow.db");
  await generate(dbFile, { students: 5, tests: 5, questionsPerTest: 50, attempts: 0 });
  const server = await startServer(dbFile, { workers: 1 });
  try {
    const [cookie] = await signInStudents(server.base, [0]);
    const res = await fetch(`${server.base}/test/t0`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, Cookie: cookie },
      body: "intent=start",
    });
    if (res.status !== 302) throw new Error(`start failed: ${res.status}`);
    console.log(JSON.stringify(await slowLinkExam(server.base, cookie, "/test/t0?q=1"), null, 2));
    console.log("Slow 3G:", JSON.stringify(await slowLinkExam(server.base, cookie, "/test/t0?q=1", SLOW_3G), null, 2));
    console.log("Slow 3G over HTTP/2:", JSON.stringify(await slowLinkExam(server.base, cookie, "/test/t0?q=1", SLOW_3G, { http2: true }), null, 2));
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
