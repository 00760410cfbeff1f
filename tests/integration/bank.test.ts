// The question bank: one row per question however many tests have it, with statistics that add up across tests
// (hand-built attempts); tags edited once for every test; a generated test draws the asked counts per topic,
// prefers what a batch has not seen (hand-built history), is left unpublished, and scores as an ordinary test.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, db, rawDb } from "~/db/db.server";
import { bankKeyOf } from "~/lib/rules/bank";
import { activityLog, attemptAnswers, attempts, bankQuestions, batches, batchMembers, questions, tests } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as bankRoute from "~/routes/admin+/_tests+/bank";
import * as tagsRoute from "~/routes/admin+/_tests+/bank.$key.tags";
import * as questionRoute from "~/routes/admin+/_tests+/bank_.$key";
import * as takeOutRoute from "~/routes/admin+/_tests+/bank_.$key.delete";
import * as takenOutRoute from "~/routes/admin+/_tests+/bank_.taken-out";
import * as deleteTestRoute from "~/routes/admin+/_tests+/tests.$testId.delete";
import { saveTestWithQuestions } from "~/models/admin-tests.server";
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
    // the planner's statistics, taken while keys were missing, are taken again (else the bank's pages read every question)
    rawDb().exec("ANALYZE questions");
    rawDb().prepare("UPDATE questions SET bank_key = NULL").run();
    rawDb().exec("ANALYZE questions");
    const statOf = () => (rawDb().prepare("SELECT stat FROM sqlite_stat1 WHERE idx = 'questions_bank_key_idx'").get() as { stat: string }).stat;
    const rows = (rawDb().prepare("SELECT COUNT(*) AS n FROM questions").get() as { n: number }).n;
    expect(statOf()).toBe(`${rows} ${rows}`);
    applyMigrations(rawDb());
    expect(Number(statOf().split(" ")[1])).toBeLessThan(rows);
    const row = db().select().from(questions).where(eq(questions.testId, t.id)).get()!;
    expect(row.bankKey).toBe(bankKeyOf("An older question?", ["Right", "Wrong", "Also wrong"]));
    // and it is a question of the bank
    expect(db().select().from(bankQuestions).where(eq(bankQuestions.key, row.bankKey!)).get()).toMatchObject({ question: "An older question?", version: 1 });
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

