// Exam patterns: a test marked +2 per right answer (one question worth 4) and −0.5 per wrong one. Every figure
// below is computed by hand from the answers; a test without a pattern keeps the count of right answers.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts, tests } from "~/db/schema.server";
import { parseQuestionsCsv, questionsToCsv } from "~/lib/server/csv-questions.server";
import { overview, testItemAnalysis, userAnalysisDetail } from "~/models/analytics.server";
import { loadProgress } from "~/models/progress.server";
import { marksRegister, marksRegisterCsv } from "~/models/reports.server";
import { createTest, questionsOf } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as editor from "~/routes/admin+/_tests+/csv_.$testId.edit";
import * as editRoute from "~/routes/admin+/_tests+/tests.$testId.edit";
import * as regradeRoute from "~/routes/admin+/_tests+/tests_.$testId.regrade";
import { getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

const options = (n: number) => ["a", "b", "c", "d"].map((l) => `q${n} ${l}`);
/** five questions, the right answer always the first option; q1 is worth 4 marks, the others the test's 2 */
const FIVE = [1, 2, 3, 4, 5].map((n) => ({ question: `Question ${n}?`, options: options(n), correctAnswer: 0, explanation: null, marks: n === 1 ? 4 : null }));

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

/** A student takes the test choosing `choices[i]` (null: left unanswered) for question i+1, without JavaScript, and finishes. */
async function takeTest(testId: string, choices: Array<number | null>) {
  const s = await makeStudent({ examTypes: ["NET"] });
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId });
  for (const [i, c] of choices.entries()) {
    if (c === null) continue;
    await run(
      examRoute.action,
      postRequest(`/test/${testId}`, { intent: "save", questionId: `q${i + 1}`, chosen: String(c), q: String(i + 1), nav: "next" }, { cookie: s.cookie }),
      { testId },
    );
  }
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie: s.cookie }), { testId });
  return s;
}

const stored = (userId: string, testId: string) =>
  db()
    .select()
    .from(attempts)
    .where(eq(attempts.userId, userId))
    .all()
    .find((a) => a.testId === testId)!;
const results = async (cookie: string, testId: string) =>
  payload<any>(await run(resultsRoute.loader, getRequest(`/test/${testId}/results`, cookie), { testId }));

