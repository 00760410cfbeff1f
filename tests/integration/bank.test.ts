// The question bank: one row per question however many tests have it, with statistics that add up across tests
// (hand-built attempts); tags edited once for every test; a generated test draws the asked counts per topic,
// prefers what a batch has not seen (hand-built history), is left unpublished, and scores as an ordinary test.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, db, rawDb } from "~/db/db.server";
import { bankKeyOf } from "~/lib/rules/bank";
import { activityLog, attemptAnswers, attempts, batches, batchMembers, questions, tests } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as bankRoute from "~/routes/admin+/_tests+/bank";
import * as tagsRoute from "~/routes/admin+/_tests+/bank.$key.tags";
import * as generateRoute from "~/routes/admin+/_tests+/bank_.generate";
import { flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

/** A question whose right answer is always the first option. */
const q = (question: string, topic: string | null = null, section: string | null = null) => ({
  question,
  options: ["Right", "Wrong", "Also wrong"],
  correctAnswer: 0,
  topic,
  section,
});

/** A finished attempt of `userId` on `testId` (version 1) with these choices by question id. */
function finished(userId: string, testId: string, chosen: Record<string, number | null>) {
  const id = newId();
  const now = Date.now();
  db()
    .insert(attempts)
    .values({
      id,
      testId,
      userId,
      status: "submitted",
      startedAt: new Date(now - 60_000),
      deadlineAt: new Date(now + 60_000),
      completedAt: new Date(now),
      score: 0,
      totalQuestions: 2,
    })
    .run();
  for (const [questionId, chosenIndex] of Object.entries(chosen))
    db()
      .insert(attemptAnswers)
      .values({ attemptId: id, questionId, chosenIndex, updatedAt: new Date(now) })
      .run();
}

const bankPage = async (query: string) => payload<any>(await run(bankRoute.loader, getRequest(`/admin/bank${query}`, admin)));

describe("the question bank", () => {
  it("lists a question two tests share once, with statistics over both (3 sat it, 2 right)", async () => {
    const users = await Promise.all(
      ["Bank A", "Bank B", "Bank C"].map((name, i) => createUser({ name, email: `bank${i}@bank.test`, password: null, assignedExamTypes: ["SET"] })),
    );
    const first = createTest({ title: "Bank first", examType: "SET" }, [q("Who wrote Samson Agonistes?", "Milton"), q("Bank only in first?")]);
    const second = createTest({ title: "Bank second", examType: "SET" }, [q("who wrote  SAMSON agonistes?", "Milton"), q("Bank only in second?")]);
    finished(users[0].id, first.id, { q1: 0, q2: 1 });
    finished(users[1].id, first.id, { q1: 2 });
    finished(users[2].id, second.id, { q1: 0 });
    const d = await bankPage("?q=samson");
    expect(d.total).toBe(1);
    expect(d.rows[0]).toMatchObject({ tests: 2, seen: 3, correct: 2, topic: "Milton", types: ["SET"] });
    // the same bank key in both tests
    const copies = db().select({ testId: questions.testId }).from(questions).where(eq(questions.bankKey, d.rows[0].key)).all();
    expect(copies.map((c) => c.testId).sort()).toEqual([first.id, second.id].sort());
    expect((await bankPage("?type=SET&topic=Milton")).total).toBe(1);
    expect((await bankPage("?q=bank only")).total).toBe(2);
  });

  it("questions written before the bank get their identity when the site starts", () => {
    const t = createTest({ title: "Before the bank", examType: "SET" }, [q("An older question?")]);
    rawDb().prepare("UPDATE questions SET bank_key = NULL WHERE test_id = ?").run(t.id);
    applyMigrations(rawDb());
    const row = db().select().from(questions).where(eq(questions.testId, t.id)).get()!;
    expect(row.bankKey).toBe(bankKeyOf("An older question?", ["Right", "Wrong", "Also wrong"]));
  });

  it("Edit tags sets the topic in every test; the section only where nobody has sat the question", async () => {
    const key = (await bankPage("?q=samson")).rows[0].key as string;
    const res = (await run(tagsRoute.action, postRequest(`/admin/bank/${key}/tags`, { topic: "Milton's late poems", section: "Paper 2" }, { cookie: admin }), {
      key,
    })) as Response;
    expect(flashOf(res)?.text).toMatch(/^Tags saved in 2 tests; the section stays as it was in 2 versions students have sat/);
    const rows = db().select().from(questions).where(eq(questions.bankKey, key)).all();
    expect(rows.map((r) => [r.topic, r.section])).toEqual([
      ["Milton's late poems", null],
      ["Milton's late poems", null],
    ]);
    expect(statusOf(await run(tagsRoute.loader, getRequest("/admin/bank/not-a-key/tags", admin), { key: "not-a-key" }).catch((e) => e))).toBe(404);
    const tooLong = await run(tagsRoute.action, postRequest(`/admin/bank/${key}/tags`, { topic: "x".repeat(101) }, { cookie: admin }), { key });
    expect(statusOf(tooLong)).toBe(400);
  });
});

describe("generating a test from the bank", () => {
  let seenBatch: string;
  beforeAll(async () => {
    // UG TRB's bank: Chaucer 1–4, Romantic 1–3, each once; a batch whose student sat Chaucer 1 and 2
    createTest({ title: "UG bank one", examType: "UG_TRB" }, [q("Chaucer 1?", "Chaucer"), q("Chaucer 2?", "Chaucer"), q("Romantic 1?", "Romantic poetry")]);
    createTest({ title: "UG bank two", examType: "UG_TRB" }, [
      q("Chaucer 3?", "Chaucer"),
      q("Chaucer 4?", "Chaucer"),
      q("Romantic 2?", "Romantic poetry"),
      q("Romantic 3?", "Romantic poetry"),
    ]);
    const sat = await createUser({ name: "Seen it", email: "seen@bank.test", password: null, assignedExamTypes: ["UG_TRB"] });
    seenBatch = newId();
    db().insert(batches).values({ id: seenBatch, name: "UG seen batch", createdAt: new Date(), updatedAt: new Date() }).run();
    db().insert(batchMembers).values({ batchId: seenBatch, userId: sat.id }).run();
    const one = db().select().from(tests).where(eq(tests.title, "UG bank one")).get()!;
    finished(sat.id, one.id, { q1: 0, q2: 1 });
  });

  const generate = (fields: Record<string, string>) => run(generateRoute.action, postRequest("/admin/bank/generate", fields, { cookie: admin }));
  const picksOf = async () =>
    payload<any>(await run(generateRoute.loader, getRequest("/admin/bank/generate?type=UG_TRB", admin))).picks as Array<{
      kind: string;
      tag: string;
      n: number;
    }>;
  const fieldsFor = (counts: Record<string, number>, extra: Record<string, string> = {}) =>
    picksOf().then((picks) => {
      const fields: Record<string, string> = {
        title: "Generated UG mock",
        examType: "UG_TRB",
        duration: "30",
        marksPerCorrect: "2",
        negativeMarks: "0.5",
        ...extra,
      };
      picks.forEach((p, i) => {
        fields[`picks[${i}].kind`] = p.kind;
        fields[`picks[${i}].tag`] = p.tag;
        fields[`picks[${i}].count`] = String(counts[p.tag] ?? 0);
      });
      return fields;
    });

  it("offers each topic with its count, and draws the asked counts per topic into an unpublished ordinary test", async () => {
    expect((await picksOf()).map((p) => [p.kind, p.tag, p.n])).toEqual([
      ["topic", "Chaucer", 4],
      ["topic", "Romantic poetry", 3],
    ]);
    const res = (await generate(await fieldsFor({ Chaucer: 3, "Romantic poetry": 2 }))) as Response;
    expect(res.status).toBe(302);
    const made = db().select().from(tests).where(eq(tests.title, "Generated UG mock")).get()!;
    expect(res.headers.get("Location")).toBe(`/admin/csv/${made.id}/edit`);
    expect(made).toMatchObject({ examType: "UG_TRB", duration: 30, isActive: false, marksPerCorrect: 2, negativeMarks: 0.5, totalQuestions: 5 });
    const list = db().select().from(questions).where(eq(questions.testId, made.id)).all();
    expect(list.filter((x) => x.topic === "Chaucer")).toHaveLength(3);
    expect(list.filter((x) => x.topic === "Romantic poetry")).toHaveLength(2);
    expect(
      db()
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, "bank-generate"), eq(activityLog.testId, made.id)))
        .all(),
    ).toHaveLength(1);

    // published, a student sits it like any test: 2 right (+4), 1 wrong (−0.5), 2 left → 3.5 of 10
    db().update(tests).set({ isActive: true }).where(eq(tests.id, made.id)).run();
    const s = await makeStudent({ examTypes: ["UG_TRB"] });
    const post = (fields: Record<string, string>) => run(examRoute.action, postRequest(`/test/${made.id}`, fields, { cookie: s.cookie }), { testId: made.id });
    expect(statusOf(await post({ intent: "start" }))).toBe(302);
    await post({ intent: "save", questionId: "q1", chosen: "0", q: "1", nav: "next" });
    await post({ intent: "save", questionId: "q2", chosen: "0", q: "2", nav: "next" });
    await post({ intent: "save", questionId: "q3", chosen: "1", q: "3", nav: "next" });
    await post({ intent: "finish", confirm: "1" });
    const a = db()
      .select()
      .from(attempts)
      .where(and(eq(attempts.userId, s.user.id), eq(attempts.testId, made.id)))
      .get()!;
    expect(a).toMatchObject({ status: "submitted", score: 2, marks: 3.5, maxMarks: 10 });
  });

  it("prefers the questions a batch has not seen, when asked", async () => {
    const res = (await generate(await fieldsFor({ Chaucer: 2 }, { title: "Unseen Chaucer", preferUnseenBy: seenBatch }))) as Response;
    expect(res.status).toBe(302);
    const made = db().select().from(tests).where(eq(tests.title, "Unseen Chaucer")).get()!;
    const texts = db()
      .select({ t: questions.question })
      .from(questions)
      .where(eq(questions.testId, made.id))
      .all()
      .map((r) => r.t)
      .sort();
    expect(texts).toEqual(["Chaucer 3?", "Chaucer 4?"]);
  });

  it("a second press of the same form (another tab, a double click without JavaScript) makes no second test", async () => {
    const receipt = payload<any>(await run(generateRoute.loader, getRequest("/admin/bank/generate?type=UG_TRB", admin))).receipt as string;
    const fields = await fieldsFor({ "Romantic poetry": 1 }, { title: "Pressed twice", receipt });
    const first = (await generate(fields)) as Response;
    const second = (await generate(fields)) as Response;
    expect(first.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
    expect(flashOf(second)?.text).toBe("This test was already generated");
    expect(db().select().from(tests).where(eq(tests.title, "Pressed twice")).all()).toHaveLength(1);
  });

  it("refuses a count the bank cannot fill, and a form asking for nothing, writing nothing", async () => {
    const before = db().select().from(tests).all().length;
    const short = await generate(await fieldsFor({ Chaucer: 5 }, { title: "Too many" }));
    expect(statusOf(short)).toBe(400);
    expect(JSON.stringify(payload(short))).toContain("The bank has only 4 questions of the topic “Chaucer” (you asked for 5)");
    const none = await generate(await fieldsFor({}, { title: "Nothing" }));
    expect(JSON.stringify(payload(none))).toContain("Ask for at least one question");
    const bad = await generate(await fieldsFor({ Chaucer: 1 }, { title: "", duration: "0" }));
    expect(JSON.stringify(payload(bad))).toContain("Test title is required");
    expect(db().select().from(tests).all().length).toBe(before);
  });
});
