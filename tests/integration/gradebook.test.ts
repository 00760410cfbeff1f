// The gradebook: students of an exam type × its tests, best or latest marked score per cell (hand-computed),
// missing attempts as null, averages per student and per test, sorting, paging and the CSV.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts } from "~/db/schema.server";
import { newId } from "~/lib/server/ids.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import * as csvRoute from "~/routes/admin+/_insight+/gradebook[.]csv";
import * as gradebookRoute from "~/routes/admin+/_insight+/gradebook";
import { getRequest, OWNER, payload, run, seedBase, signIn, TWO_QUESTIONS } from "../helpers";

let admin: string;
const ids: Record<string, string> = {};
const tests: Record<string, string> = {};

/** A finished attempt `minutesAgo` ago with `right` of 2 (and marks when given). */
function finished(user: string, test: string, minutesAgo: number, right: number, marks: number | null = null, maxMarks: number | null = null) {
  const at = Date.now() - minutesAgo * 60_000;
  const id = newId();
  db()
    .insert(attempts)
    .values({
      id,
      testId: tests[test],
      userId: ids[user],
      testVersion: 1,
      status: "submitted",
      startedAt: new Date(at - 60_000),
      deadlineAt: new Date(at + 3_600_000),
      completedAt: new Date(at),
      score: right,
      totalQuestions: 2,
      marks,
      maxMarks,
      timeSpent: 60,
    })
    .run();
  return id;
}

beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
  for (const name of ["Zara", "Anu", "Bala"])
    ids[name] = (await createUser({ name, email: `${name.toLowerCase()}@grade.test`, password: "grade-pass-1", assignedExamTypes: ["SET"] })).id;
  // another type's student stays out
  ids.Other = (await createUser({ name: "Other", email: "other@grade.test", password: "grade-pass-1", assignedExamTypes: ["TET"] })).id;
  tests.plain = createTest({ title: "Plain SET", examType: "SET", unitNumber: 1 }, TWO_QUESTIONS).id;
  tests.marked = createTest({ title: "Marked SET", examType: "SET", unitNumber: 2, marksPerCorrect: 2, negativeMarks: 0.5 }, TWO_QUESTIONS).id;
  // Anu: plain 1/2 then 2/2 (best 100, latest 100); marked 3.5/4 then 1.5/4 (best 88, latest 38)
  finished("Anu", "plain", 50, 1);
  finished("Anu", "plain", 40, 2);
  ids.anuBestMarked = finished("Anu", "marked", 30, 2, 3.5, 4);
  finished("Anu", "marked", 20, 1, 1.5, 4);
  // Zara: plain 0/2 only (0); no marked attempt
  finished("Zara", "plain", 10, 0);
  // Bala: nothing
});

const gradebook = async (query: string) => payload<any>(await run(gradebookRoute.loader, getRequest(`/admin/gradebook${query}`, admin)));

