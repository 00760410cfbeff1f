// Adversarial checks of authorization, exam integrity and concurrency.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb, db } from "~/db/db.server";
import { attempts, tests } from "~/db/schema.server";
import { finishAttempt } from "~/models/attempt.server";
import { createTest } from "~/models/test.server";
import { createUser, findUserBySignInName, setUserStatus } from "~/models/user.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import { makeStudent, OWNER, postRequest, run, seedBase, signIn } from "../helpers";
import { ROUTES_DIR, routeFiles, urlPatternOf } from "../route-files";

type RouteModule = { action?: (...args: any[]) => Promise<unknown> };
const modules = import.meta.glob<RouteModule>("../../app/routes/**/*.{ts,tsx}", { eager: true });

/** Every intent an action handles, read from the route's source. */
function intentsOf(file: string): string[] {
  const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
  const found = new Set<string>(["probe"]);
  for (const m of source.matchAll(/case "([\w:-]+)":/g)) found.add(m[1]);
  for (const m of source.matchAll(/intent === "([\w:-]+)"/g)) found.add(m[1]);
  for (const m of source.matchAll(/form\.intent === "([\w:-]+)"/g)) found.add(m[1]);
  return [...found];
}

function pathOf(file: string) {
  return urlPatternOf(file).replace("*", "nowhere").replace(/:\w+/g, "x");
}

/** A fingerprint of every table: row counts plus the sum of every updated/created stamp. */
function fingerprint(): string {
  const tables = (
    rawDb().prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'").all() as {
      name: string;
    }[]
  ).map((t) => t.name);
  return tables
    .map((t) => {
      const cols = (rawDb().prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name);
      const stamp = ["updated_at", "created_at", "completed_at"].filter((c) => cols.includes(c));
      const sum = stamp.length ? `, ${stamp.map((c) => `COALESCE(SUM(${c}), 0)`).join(" + ")} AS s` : ", 0 AS s";
      const r = rawDb().prepare(`SELECT COUNT(*) AS n${sum} FROM ${t}`).get() as { n: number; s: number };
      return `${t}:${r.n}:${r.s}`;
    })
    .join("|");
}

let student: string;
let inactive: string;
let testId: string;

beforeAll(async () => {
  await seedBase({ demo: true });
  testId = createTest({ title: "Security", examType: "NET", maxAttempts: 1 }, [{ question: "Q?", options: ["a", "b"], correctAnswer: 1, explanation: "E" }]).id;
  student = (await makeStudent({ examTypes: ["NET"] })).cookie;
  await createUser({ name: "Sleeping", email: "sleeping@example.test", password: "sleeping-1", assignedExamTypes: ["NET"] });
  inactive = await signIn("sleeping@example.test", "sleeping-1");
  setUserStatus(findUserBySignInName("sleeping@example.test")!.id, "inactive");
});

describe("every action intent, called by someone who may not", () => {
  const files = routeFiles();
  const callers: Array<[string, () => string | undefined, (p: string) => boolean]> = [
    ["anonymous", () => undefined, () => true],
    ["inactive student", () => inactive, () => true],
    // a student may use the student routes; every admin action must refuse them
    ["student", () => student, (p) => p.startsWith("/admin")],
  ];
  for (const file of files) {
    const mod = modules[`../../app/routes/${file}`];
    if (!mod?.action || file === "_auth+/logout.tsx" || file === "_public+/$.tsx") continue;
    for (const intent of intentsOf(file)) {
      for (const [who, cookie, applies] of callers) {
        const p = pathOf(file);
        if (!applies(p)) continue;
        if (p === "/login" || p === "/") continue; // public forms: sign-in, register, contact
        if (p === "/forgot-password") continue; // a public form: the same answer whatever address is sent (email.test.ts)
        if (p.startsWith("/welcome/")) continue; // a sign-in link's token is its credential (sign-in-links.test.ts refuses unknown and used ones)
        it(`${p} intent=${intent} as ${who} is refused and writes nothing`, async () => {
          const before = fingerprint();
          const res = await run(
            mod.action as any,
            postRequest(p, { intent, id: testId, title: "Injected", name: "Injected", email: "x@y.test", password: "secret12" }, { cookie: cookie() }),
            {
              testId,
              attemptId: "x",
            },
          );
          expect(res).toBeInstanceOf(Response);
          const r = res as Response;
          if (r.status === 403) expect(await r.json()).toEqual({ error: expect.stringMatching(/^Only administrators can/) });
          // the exam's own form returns to the test after signing in (a session that ended mid-test)
          else expect(r.headers.get("Location")).toBe(p.startsWith("/test/") ? `/login?redirectTo=${encodeURIComponent(p)}&ended=test` : "/login");
          expect(fingerprint()).toBe(before);
        });
      }
    }
  }
});

