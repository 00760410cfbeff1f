// Starts the built app (server/start.js) on a free port with its own temporary SQLite file,
// so every Playwright file works on a database of its own.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

export const ADMIN = { email: "owner@academy.test", password: "owner-password-1" };
export const STUDENT = { email: "student@academy.local", password: "student123" };

export type AppServer = { url: string; dbFile: string; stop: () => Promise<void>; db: () => Database.Database };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export async function startApp(
  options: { seedDemo?: boolean; dbFile?: string; secureCookies?: boolean; env?: Record<string, string> } = {},
): Promise<AppServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-e2e-"));
  const dbFile = options.dbFile ?? path.join(dir, "app.db");
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["server/start.js"], {
    cwd: process.cwd(),
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== "SECURE_COOKIES")),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dbFile,
      SESSION_SECRET: "e2e-secret-0123456789abcdef",
      // production sends Secure cookies by default; tests over plain http turn that off unless asked
      ...(options.secureCookies ? {} : { SECURE_COOKIES: "false" }),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: options.seedDemo === false ? "false" : "true",
      // one process per test server: Playwright runs two files at once on two cores
      WEB_CONCURRENCY: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 30_000) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  let handle: Database.Database | undefined;
  return {
    url,
    dbFile,
    db: () => {
      handle ??= new Database(dbFile);
      handle.pragma("busy_timeout = 5000");
      return handle;
    },
    stop: async () => {
      handle?.close();
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the real form and waits for the role's home page. */
export async function signIn(page: import("@playwright/test").Page, app: AppServer, email: string, password: string) {
  await page.goto(`${app.url}/login`);
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/(admin|dashboard)$/);
}
