import crypto from "node:crypto";
import { promisify } from "node:util";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { env } from "./env.server";
import { WorkQueue } from "./work-queue";

/**
 * Passwords are hashed with argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1): about 15 ms of one
 * core here, a third of the scrypt it replaces at four times the memory cost. Hashes made before
 * (`scrypt$N$r$p$salt$hash`) still verify and are re-hashed at the next sign-in (`needsRehash`).
 * Every hash runs through one bounded pool per process (`passwordPool`): a sign-in wave queues there
 * instead of taking every core from students already in an exam.
 */
export const ARGON2_PARAMS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

let pool: WorkQueue | undefined;

/**
 * The password queue of this process: PASSWORD_HASH_CONCURRENCY hashes at once (default 1 per worker);
 * a sign-in waits in line up to PASSWORD_QUEUE_MAX_WAIT_MS (default 30 s: a waiting request costs nothing),
 * from there it is told to come back (503 + Retry-After). 0 turns every sign-in away, e.g. for maintenance.
 */
export function passwordPool(): WorkQueue {
  pool ??= new WorkQueue({ concurrency: env().PASSWORD_HASH_CONCURRENCY, maxWaitMs: env().PASSWORD_QUEUE_MAX_WAIT_MS, initialEstimateMs: 20 });
  return pool;
}

function normalise(password: string): string {
  return password.normalize("NFKC");
}

/** argon2id, PHC string format (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
export function hashPassword(password: string): Promise<string> {
  return passwordPool().run(() => argon2Hash(normalise(password), ARGON2_PARAMS));
}

/** True when a stored hash was made with weaker settings than today's (re-hash it after a correct password). */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(`$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`);
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [, n, r, p, saltB64, hashB64] = stored.split("$");
  if (!saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const key = await scrypt(normalise(password), Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT_MAXMEM,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** Checks a password against a stored argon2id or (older) scrypt hash. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith("scrypt$")) return passwordPool().run(() => verifyScrypt(password, stored));
  if (!stored.startsWith("$argon2")) return false;
  return passwordPool().run(async () => {
    try {
      return await argon2Verify(stored, normalise(password));
    } catch {
      return false;
    }
  });
}

let nobodysHash: Promise<string> | undefined;

/**
 * For an e-mail nobody has: the same argon2id work as a real check, then false, so the time a sign-in
 * takes does not tell whether the e-mail exists.
 */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  nobodysHash ??= argon2Hash(crypto.randomBytes(16).toString("hex"), ARGON2_PARAMS);
  await verifyPassword(password, await nobodysHash);
  return false;
}
