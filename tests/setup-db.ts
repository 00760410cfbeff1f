// Each test file gets its own temporary SQLite file (vitest runs every file in its own process).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-test-"));
process.env.DATABASE_URL = path.join(dir, "app.db");
process.env.SESSION_SECRET = crypto.randomBytes(24).toString("hex");
process.env.ADMIN_EMAIL = "owner@academy.test";
process.env.ADMIN_PASSWORD = "owner-password-1";
process.env.NODE_ENV = "test";

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});
