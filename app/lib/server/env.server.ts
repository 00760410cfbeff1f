import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { parsePublicUrl } from "./site-origin";

/** Environment variables, validated once. Anything invalid stops the server with a clear message. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1).default("./data/app.db"),
  SESSION_SECRET: z.string().min(16, "SESSION_SECRET must be at least 16 characters").optional(),
  ADMIN_EMAIL: z.email().default("admin@academy.local"),
  ADMIN_PASSWORD: z.string().min(8, "ADMIN_PASSWORD must be at least 8 characters").optional(),
  SEED_DEMO: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  ACADEMY_TIME_ZONE: z.string().default("Asia/Kolkata"),
  /** whose phone numbers students sign in with (IN, LK, NP, BD, AE, GB, US): "+91 98400 12345" and "098400 12345" are one number */
  ACADEMY_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "ACADEMY_COUNTRY must be a two-letter country code such as IN")
    .default("IN")
    .transform((v) => v.toUpperCase()),
  /** allowed extra origins for POSTs, comma separated (for a proxy with another host name) */
  ALLOWED_ORIGINS: z.string().default(""),
  /** true when served over https (sets the Secure flag on cookies); defaults to NODE_ENV=production */
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
  /** argon2id hashes running at once per worker process */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1, "PASSWORD_HASH_CONCURRENCY must be 1 or more").max(16).default(1),
  /** a sign-in waiting longer than this in the password queue is told to come back (503); 0 turns sign-in away */
  PASSWORD_QUEUE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** the site's public address (https://tests.example.org): every absolute link is built from it */
  PUBLIC_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parsePublicUrl(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error.replace(/^PUBLIC_URL: /, "") });
    }),
  /** requests Remix answers at once per worker (pages, their data, form posts); the rest wait in a queue */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1, "RENDER_CONCURRENCY must be 1 or more").max(64).default(8),
  /** a request that would wait longer than this for Remix is turned away (503 + Retry-After) */
  RENDER_QUEUE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** how the leaderboard on a test's results names students: full names or initials ("P. R.") */
  LEADERBOARD_NAMES: z.enum(["names", "initials"]).default("initials"),
  /** per question, what everyone did (% right, the most chosen wrong option) in a released review: on or off */
  COHORT_FIGURES: z.enum(["on", "off"]).default("on"),
  /**
   * the academy's mail account, as smtp://user:pass@host:587 or smtps://user:pass@host:465 (optional): with it the
   * site e-mails password resets, sign-in links, announcements and answers to question reports
   */
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\/[^\s]+$/.test(v), "SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465"),
  /** the sender of those e-mails, e.g. "Minerva English Academy <tests@minerva-academy.in>" (default: the SMTP user) */
  MAIL_FROM: z.string().max(200).optional(),
  /** set by `npm start` when NODE_ENV was not given: allows a generated secret kept in the data folder */
  SESSION_SECRET_AUTOGEN: z.enum(["true", "false"]).default("false"),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  if (parsed.data.NODE_ENV === "production" && !parsed.data.SESSION_SECRET && parsed.data.SESSION_SECRET_AUTOGEN !== "true") {
    throw new Error("Invalid environment:\nSESSION_SECRET: required in production");
  }
  return parsed.data;
}

/** Cookies are Secure (the site is served over https, so HSTS is sent too) unless SECURE_COOKIES=false. */
export function secureCookies(e: Env = env()): boolean {
  return e.SECURE_COOKIES ? e.SECURE_COOKIES === "true" : e.NODE_ENV === "production";
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The cookie-signing secrets, newest first (SESSION_SECRET may hold several, comma separated, for a rotation). */
export function sessionSecrets(): string[] {
  return sessionSecret()
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The cookie-signing secret: SESSION_SECRET, or (outside production, or under `npm start`) a random one
 * kept in the data folder so sessions survive restarts.
 */
export function sessionSecret(): string {
  const e = env();
  if (e.SESSION_SECRET) return e.SESSION_SECRET;
  const dir = path.dirname(path.resolve(e.DATABASE_URL));
  const file = path.join(dir, ".session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
