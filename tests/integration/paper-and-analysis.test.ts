// Reports an academy sends out: the printed paper with its section headings and marking line, the item analysis as
// CSV, and "regraded" only on attempts whose score a regrade changed.
import { beforeAll, describe, expect, it } from "vitest";
import { createTest } from "~/models/test.server";
import * as analysisCsv from "~/routes/admin+/_insight+/tests_.$testId.analysis[.]csv";
import * as printRoute from "~/routes/admin+/_tests+/tests_.$testId.print";
import { attemptsAt, examApi, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn } from "../helpers";
import * as examRoute from "~/routes/_exam+/test.$testId";

let admin = "";
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const QUESTIONS = [
  { question: "Q1", options: ["a", "b"], correctAnswer: 0, section: "Poetry" },
  { question: "Q2", options: ["a", "b", "c"], correctAnswer: 2, section: "Poetry" },
  { question: "Q3", options: ["a", "b"], correctAnswer: 1, section: "Drama" },
];

describe("the printed paper and the item analysis", () => {
  it("the paper has its section headings and the marking line", async () => {
    const t = createTest({ title: "Printed Mock", examType: "NET", marksPerCorrect: 2, negativeMarks: 0.5 }, QUESTIONS);
    const paper = payload<{ marking: string | null; questions: Array<{ section: string | null }> }>(
      await run(printRoute.loader, getRequest(`/admin/tests/${t.id}/print`, admin), { testId: t.id }),
    );
    expect(paper.marking).toBe("+2 for a right answer, −0.5 for a wrong one, 0 for a question left unanswered");
    expect(paper.questions.map((q) => q.section)).toEqual(["Poetry", "Poetry", "Drama"]);
    const plain = createTest({ title: "Plain Mock", examType: "NET" }, QUESTIONS);
    expect(
      payload<{ marking: string | null }>(await run(printRoute.loader, getRequest(`/admin/tests/${plain.id}/print`, admin), { testId: plain.id })).marking,
    ).toBeNull();
  });

  it("the item analysis downloads as CSV, a row per question with its key and what was chosen", async () => {
    const t = createTest({ title: "Analysed Mock", examType: "NET" }, QUESTIONS);
    for (const choices of [
      [0, 2, 1],
      [1, 2, null],
    ]) {
      const s = await makeStudent({ examTypes: ["NET"] });
      await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
      const attemptId = attemptsAt(t.id, s.user.id)[0].id;
      for (let i = 0; i < choices.length; i++)
        if (choices[i] !== null)
          await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: `q${i + 1}`, chosen: String(choices[i]), at: String(Date.now()) });
      await examApi(`/api/attempts/${attemptId}/finish`, s.cookie);
    }
    const res = (await run(analysisCsv.loader, getRequest(`/admin/tests/${t.id}/analysis.csv`, admin), { testId: t.id })) as Response;
    expect(res.headers.get("Content-Disposition")).toContain("item-analysis-Analysed_Mock.csv");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("version,question_number,question,key,facility,discrimination,attempts,chose_A,chose_B,chose_C,blank,not_counted");
    expect(lines.slice(1)).toEqual(["1,1,Q1,A,0.5,,2,1,1,,0,", "1,2,Q2,C,1,,2,0,0,2,0,", "1,3,Q3,B,0.5,,2,0,1,,1,"]);
  });
});