describe("a bank that stands alone", () => {
  const keyOf = (words: string) => db().select().from(questions).where(eq(questions.question, words)).get()!.bankKey as string;
  const questionPage = async (key: string) => payload<any>(await run(questionRoute.loader, getRequest(`/admin/bank/${key}`, admin), { key }));
  const editQuestion = (key: string, fields: Record<string, string>) =>
    run(questionRoute.action, postRequest(`/admin/bank/${key}`, fields, { cookie: admin }), { key }) as Promise<Response>;

  it("a bank question survives its test's delete: still listed, its page says no test has it, and it can be drawn", async () => {
    const t = createTest({ title: "Short-lived", examType: "PG_TRB" }, [
      q("Who wrote The Rape of the Lock?", null),
      q("Who wrote Absalom and Achitophel?", "Dryden"),
    ]);
    const res = (await run(deleteTestRoute.action, postRequest(`/admin/tests/${t.id}/delete`, {}, { cookie: admin }), { testId: t.id })) as Response;
    expect(flashOf(res)?.text).toBe("Test deleted successfully");
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()).toBeUndefined();
    const d = await bankPage("?q=rape of the lock");
    expect(d.total).toBe(1);
    expect(d.rows[0]).toMatchObject({ question: "Who wrote The Rape of the Lock?", tests: 0, seen: 0, types: ["PG_TRB"] });
    const page = await questionPage(d.rows[0].key);
    expect(page.tests).toEqual([]);
    // drawn into a generated test of its exam type (it has no topic: the "No topic" pick)
    const picks = payload<any>(await run(generateRoute.loader, getRequest("/admin/bank/generate?type=PG_TRB", admin))).picks;
    expect(picks.map((p: any) => [p.kind, p.tag, p.n])).toEqual([
      ["topic", "Dryden", 1],
      ["topic", "-", 1],
    ]);
    const made = (await run(
      generateRoute.action,
      postRequest(
        "/admin/bank/generate",
        {
          title: "From a deleted test",
          examType: "PG_TRB",
          "picks[0].kind": "topic",
          "picks[0].tag": "Dryden",
          "picks[0].count": "0",
          "picks[1].kind": "topic",
          "picks[1].tag": "-",
          "picks[1].count": "1",
        },
        { cookie: admin },
      ),
    )) as Response;
    expect(made.status).toBe(302);
    const generated = db().select().from(tests).where(eq(tests.title, "From a deleted test")).get()!;
    expect(db().select({ t: questions.question, k: questions.bankKey }).from(questions).where(eq(questions.testId, generated.id)).all()).toEqual([
      { t: "Who wrote The Rape of the Lock?", k: d.rows[0].key },
    ]);
    const short = await run(
      generateRoute.action,
      postRequest(
        "/admin/bank/generate",
        { title: "Too many bare", examType: "PG_TRB", "picks[0].kind": "topic", "picks[0].tag": "-", "picks[0].count": "2" },
        { cookie: admin },
      ),
    );
    expect(JSON.stringify(payload(short))).toContain("The bank has only 1 question of questions without a topic (you asked for 2)");
  });

  it("an edit makes version 2: the test nobody sat takes it, the test students sat keeps its words, both stay this question", async () => {
    const sat = createTest({ title: "Sat with Donne", examType: "NET" }, [q("Who wrote The Canonization?"), q("Donne filler?")]);
    const fresh = createTest({ title: "Not sat with Donne", examType: "NET" }, [q("Who wrote The Canonization?")]);
    const s = await makeStudent({ examTypes: ["NET"] });
    finished(s.user.id, sat.id, { q1: 0 });
    const key = keyOf("Who wrote The Canonization?");
    const res = await editQuestion(key, {
      question: "Who wrote “The Canonization”?\nFor God's sake hold your tongue, and let me love",
      "options[0]": "John Donne",
      "options[1]": "Andrew Marvell",
      "options[2]": "George Herbert",
      "options[3]": "",
      correctAnswer: "0",
      explanation: "Songs and Sonnets, 1633",
      changeTests: "on",
    });
    expect(flashOf(res)?.text).toBe("Saved as version 2, and in 1 test nobody has sat yet. Tests students have sat keep the words they sat.");
    const copies = db().select().from(questions).where(eq(questions.bankKey, key)).all();
    const copyIn = (id: string) => copies.find((c) => c.testId === id)!;
    expect(copyIn(sat.id)).toMatchObject({ question: "Who wrote The Canonization?", options: ["Right", "Wrong", "Also wrong"] });
    expect(copyIn(fresh.id)).toMatchObject({
      question: "Who wrote “The Canonization”?\nFor God's sake hold your tongue, and let me love",
      options: ["John Donne", "Andrew Marvell", "George Herbert"],
      explanation: "Songs and Sonnets, 1633",
    });
    const page = await questionPage(key);
    expect(page.question).toMatchObject({ version: 2, options: ["John Donne", "Andrew Marvell", "George Herbert"] });
    expect(page.versions.map((v: any) => [v.version, v.question])).toEqual([[1, "Who wrote The Canonization?"]]);
    expect(page.tests.map((t: any) => [t.title, t.attempts, t.sameWords])).toEqual([
      ["Not sat with Donne", 0, true],
      ["Sat with Donne", 1, false],
    ]);
    // the test students sat, saved again in its editor with its old words, is still this question (no second one in the bank)
    const before = (await bankPage("?q=canonization")).total;
    const updated = db().select().from(tests).where(eq(tests.id, sat.id)).get()!;
    const saved = saveTestWithQuestions(
      sat.id,
      +updated.updatedAt,
      { title: "Sat with Donne", description: "", examType: "NET", duration: 60, isActive: true, unitNumber: null, unitName: null, maxAttempts: null },
      [
        {
          question: "Who wrote The Canonization?",
          options: ["Right", "Wrong", "Also wrong"],
          correctAnswer: 0,
          explanation: "",
          marks: "",
          section: "",
          topic: "",
        },
      ],
    );
    expect(saved.ok).toBe(true);
    const copiesInSat = db()
      .select({ v: questions.version, k: questions.bankKey })
      .from(questions)
      .where(and(eq(questions.testId, sat.id), eq(questions.id, "q1")))
      .all();
    expect(copiesInSat).toEqual([
      { v: 1, k: key },
      { v: 2, k: key },
    ]);
    expect((await bankPage("?q=canonization")).total).toBe(before);
    expect(before).toBe(1);
  });

  it("refuses an edit without an answer, with one option, or with another bank question's words", async () => {
    const key = keyOf("Bank only in first?");
    const noAnswer = await editQuestion(key, { question: "Still here?", "options[0]": "Yes", "options[1]": "No" });
    expect(statusOf(noAnswer)).toBe(400);
    expect(JSON.stringify(payload(noAnswer))).toContain("Choose the right answer");
    const tooLong = await editQuestion(key, { question: "x".repeat(5001), "options[0]": "Yes", "options[1]": "No", correctAnswer: "0" });
    expect(JSON.stringify(payload(tooLong))).toContain("Question text is too long (at most 5000 characters)");
    const sevenOptions = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`options[${i}]`, `Option ${i}`]));
    const tooMany = await editQuestion(key, { question: "Still here?", ...sevenOptions, correctAnswer: "0" });
    expect(JSON.stringify(payload(tooMany))).toContain("A question can have at most 6 options");
    const oneOption = await editQuestion(key, { question: "Still here?", "options[0]": "Yes", correctAnswer: "0" });
    expect(JSON.stringify(payload(oneOption))).toContain("A question needs at least 2 options");
    const taken = await editQuestion(key, {
      question: "Bank only in second?",
      "options[0]": "Right",
      "options[1]": "Wrong",
      "options[2]": "Also wrong",
      correctAnswer: "0",
    });
    expect(statusOf(taken)).toBe(400);
    expect(JSON.stringify(payload(taken))).toContain("These words and options are already another question of the bank");
    expect(db().select().from(bankQuestions).where(eq(bankQuestions.key, key)).get()).toMatchObject({ version: 1, question: "Bank only in first?" });
  });

  it("taken out of the bank: no longer listed nor drawn, the tests that have it keep it, and uploading it again does not bring it back", async () => {
    createTest({ title: "Kept after take-out", examType: "SET" }, [q("Who wrote Kubla Khan?", "Coleridge")]);
    const key = keyOf("Who wrote Kubla Khan?");
    const res = (await run(takeOutRoute.action, postRequest(`/admin/bank/${key}/delete`, {}, { cookie: admin }), { key })) as Response;
    expect(flashOf(res)?.text).toBe("Taken out of the bank. Tests that have it keep it.");
    expect((await bankPage("?q=kubla")).total).toBe(0);
    expect(db().select().from(questions).where(eq(questions.bankKey, key)).all()).toHaveLength(1);
    expect(statusOf(await run(questionRoute.loader, getRequest(`/admin/bank/${key}`, admin), { key }).catch((e) => e))).toBe(404);
    createTest({ title: "Kubla again", examType: "SET" }, [q("Who wrote Kubla Khan?", "Coleridge")]);
    expect((await bankPage("?q=kubla")).total).toBe(0);
    // another question edited to its words is told it is one taken out of the bank
    const clash = await editQuestion(keyOf("Bank only in second?"), {
      question: "Who wrote Kubla Khan?",
      "options[0]": "Right",
      "options[1]": "Wrong",
      "options[2]": "Also wrong",
      correctAnswer: "0",
    });
    expect(JSON.stringify(payload(clash))).toContain("These words and options are a question taken out of the bank");
    expect(
      payload<any>(await run(generateRoute.loader, getRequest("/admin/bank/generate?type=SET", admin))).picks.some((p: any) => p.tag === "Coleridge"),
    ).toBe(false);
  });

  it("a question taken out is listed under Taken Out and can be put back: listed and drawn again, the put-back logged", async () => {
    createTest({ title: "Put back later", examType: "SET" }, [q("Who wrote The Prelude?", "Wordsworth put back")]);
    const key = keyOf("Who wrote The Prelude?");
    const empty = payload<any>(await run(takenOutRoute.loader, getRequest("/admin/bank/taken-out", admin)));
    expect(empty.rows.some((r: any) => r.key === key)).toBe(false);
    await run(takeOutRoute.action, postRequest(`/admin/bank/${key}/delete`, {}, { cookie: admin }), { key });
    const listed = payload<any>(await run(takenOutRoute.loader, getRequest("/admin/bank/taken-out", admin)));
    expect(listed.rows[0]).toMatchObject({ key, question: "Who wrote The Prelude?", examType: "SET" });
    expect((await bankPage("?q=prelude")).total).toBe(0);

    const res = (await run(takenOutRoute.action, postRequest("/admin/bank/taken-out", { key }, { cookie: admin }))) as Response;
    expect(res.headers.get("Location")).toBe("/admin/bank/taken-out");
    expect(flashOf(res)?.text).toBe("Put back in the bank: it is listed and drawn into generated tests again.");
    expect((await bankPage("?q=prelude")).total).toBe(1);
    expect(payload<any>(await run(takenOutRoute.loader, getRequest("/admin/bank/taken-out", admin))).rows.some((r: any) => r.key === key)).toBe(false);
    expect(
      payload<any>(await run(generateRoute.loader, getRequest("/admin/bank/generate?type=SET", admin))).picks.some((p: any) => p.tag === "Wordsworth put back"),
    ).toBe(true);
    expect(
      db()
        .select()
        .from(activityLog)
        .where(eq(activityLog.action, "bank-put-back"))
        .all()
        .map((a) => a.target),
    ).toContain("Who wrote The Prelude?");
    // pressed twice (a second tab): said, nothing changes
    const again = (await run(takenOutRoute.action, postRequest("/admin/bank/taken-out", { key }, { cookie: admin }))) as Response;
    expect(flashOf(again)).toMatchObject({ type: "error", text: "That question is not taken out of the bank." });
  });

  it("a bank question without a topic takes the one a later test gives it; one it has is kept", async () => {
    createTest({ title: "Untagged first", examType: "SET" }, [q("Who wrote The Pardoner's Tale?"), q("Who wrote The Knight's Tale?", "Chaucer")]);
    createTest({ title: "Tagged later", examType: "SET" }, [q("Who wrote The Pardoner's Tale?", "Chaucer"), q("Who wrote The Knight's Tale?", "Medieval")]);
    const topicOf = (words: string) =>
      db()
        .select()
        .from(bankQuestions)
        .where(eq(bankQuestions.key, keyOf(words)))
        .get()?.topic;
    expect(topicOf("Who wrote The Pardoner's Tale?")).toBe("Chaucer");
    expect(topicOf("Who wrote The Knight's Tale?")).toBe("Chaucer");
  });

  it("“not seen by the batch” means not answered by any member: a question a member only opened is still unseen", async () => {
    createTest({ title: "Unanswered one", examType: "TET" }, [q("Wordsworth 1?", "Wordsworth"), q("Wordsworth 2?", "Wordsworth")]);
    const t = db().select().from(tests).where(eq(tests.title, "Unanswered one")).get()!;
    const member = await createUser({ name: "Opened only", email: "opened@bank.test", password: null, assignedExamTypes: ["TET"] });
    const batchId = newId();
    db().insert(batches).values({ id: batchId, name: "TET opened batch", createdAt: new Date(), updatedAt: new Date() }).run();
    db().insert(batchMembers).values({ batchId, userId: member.id }).run();
    // answered q1; opened q2 without answering
    finished(member.id, t.id, { q1: 0, q2: null });
    for (let i = 0; i < 5; i++) {
      const res = (await run(
        generateRoute.action,
        postRequest(
          "/admin/bank/generate",
          {
            title: `Unseen Wordsworth ${i}`,
            examType: "TET",
            preferUnseenBy: batchId,
            "picks[0].kind": "topic",
            "picks[0].tag": "Wordsworth",
            "picks[0].count": "1",
          },
          { cookie: admin },
        ),
      )) as Response;
      expect(res.status).toBe(302);
      const made = db()
        .select()
        .from(tests)
        .where(eq(tests.title, `Unseen Wordsworth ${i}`))
        .get()!;
      expect(db().select({ t: questions.question }).from(questions).where(eq(questions.testId, made.id)).get()?.t).toBe("Wordsworth 2?");
    }
  });
});