describe("a test marked +2 / −0.5 with a question worth 4", () => {
  let testId: string;
  let asha: Awaited<ReturnType<typeof takeTest>>;
  let bala: Awaited<ReturnType<typeof takeTest>>;
  let chitra: Awaited<ReturnType<typeof takeTest>>;

  beforeAll(async () => {
    testId = createTest({ title: "Pattern Mock", examType: "NET", marksPerCorrect: 2, negativeMarks: 0.5 }, FIVE).id;
    // Asha: q1 and q2 right, q3 and q4 wrong, q5 left: 4 + 2 − 2 × 0.5 = 5 of 12
    asha = await takeTest(testId, [0, 0, 1, 1, null]);
    // Bala: q2 and q3 right, the other three wrong: 2 + 2 − 3 × 0.5 = 2.5 of 12 (the same 2 right answers as Asha)
    bala = await takeTest(testId, [1, 0, 0, 1, 1]);
    // Chitra: all five wrong: −5 × 0.5 = −2.5
    chitra = await takeTest(testId, [1, 1, 2, 1, 1]);
  });

  it("stores the marks beside the count of right answers", () => {
    expect(stored(asha.user.id, testId)).toMatchObject({ score: 2, totalQuestions: 5, marks: 5, maxMarks: 12 });
    expect(stored(bala.user.id, testId)).toMatchObject({ score: 2, totalQuestions: 5, marks: 2.5, maxMarks: 12 });
    expect(stored(chitra.user.id, testId)).toMatchObject({ score: 0, totalQuestions: 5, marks: -2.5, maxMarks: 12 });
  });

  it("the results page shows the marks, their percent, the breakdown and the rank by marks", async () => {
    const a = await results(asha.cookie, testId);
    expect(a.attempt).toMatchObject({ score: 2, total: 5, marks: 5, maxMarks: 12, percent: 42 });
    expect(a.breakdown).toMatchObject({ correct: 2, incorrect: 2, unanswered: 1 });
    expect(a.breakdown.marking).toEqual({ gained: 6, lost: 1, negativeMarks: 0.5, sum: "6 for 2 right − 2 × 0.5 = 5" });
    // by right answers Asha and Bala tie; by marks Asha is first
    expect(a.rank).toMatchObject({ rank: 1, of: 3 });
    const b = await results(bala.cookie, testId);
    expect(b.attempt).toMatchObject({ marks: 2.5, percent: 21 });
    expect(b.rank).toMatchObject({ rank: 2, of: 3 });
    const c = await results(chitra.cookie, testId);
    expect(c.attempt).toMatchObject({ marks: -2.5, percent: -21 });
    expect(c.rank).toMatchObject({ rank: 3, of: 3 });
  });

  it("the start card says how the test is marked", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const page = payload<any>(await run(examRoute.loader, getRequest(`/test/${testId}`, s.cookie), { testId }));
    expect(page.markingNote).toBe("+2 to +4 for a right answer (each question's own), −0.5 for a wrong one, 0 for a question left unanswered");
  });

  it("the marks register, its CSV, item analysis, a student's analysis, the overview and progress use the marks", () => {
    const register = marksRegister(testId)!;
    const byEmail = Object.fromEntries(register.rows.map((r) => [r.email, r]));
    expect(byEmail[asha.email]).toMatchObject({ score: 2, total: 5, marks: 5, maxMarks: 12, percent: 42 });
    expect(byEmail[chitra.email]).toMatchObject({ marks: -2.5, percent: -21 });
    const csv = marksRegisterCsv(register, "Asia/Kolkata");
    expect(csv.split("\n")[0]).toContain("score,total_questions,marks,max_marks,percent");
    expect(csv).toContain(`${asha.email},1,2,5,5,12,42,`);

    // item analysis orders attempts by marks: q1's top third (Asha, 5) got it right, its bottom third (Chitra) did not
    const items = testItemAnalysis(testId)!.versions[0];
    expect(items.attempts).toBe(3);
    expect(items.items[0]).toMatchObject({ facility: 1 / 3, discrimination: 1 });

    expect(userAnalysisDetail(asha.user.id)!.history[0]).toMatchObject({ score: 5, total: 12, percent: 42 });
    expect(userAnalysisDetail(chitra.user.id)!.totals).toMatchObject({ average: -21, best: -21 });

    // the overview's top users: by all marks over all they could have scored
    const top = overview(Date.now() + 1).top.filter((u) => [asha.user.id, bala.user.id].includes(u.userId));
    expect(top.map((u) => [u.userId, u.percent])).toEqual([
      [asha.user.id, 42],
      [bala.user.id, 21],
    ]);

    // progress: the trend in marks; accuracy stays right answers over questions
    const progress = loadProgress(asha.user.id);
    expect(progress.trend.at(-1)).toMatchObject({ score: 5, total: 12, percent: 42 });
    expect(progress.tests[0]).toMatchObject({ best: 42, latest: 42 });
    expect(progress.byCategory[0]).toMatchObject({ correct: 2, questions: 5, accuracy: 40 });
  });

  it("a regrade re-marks by the pattern (hand-computed), and a changed pattern re-marks every attempt", async () => {
    const fresh = db().select().from(tests).where(eq(tests.id, testId)).get()!;
    // the admin fixes q3's key to its second option, keeping the pattern and q1's 4 marks
    const fields: Record<string, string> = {
      title: fresh.title,
      description: "",
      examType: "NET",
      duration: "60",
      isActive: "on",
      updatedAt: String(+fresh.updatedAt),
      marksPerCorrect: "2",
      negativeMarks: "0.5",
    };
    questionsOf(testId, 1).forEach((q, i) => {
      fields[`q.${i}.question`] = q.question;
      q.options.forEach((o, j) => {
        fields[`q.${i}.option.${j}`] = o;
      });
      fields[`q.${i}.correct`] = String(i === 2 ? 1 : q.correctAnswer);
      fields[`q.${i}.explanation`] = "";
      fields[`q.${i}.marks`] = q.marks === null ? "" : String(q.marks);
    });
    const saved = (await run(editor.action, postRequest(`/admin/csv/${testId}/edit`, fields, { cookie: admin }), { testId })) as Response;
    expect(saved.headers.get("Location")).toBe(`/admin/tests/${testId}/regrade`);
    expect(questionsOf(testId, 2)[0].marks).toBe(4);

    const plan = payload<any>(await run(regradeRoute.loader, getRequest(`/admin/tests/${testId}/regrade`, admin), { testId }));
    const byEmail = Object.fromEntries(plan.plans[0].attempts.map((a: any) => [a.email, a]));
    // Asha's q3 (b) is now right: 4 + 2 + 2 − 1 × 0.5 = 7.5; Bala's q3 (a) now wrong: 2 − 4 × 0.5 = 0; Chitra's q3 (c) still wrong
    expect(byEmail[asha.email]).toMatchObject({ oldMarks: 5, newMarks: 7.5, newScore: 3 });
    expect(byEmail[bala.email]).toMatchObject({ oldMarks: 2.5, newMarks: 0, newScore: 1 });
    expect(byEmail[chitra.email]).toMatchObject({ oldMarks: -2.5, newMarks: -2.5 });
    expect(plan.changedScores).toBe(2);
    await run(regradeRoute.action, postRequest(`/admin/tests/${testId}/regrade`, { reason: "Q3 key fixed" }, { cookie: admin }), { testId });
    expect(stored(asha.user.id, testId)).toMatchObject({ score: 3, marks: 7.5, maxMarks: 12 });
    expect(stored(bala.user.id, testId)).toMatchObject({ score: 1, marks: 0 });
    const afterRegrade = await results(asha.cookie, testId);
    expect(afterRegrade.attempt).toMatchObject({ marks: 7.5, percent: 63 });
    expect(afterRegrade.breakdown.marking.sum).toBe("8 for 3 right − 1 × 0.5 = 7.5");

    // Edit Test: −1/3 per wrong answer instead of −0.5: every finished attempt is re-marked at once
    const t = db().select().from(tests).where(eq(tests.id, testId)).get()!;
    const edit = await run(
      editRoute.action,
      postRequest(
        `/admin/tests/${testId}/edit`,
        { title: t.title, description: "", examType: "NET", duration: "60", isActive: "on", marksPerCorrect: "2", negativeMarks: "1/3" },
        { cookie: admin },
      ),
      { testId },
    );
    expect(statusOf(edit)).toBe(302);
    expect(db().select().from(tests).where(eq(tests.id, testId)).get()).toMatchObject({ marksPerCorrect: 2, negativeMarks: 1 / 3 });
    // Asha 8 − 1/3 = 7.6667; Bala 2 − 4/3 = 0.6667; Chitra −5/3 = −1.6667
    expect(stored(asha.user.id, testId).marks).toBe(7.6667);
    expect(stored(bala.user.id, testId).marks).toBe(0.6667);
    expect(stored(chitra.user.id, testId).marks).toBe(-1.6667);
    expect((await results(bala.cookie, testId)).breakdown.marking.sum).toBe("2 for 1 right − 4 × 0.33 = 0.67");
  });

  it("Edit Test refuses a marks figure that is not a number, with the field's message", async () => {
    const t = db().select().from(tests).where(eq(tests.id, testId)).get()!;
    const refused = await run(
      editRoute.action,
      postRequest(
        `/admin/tests/${testId}/edit`,
        { title: t.title, description: "", examType: "NET", duration: "60", marksPerCorrect: "0", negativeMarks: "-1" },
        { cookie: admin },
      ),
      { testId },
    );
    expect(statusOf(refused)).toBe(400);
    const errors = payload<any>(refused).result.error;
    expect(errors.marksPerCorrect).toEqual(["Marks per right answer must be a number above 0 and at most 100, such as 1, 2 or 0.5"]);
    expect(errors.negativeMarks).toEqual(["Negative marks must be 0 or a number up to 100, such as 0.25 or 1/3"]);
    expect(db().select().from(tests).where(eq(tests.id, testId)).get()?.negativeMarks).toBe(1 / 3);
  });
});

