import { parse } from "csv-parse/sync";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { createTest } from "~/models/test.server";
import * as exportRoute from "~/routes/admin+/_backup+/backup_.export";
import * as marksCsvRoute from "~/routes/admin+/_insight+/tests_.$testId.marks[.]csv";
import * as marksRoute from "~/routes/admin+/_insight+/tests_.$testId.marks";
import * as examRoute from "~/routes/_exam+/test.$testId";
import { getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn } from "../helpers";

let admin: string;
let testId: string;
const HOSTILE = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
  testId = createTest({ title: "Register Test", examType: "NET" }, [
    { question: "Q1", options: ["a", "b"], correctAnswer: 0 },
    { question: "Q2", options: ["a", "b"], correctAnswer: 1 },
  ]).id;
  // Meena twice (1/2 then 2/2), a student whose name is a spreadsheet formula once (0/2)
  const meena = await makeStudent({ name: "Meena", examTypes: ["NET"] });
  const hostile = await makeStudent({ name: HOSTILE, examTypes: ["NET"] });
  const take = async (cookie: string, choices: number[]) => {
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId });
    for (const [i, c] of choices.entries())
      await run(
        examRoute.action,
        postRequest(`/test/${testId}`, { intent: "save", questionId: `q${i + 1}`, chosen: String(c), q: String(i + 1), nav: "next" }, { cookie }),
        {
          testId,
        },
      );
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie }), { testId });
  };
  await take(meena.cookie, [0, 0]);
  await take(meena.cookie, [0, 1]);
  await take(hostile.cookie, [1, 0]);
});

const rowsOf = (text: string) => parse(text.replace(/^\uFEFF/, ""), { columns: true }) as Array<Record<string, string>>;

describe("the marks register", () => {
  it("lists every finished attempt with attempt number, score and percent", async () => {
    const page = payload<any>(await run(marksRoute.loader, getRequest(`/admin/tests/${testId}/marks`, admin), { testId }));
    expect(page.rows.map((r: any) => [r.name, r.attemptNumber, r.score, r.percent])).toEqual([
      [HOSTILE, 1, 0, 0],
      ["Meena", 1, 1, 50],
      ["Meena", 2, 2, 100],
    ]);
  });

  it("downloads as CSV with the academy's times and formula cells neutralised", async () => {
    const res = (await run(marksCsvRoute.loader, getRequest(`/admin/tests/${testId}/marks.csv`, admin), { testId })) as Response;
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="marks-Register_Test.csv"');
    const rows = rowsOf(await res.text());
    expect(rows.map((r) => [r.student, r.attempt, r.score, r.percent])).toEqual([
      [`'${HOSTILE}`, "1", "0", "0"],
      ["Meena", "1", "1", "50"],
      ["Meena", "2", "2", "100"],
    ]);
    expect(rows[0].finished).toMatch(/IST|\d{4}/);
  });
});

describe("the rank list", () => {
  it("ranks each student by their best attempt, best first, with percentile, on the page and as CSV", async () => {
    const page = payload<any>(await run(marksRoute.loader, getRequest(`/admin/tests/${testId}/marks?view=rank`, admin), { testId }));
    expect(page.view).toBe("rank");
    // Meena's best is her second attempt (2/2); the other student's only one is 0/2
    expect(page.rows.map((r: any) => [r.rank, r.percentile, r.name, r.attemptNumber, r.percent])).toEqual([
      [1, 100, "Meena", 2, 100],
      [2, 0, HOSTILE, 1, 0],
    ]);
    const res = (await run(marksCsvRoute.loader, getRequest(`/admin/tests/${testId}/marks.csv?view=rank`, admin), { testId })) as Response;
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="ranks-Register_Test.csv"');
    expect(rowsOf(await res.text()).map((r) => [r.rank, r.percentile, r.student, r.attempt])).toEqual([
      ["1", "100", "Meena", "2"],
      ["2", "0", `'${HOSTILE}`, "1"],
    ]);
  });
});

describe("Backup & Import CSV", () => {
  const exportForm = (fields: Record<string, string>) => run(exportRoute.action, postRequest("/admin/backup/export", fields, { cookie: admin }));

  it("the attempts CSV names the student and the test, with percentages", async () => {
    const res = (await exportForm({ format: "csv", collection: "attempts" })) as Response;
    const rows = rowsOf(await res.text()).filter((r) => r.test === "Register Test");
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.student, r.percent]).sort()).toEqual([
      [`'${HOSTILE}`, "0"],
      ["Meena", "100"],
      ["Meena", "50"],
    ]);
    expect(Object.keys(rows[0])).toEqual([
      "attempt_id",
      "student",
      "email",
      "test",
      "test_version",
      "status",
      "score",
      "total_questions",
      "marks",
      "max_marks",
      "percent",
      "minutes_spent",
      "started",
      "finished",
    ]);
  });

  it("All collections downloads one zip with a CSV per collection, formula cells neutralised", async () => {
    const res = (await exportForm({ format: "csv", collection: "all" })) as Response;
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(files).map((n) => n.replace(/-\d{4}-\d{2}-\d{2}\.csv$/, ""));
    expect(names.sort()).toEqual(["announcements", "attempts", "books", "customExamTypes", "materials", "tests", "users"].map((c) => `academy-${c}`).sort());
    const users = strFromU8(files[Object.keys(files).find((n) => n.includes("users"))!]);
    expect(users).toContain(`'${HOSTILE.replace(/"/g, '""')}`);
    expect(users).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });
});
