// Exam day: pages only read (a checksum of every table is the same before and after GETs), the sweep
// closes what the pages showed closed with the same score as a lazy close, old password hashes are
// upgraded at sign-in, and a sign-in wave past the password pool's queue is answered 503 + Retry-After.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db, rawDb } from "~/db/db.server";
import { attempts, users } from "~/db/schema.server";
import { SIGN_IN_BUSY } from "~/models/auth.server";
import { passwordPool } from "~/lib/server/password.server";
import { sweepExpiredAttempts } from "~/models/attempt.server";
import { createTest } from "~/models/test.server";
import { createUser, pendingRehashCount, rehashPasswordLater } from "~/models/user.server";
import * as loginRoute from "~/routes/_auth+/login";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as answersApi from "~/routes/api+/attempts.$attemptId.answers";
import { getRequest, makeStudent, payload, postRequest, run, seedBase, signIn, statusOf, uniqueAddress, updateAttempt } from "../helpers";

const QUESTIONS = [
  { question: "Who wrote Paradise Lost?", options: ["Milton", "Spenser", "Donne", "Marvell"], correctAnswer: 0, explanation: "" },
  { question: "Lyrical Ballads appeared in", options: ["1789", "1798", "1802"], correctAnswer: 1, explanation: "" },
  { question: "Who wrote Gitanjali?", options: ["Tagore", "Naidu"], correctAnswer: 0, explanation: "" },
];

let testId: string;

beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Exam Day Paper", examType: "NET", duration: 30 }, QUESTIONS).id;
});

/** A digest of every row of every table: equal before and after means nothing was written. */
function checksumOfAllTables(): string {
  const hash = crypto.createHash("sha256");
  const tables = rawDb().prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  for (const { name } of tables) {
    const rows = (rawDb().prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort();
    hash.update(`${name}\n${rows.join("\n")}\n`);
  }
  return hash.digest("hex");
}

async function startAttempt(cookie: string) {
  const res = (await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId })) as Response;
  expect(res.status).toBe(302);
}

function attemptOf(userId: string) {
  return db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.testId, testId)))
    .get();
}

async function answer(cookie: string, attemptId: string, questionId: string, chosen: number) {
  const res = (await run(answersApi.action, postRequest(`/api/attempts/${attemptId}/answers`, { questionId, chosen: String(chosen) }, { cookie }), {
    attemptId,
  })) as Response;
  return { status: res.status, body: (await res.json()) as { ok: boolean } };
}

const pastDeadline = (attemptId: string) => updateAttempt(attemptId, { deadlineAt: new Date(Date.now() - 120_000) });