describe("a score below zero", () => {
  it("is kept negative everywhere (results, progress trend, dashboard), and no wrong answer takes no marks off", async () => {
    const t = createTest(
      { title: "Harsh marking", examType: "NET", marksPerCorrect: 1, negativeMarks: 1 },
      FIVE.map((q) => ({ ...q, marks: null })),
    );
    // two wrong, three left: −2 of 5 marks
    const s = await takeTest(t.id, [1, 1, null, null, null]);
    const page = await results(s.cookie, t.id);
    expect(page.attempt).toMatchObject({ marks: -2, maxMarks: 5, percent: -40 });
    const trend = loadProgress(s.user.id).trend;
    expect(trend.map((p) => p.percent)).toEqual([-40]);
    // one right, none wrong: nothing taken off (shown as "0", not a red "−0")
    const careful = await takeTest(t.id, [0, null, null, null, null]);
    expect((await results(careful.cookie, t.id)).breakdown.marking).toMatchObject({ lost: 0 });
  });
});

describe("a test without a pattern", () => {
  it("stores no marks and scores the count of right answers, as before patterns", async () => {
    const testId = createTest(
      { title: "Plain Mock", examType: "NET" },
      FIVE.map(({ marks: _m, ...q }) => q),
    ).id;
    const s = await takeTest(testId, [0, 0, 1, 1, null]);
    expect(stored(s.user.id, testId)).toMatchObject({ score: 2, totalQuestions: 5, marks: null, maxMarks: null });
    const r = await results(s.cookie, testId);
    expect(r.attempt).toMatchObject({ score: 2, total: 5, marks: null, maxMarks: null, percent: 40 });
    expect(r.breakdown.marking).toBeNull();
    expect(marksRegister(testId)!.rows[0]).toMatchObject({ score: 2, total: 5, marks: null, percent: 40 });
    const page = payload<any>(await run(examRoute.loader, getRequest(`/test/${testId}`, s.cookie), { testId }));
    expect(page.markingNote).toBeNull();
  });
});