describe("exam integrity", () => {
  it("an inactive test cannot be started", async () => {
    const hidden = createTest({ title: "Hidden", examType: "NET", isActive: false }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
    const s = await makeStudent({ examTypes: ["NET"] });
    const res = await run(examRoute.action, postRequest(`/test/${hidden.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: hidden.id });
    expect((res as { init?: { status: number } }).init?.status).toBe(404);
    expect(db().select().from(attempts).where(eq(attempts.testId, hidden.id)).all()).toHaveLength(0);
  });

  it("racing two Start requests cannot exceed maxAttempts", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const starts = await Promise.all(
      Array.from({ length: 10 }, () => run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId })),
    );
    expect(starts.every((r) => r instanceof Response && r.status === 302)).toBe(true);
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie: s.cookie }), { testId });
    await Promise.all(
      Array.from({ length: 10 }, () => run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId })),
    );
    expect(db().select().from(attempts).where(eq(attempts.userId, s.user.id)).all()).toHaveLength(1);
  });

  it("the client cannot set the deadline, score, time spent or completion through form fields", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const t = createTest({ title: "Fields", examType: "NET", duration: 10 }, [{ question: "Q", options: ["a", "b"], correctAnswer: 1 }]);
    const before = Date.now();
    await run(
      examRoute.action,
      postRequest(
        `/test/${t.id}`,
        { intent: "start", deadline_at: "9999999999999", deadlineAt: "9999999999999", duration: "9999", startedAt: "0" },
        { cookie: s.cookie },
      ),
      { testId: t.id },
    );
    const a = db().select().from(attempts).where(eq(attempts.userId, s.user.id)).get()!;
    expect(+a.deadlineAt - +a.startedAt).toBe(10 * 60_000);
    expect(+a.startedAt).toBeGreaterThanOrEqual(before - 1000);
    await run(
      examRoute.action,
      postRequest(`/test/${t.id}`, { intent: "finish", score: "1", timeSpent: "1", completedAt: "0", totalQuestions: "0" }, { cookie: s.cookie }),
      { testId: t.id },
    );
    const done = db().select().from(attempts).where(eq(attempts.id, a.id)).get()!;
    expect(done.score).toBe(0);
    expect(done.totalQuestions).toBe(1);
    expect(+done.completedAt!).toBeGreaterThanOrEqual(before - 1000);
  });

  it("50 parallel finishes of one attempt give one result", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const t = createTest({ title: "Parallel", examType: "NET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 1 }]);
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
    const a = db().select().from(attempts).where(eq(attempts.testId, t.id)).get()!;
    const results = await Promise.all(Array.from({ length: 50 }, async () => finishAttempt(a.id, s.user.id)));
    const stamps = new Set(results.map((r) => `${r?.status}:${+r!.completedAt!}:${r?.score}`));
    expect(stamps.size).toBe(1);
    expect(db().select().from(attempts).where(eq(attempts.testId, t.id)).all()).toHaveLength(1);
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()?.totalQuestions).toBe(1);
  });

  it("the owner admin cannot be locked out by an inactive flag", async () => {
    const owner = findUserBySignInName(OWNER.email)!;
    setUserStatus(owner.id, "inactive");
    const cookie = await signIn(OWNER.email, OWNER.password);
    expect(cookie).toMatch(/^__session=/);
    expect(findUserBySignInName(OWNER.email)?.status).toBe("active");
  });
});