describe("the gradebook", () => {
  it("gives the best marked score per cell, null where there is no attempt, and the averages", async () => {
    const d = await gradebook("?type=SET");
    expect(d.tests.map((t: any) => t.title)).toEqual(["Plain SET", "Marked SET"]);
    expect(d.rows.map((r: any) => [r.name, r.cells.map((c: any) => c?.percent ?? null), r.average])).toEqual([
      ["Anu", [100, 87.5], 93.8],
      ["Bala", [null, null], null],
      ["Zara", [0, null], 0],
    ]);
    expect(d.rows[0].cells[1].attemptId).toBe(ids.anuBestMarked);
    // marks, rank and percentile among the type's students who took the test: plain Anu 2/2 (1st of 2), Zara 0/2 (2nd)
    expect(d.rows[0].cells.map((c: any) => [c.marks, c.maxMarks, c.rank, c.percentile])).toEqual([
      [2, 2, 1, 100],
      [3.5, 4, 1, 100],
    ]);
    expect(d.rows[2].cells[0]).toMatchObject({ marks: 0, maxMarks: 2, rank: 2, percentile: 0 });
    // each test over the students who took it: plain (100 + 0) / 2, marked 3.5/4 = 87.5 (one decimal, not rounded to 88)
    expect(d.testAverages).toEqual({ [tests.plain]: 50, [tests.marked]: 87.5 });
  });

  it("gives the latest instead when asked, and sorts by average", async () => {
    const d = await gradebook("?type=SET&mode=latest&sort=average");
    // Anu latest: plain 100, marked 1.5/4 = 38 → 69; Zara 0; Bala none (last)
    expect(d.rows.map((r: any) => [r.name, r.cells.map((c: any) => c?.percent ?? null), r.average])).toEqual([
      ["Anu", [100, 37.5], 68.8],
      ["Zara", [0, null], 0],
      ["Bala", [null, null], null],
    ]);
    expect(d.testAverages).toEqual({ [tests.plain]: 50, [tests.marked]: 37.5 });
  });

  it("searches students and writes the CSV of every student", async () => {
    expect((await gradebook("?type=SET&q=zar")).rows.map((r: any) => r.name)).toEqual(["Zara"]);
    const res = (await run(csvRoute.loader, getRequest("/admin/gradebook.csv?type=SET", admin))) as Response;
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines).toEqual([
      "student,sign_in,Plain SET marks,Plain SET %,Plain SET rank,Plain SET percentile,Marked SET marks,Marked SET %,Marked SET rank,Marked SET percentile,average %",
      "Anu,anu@grade.test,2/2,100,1,100,3.5/4,87.5,1,100,93.8",
      "Bala,bala@grade.test,,,,,,,,,",
      "Zara,zara@grade.test,0/2,0,2,0,,,,,0",
    ]);
  });

  it("shows 25 tests at a time; the average counts them all; the CSV has every test", async () => {
    const student = (await createUser({ name: "Wide", email: "wide@grade.test", password: "grade-pass-1", assignedExamTypes: ["PG_TRB"] })).id;
    ids.Wide = student;
    for (let i = 1; i <= 27; i++)
      tests[`w${i}`] = createTest({ title: `Wide ${String(i).padStart(2, "0")}`, examType: "PG_TRB", unitNumber: i }, TWO_QUESTIONS).id;
    finished("Wide", "w1", 5, 2);
    finished("Wide", "w27", 4, 1);
    const first = await gradebook("?type=PG_TRB");
    expect([first.tests.length, first.testsTotal, first.colPages]).toEqual([25, 27, 2]);
    expect(first.rows[0].cells[0].percent).toBe(100);
    // (100 + 50) / 2, although test 27 is on the second page of columns
    expect(first.rows[0].average).toBe(75);
    const second = await gradebook("?type=PG_TRB&cols=2");
    expect(second.tests.map((t: any) => t.title)).toEqual(["Wide 26", "Wide 27"]);
    expect(second.rows[0].cells.map((c: any) => c?.percent ?? null)).toEqual([null, 50]);
    const res = (await run(csvRoute.loader, getRequest("/admin/gradebook.csv?type=PG_TRB", admin))) as Response;
    const [header, row] = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(header.split(",")).toHaveLength(2 + 27 * 4 + 1);
    expect(row.split(",").slice(-5)).toEqual(["1/2", "50", "1", "100", "75"]);
  });

  it("with a batch: only the tests given to it (or to everyone) that are active, ranked among the batch", async () => {
    const { addMembers, createBatch, giveTestToBatch } = await import("~/models/batches.server");
    const { tests: testsTable } = await import("~/db/schema.server");
    const { eq } = await import("drizzle-orm");
    const made = createBatch("SET Sunday");
    if (!made.ok) throw new Error(made.error);
    const other = createBatch("SET Weekday");
    if (!other.ok) throw new Error(other.error);
    addMembers(made.id, [ids.Anu, ids.Zara]);
    tests.ours = createTest({ title: "Ours SET", examType: "SET", unitNumber: 3 }, TWO_QUESTIONS).id;
    tests.theirs = createTest({ title: "Theirs SET", examType: "SET", unitNumber: 4 }, TWO_QUESTIONS).id;
    tests.hidden = createTest({ title: "Hidden SET", examType: "SET", unitNumber: 5 }, TWO_QUESTIONS).id;
    giveTestToBatch(tests.ours, made.id, { opensAt: null, closesAt: null, answerRelease: null });
    giveTestToBatch(tests.theirs, other.id, { opensAt: null, closesAt: null, answerRelease: null });
    db().update(testsTable).set({ isActive: false }).where(eq(testsTable.id, tests.hidden)).run();
    const d = await gradebook(`?type=SET&batch=${made.id}`);
    expect(d.tests.map((t: any) => t.title)).toEqual(["Plain SET", "Marked SET", "Ours SET"]);
    expect(d.rows.map((r: any) => r.name)).toEqual(["Anu", "Zara"]);
  });

  it("gives a paper with sections its marks per section (hand-computed), in the page and the CSV", async () => {
    const { attemptAnswers } = await import("~/db/schema.server");
    ids.Sec = (await createUser({ name: "Sections Student", email: "sec@grade.test", password: "grade-pass-1", assignedExamTypes: ["UG_TRB"] })).id;
    const option = { options: ["Right", "Wrong"], correctAnswer: 0 };
    tests.sections = createTest({ title: "Two papers", examType: "UG_TRB", marksPerCorrect: 2, negativeMarks: 0.5 }, [
      { question: "P1 one?", ...option, section: "Paper 1" },
      { question: "P1 two?", ...option, section: "Paper 1" },
      { question: "P2 one?", ...option, section: "Paper 2", marks: 3 },
      { question: "P2 two?", ...option, section: "Paper 2" },
    ]).id;
    // Paper 1: right (+2) and wrong (−0.5) = 1.5 of 4; Paper 2: right (+3) and left = 3 of 5; in all 4.5 of 9
    const attemptId = finished("Sec", "sections", 5, 2, 4.5, 9);
    for (const [questionId, chosenIndex] of [
      ["q1", 0],
      ["q2", 1],
      ["q3", 0],
      ["q4", null],
    ] as const)
      db().insert(attemptAnswers).values({ attemptId, questionId, chosenIndex, updatedAt: new Date() }).run();
    const d = await gradebook("?type=UG_TRB");
    expect(d.rows[0].cells[0]).toMatchObject({
      marks: 4.5,
      maxMarks: 9,
      sections: [
        { name: "Paper 1", marks: 1.5, maxMarks: 4 },
        { name: "Paper 2", marks: 3, maxMarks: 5 },
      ],
    });
    const csv = await ((await run(csvRoute.loader, getRequest("/admin/gradebook.csv?type=UG_TRB", admin))) as Response).text();
    const [header, row] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(header).toContain("Two papers: Paper 1 marks,Two papers: Paper 2 marks");
    expect(row).toContain("4.5/9,50,1,100,1.5/4,3/5");
  });
});