describe("the CSV's marks column", () => {
  it("gives questions their own marks, skips a row whose marks are not a number, and survives export → import", () => {
    const csv = [
      "question,option_a,option_b,option_c,option_d,correct_answer,marks,explanation",
      "Who wrote Paradise Lost?,Milton,Dryden,Pope,Gray,1,4,Book I opens in Hell.",
      "Who wrote The Prelude?,Wordsworth,Keats,Shelley,Byron,1,,",
      "Who wrote Kubla Khan?,Coleridge,Keats,Shelley,Byron,1,two,",
      "Who wrote Lycidas?,Milton,Donne,Herbert,Gray,1,1/2,An elegy.",
    ].join("\n");
    const parsed = parseQuestionsCsv(csv);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.questions.map((q) => [q.question, q.marks ?? null, q.explanation])).toEqual([
      ["Who wrote Paradise Lost?", 4, "Book I opens in Hell."],
      ["Who wrote The Prelude?", null, null],
      ["Who wrote Lycidas?", 0.5, "An elegy."],
    ]);
    expect(parsed.report.skipped).toEqual([{ line: 4, reason: "the marks “two” are not a number above 0 (such as 2 or 0.5)" }]);
    const again = parseQuestionsCsv(questionsToCsv(parsed.questions));
    if (!again.ok) throw new Error(again.error);
    expect(again.questions).toEqual(parsed.questions);
    // a file without the column exports without it
    expect(questionsToCsv([{ question: "Q?", options: ["a", "b"], correctAnswer: 0, explanation: null }]).split("\n")[0]).toBe(
      "question,option_a,option_b,option_c,option_d,correct_answer,explanation",
    );
  });
});