describe("GET pages never write", () => {
  it("the exam page and the results page leave every table unchanged while the attempt runs and after its deadline", async () => {
    const s = await makeStudent();
    await startAttempt(s.cookie);
    const attempt = attemptOf(s.user.id);
    if (!attempt) throw new Error("no attempt");
    await answer(s.cookie, attempt.id, "q1", 0);

    // running: every question of the exam, and the results page (which says the test is running)
    const before = checksumOfAllTables();
    for (const q of [1, 2, 3]) expect(statusOf(await run(examRoute.loader, getRequest(`/test/${testId}?q=${q}`, s.cookie), { testId }))).toBe(200);
    expect(statusOf(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, s.cookie), { testId }))).toBe(403);
    expect(checksumOfAllTables()).toBe(before);

    // past its deadline: the exam page sends the student to the result, which is shown, and still nothing is written
    pastDeadline(attempt.id);
    const expired = checksumOfAllTables();
    const exam = (await run(examRoute.loader, getRequest(`/test/${testId}?q=2`, s.cookie), { testId })) as Response;
    expect(exam.headers.get("Location")).toBe(`/test/${testId}/results?attempt=${attempt.id}`);
    const shown = payload<{ attempt: { status: string; score: number } }>(
      await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${attempt.id}`, s.cookie), { testId }),
    );
    expect(shown.attempt).toMatchObject({ status: "expired", score: 1 });
    expect(checksumOfAllTables()).toBe(expired);
  });
});

describe("the sweep", () => {
  it("closes expired attempts with the same score, status and times as a lazy close by the next write", async () => {
    const lazy = await makeStudent();
    const swept = await makeStudent();
    for (const s of [lazy, swept]) await startAttempt(s.cookie);
    const lazyAttempt = attemptOf(lazy.user.id);
    const sweptAttempt = attemptOf(swept.user.id);
    if (!lazyAttempt || !sweptAttempt) throw new Error("no attempt");
    for (const [s, a] of [
      [lazy, lazyAttempt],
      [swept, sweptAttempt],
    ] as const) {
      await answer(s.cookie, a.id, "q1", 0); // right
      await answer(s.cookie, a.id, "q2", 0); // wrong
      await answer(s.cookie, a.id, "q3", 0); // right
    }
    const deadline = new Date(Date.now() - 120_000);
    for (const a of [lazyAttempt, sweptAttempt]) {
      db()
        .update(attempts)
        .set({ deadlineAt: deadline, startedAt: new Date(+deadline - 30 * 60_000) })
        .where(eq(attempts.id, a.id))
        .run();
    }

    // the lazy close: a late save is refused and closes the attempt
    expect((await answer(lazy.cookie, lazyAttempt.id, "q2", 1)).status).toBe(409);
    expect(sweepExpiredAttempts()).toBeGreaterThanOrEqual(1);

    const a = attemptOf(lazy.user.id);
    const b = attemptOf(swept.user.id);
    expect(a).toMatchObject({ status: "expired", score: 2, timeSpent: 30 * 60, completedAt: deadline });
    expect(b).toMatchObject({ status: a?.status, score: a?.score, timeSpent: a?.timeSpent, completedAt: a?.completedAt, totalQuestions: a?.totalQuestions });
    // a second sweep finds nothing of theirs
    sweepExpiredAttempts();
    expect(attemptOf(swept.user.id)).toEqual(b);
  });
});

/** A hash in the format stored before argon2id: scrypt N=2^15, r=8, p=1. */
function oldScryptHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", 32768, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
}

describe("password hashes", () => {
  it("new passwords are stored with argon2id at OWASP's minimum", async () => {
    const user = await createUser({ name: "Argon Student", email: `argon-${Date.now()}@example.test`, password: "fresh-pass-1", assignedExamTypes: ["NET"] });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("an old scrypt hash still signs in, and is replaced by an argon2id hash after that sign-in's answer", async () => {
    const email = `old-hash-${Date.now()}@example.test`;
    const user = await createUser({ name: "Old Hash", email, password: null, assignedExamTypes: ["NET"] });
    db()
      .update(users)
      .set({ passwordHash: oldScryptHash("remembered-pass") })
      .where(eq(users.id, user.id))
      .run();
    const wrong = await run(loginRoute.action, postRequest("/login", { mode: "login", email, password: "not-it" }, { address: uniqueAddress() }));
    expect(statusOf(wrong)).toBe(400);
    expect(db().select().from(users).where(eq(users.id, user.id)).get()?.passwordHash).toMatch(/^scrypt\$/);

    const cookie = await signIn(email, "remembered-pass");
    expect(cookie).toContain("__session=");
    // re-hashed once the answer is sent and the password pool is idle
    await vi.waitFor(() => expect(db().select().from(users).where(eq(users.id, user.id)).get()?.passwordHash).toMatch(/^\$argon2id\$/), { timeout: 5000 });
    // and the new hash works
    expect(await signIn(email, "remembered-pass")).toContain("__session=");
  });

  it("puts re-hashing off while other hashes wait in the password pool", async () => {
    const user = await createUser({ name: "Later Hash", email: `later-hash-${Date.now()}@example.test`, password: null, assignedExamTypes: ["NET"] });
    const old = oldScryptHash("remembered-pass");
    db().update(users).set({ passwordHash: old }).where(eq(users.id, user.id)).run();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // a sign-in wave: a hash running, others waiting
    const held = Array.from({ length: 3 }, () => passwordPool().run(() => gate));
    rehashPasswordLater(user.id, old, "remembered-pass");
    await new Promise((r) => setTimeout(r, 50));
    expect(pendingRehashCount()).toBe(1);
    expect(db().select().from(users).where(eq(users.id, user.id)).get()?.passwordHash).toBe(old);
    release();
    await Promise.all(held);
    await vi.waitFor(() => expect(db().select().from(users).where(eq(users.id, user.id)).get()?.passwordHash).toMatch(/^\$argon2id\$/), { timeout: 5000 });
    expect(pendingRehashCount()).toBe(0);
  });
});

describe("admission control", () => {
  it("a sign-in arriving when the password queue is full gets 503 with Retry-After, and gets in once it drains", async () => {
    const { email, password } = await makeStudent();
    // fill the pool: jobs that hold their slot until released
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = Array.from({ length: 5000 }, () => passwordPool().run(() => gate));
    try {
      const busy = await run(loginRoute.action, postRequest("/login", { mode: "login", email, password }, { address: uniqueAddress() }));
      expect(statusOf(busy)).toBe(503);
      const init = (busy as { init: ResponseInit }).init;
      expect(Number(new Headers(init.headers).get("Retry-After"))).toBeGreaterThanOrEqual(1);
      expect(payload<{ error: string }>(busy).error).toBe(SIGN_IN_BUSY);
    } finally {
      release();
      await Promise.all(held);
    }
    expect(await signIn(email, password)).toContain("__session=");
  });
});
