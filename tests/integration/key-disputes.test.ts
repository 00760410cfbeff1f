// Key disputes, each kind regraded with marks and ranks worked out by hand: a test marked +2 / −0.5 with two
// questions; A answers both right (4), B gets question 1 wrong with option B (1.5), C gets it wrong with B and leaves
// question 2 (−0.5). The dispute is on question 1 (key A).
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { applyDispute, disputePlan } from "~/models/disputes.server";
import { createTest } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as disputesRoute from "~/routes/admin+/_tests+/tests_.$testId.disputes";
import { attemptsAt, examApi, flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, TWO_QUESTIONS } from "../helpers";

let testId = "";
let admin = "";
const students: Record<string, { cookie: string; attemptId: string }> = {};

beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
  testId = createTest({ title: "Disputed Mock", examType: "NET", marksPerCorrect: 2, negativeMarks: 0.5 }, TWO_QUESTIONS).id;
  for (const [name, choices] of [
    ["A", [0, 1]],
    ["B", [1, 1]],
    ["C", [1, null]],
  ] as const) {
    const s = await makeStudent({ name: `Student ${name}`, examTypes: ["NET"] });
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId });
    const attemptId = attemptsAt(testId, s.user.id)[0].id;
    for (let i = 0; i < choices.length; i++)
      if (choices[i] !== null)
        await examApi(`/api/attempts/${attemptId}/answers`, s.cookie, { questionId: `q${i + 1}`, chosen: String(choices[i]), at: String(Date.now()) });
    await examApi(`/api/attempts/${attemptId}/finish`, s.cookie);
    students[name] = { cookie: s.cookie, attemptId };
  }
});

const marksOf = () =>
  Object.fromEntries(
    Object.entries(students).map(([name, s]) => {
      const r = rawDb().prepare("SELECT marks, max_marks AS max, score FROM attempts WHERE id = ?").get(s.attemptId) as {
        marks: number;
        max: number;
        score: number;
      };
      return [name, [r.marks, r.max]];
    }),
  );
const decide = (kind: string, accepted: number[] = []) => ({ questionId: "q1", kind: kind as "accept", accepted, reason: "Objection upheld" });
const ranks = (plan: ReturnType<typeof disputePlan>) =>
  Object.fromEntries((plan?.rows ?? []).map((r) => [r.name.replace("Student ", ""), [r.oldRank, r.newRank]]));

describe("key disputes", () => {
  it("before any dispute: 4, 1.5 and −0.5 of 4", () => {
    expect(marksOf()).toEqual({ A: [4, 4], B: [1.5, 4], C: [-0.5, 4] });
  });

  it("accepting option B too: B 4, C 2; the dry run shows the ranks before and after, and writes nothing", () => {
    const plan = disputePlan(testId, decide("accept", [1]));
    expect(plan?.changed).toBe(2);
    expect(ranks(plan)).toEqual({ A: [1, 1], B: [2, 1], C: [3, 3] });
    expect(marksOf()).toEqual({ A: [4, 4], B: [1.5, 4], C: [-0.5, 4] });
    applyDispute(testId, decide("accept", [1]), "Owner");
    expect(marksOf()).toEqual({ A: [4, 4], B: [4, 4], C: [2, 4] });
  });

  it("the results say what was decided, and the review shows B as right", async () => {
    const page = payload<{ decisions: string[]; review: Array<{ outcome: string }> }>(
      await run(resultsRoute.loader, getRequest(`/test/${testId}/results?attempt=${students.B.attemptId}`, students.B.cookie), { testId }),
    );
    expect(page.decisions).toEqual(["Question 1: A and B accepted"]);
    expect(page.review.map((r) => r.outcome)).toEqual(["correct", "correct"]);
  });

  it("everyone gets the marks: A 4, B 4, C 2 (question 2 left blank)", () => {
    applyDispute(testId, decide("stands"), "Owner");
    expect(marksOf()).toEqual({ A: [4, 4], B: [1.5, 4], C: [-0.5, 4] });
    applyDispute(testId, decide("bonus"), "Owner");
    expect(marksOf()).toEqual({ A: [4, 4], B: [4, 4], C: [2, 4] });
  });

  it("dropping it: the total shrinks to 2; A 2, B 2, C 0", () => {
    applyDispute(testId, decide("stands"), "Owner");
    const plan = disputePlan(testId, decide("drop"));
    expect(ranks(plan)).toEqual({ A: [1, 1], B: [2, 1], C: [3, 3] });
    applyDispute(testId, decide("drop"), "Owner");
    expect(marksOf()).toEqual({ A: [2, 2], B: [2, 2], C: [0, 2] });
  });

  it("the admin's page: a dry run, then Apply; a decision without a reason is refused", async () => {
    applyDispute(testId, decide("stands"), "Owner");
    const noReason = await run(
      disputesRoute.action,
      postRequest(`/admin/tests/${testId}/disputes`, { questionId: "q1", kind: "bonus", reason: "" }, { cookie: admin }),
      {
        testId,
      },
    );
    expect(payload<{ error: string }>(noReason).error).toMatch(/^Say why/);
    const dry = payload<{ plan: { changed: number } }>(
      await run(
        disputesRoute.action,
        postRequest(`/admin/tests/${testId}/disputes`, { intent: "preview", questionId: "q1", kind: "bonus", reason: "Ambiguous" }, { cookie: admin }),
        {
          testId,
        },
      ),
    );
    expect(dry.plan.changed).toBe(2);
    const applied = await run(
      disputesRoute.action,
      postRequest(`/admin/tests/${testId}/disputes`, { intent: "apply", questionId: "q1", kind: "bonus", reason: "Ambiguous" }, { cookie: admin }),
      { testId },
    );
    expect(flashOf(applied as Response)?.text).toBe("Decided. 3 attempts marked again, 2 scores changed.");
    expect(marksOf()).toEqual({ A: [4, 4], B: [4, 4], C: [2, 4] });
  });
});

describe("a decided dispute reaches the student's other pages", () => {
  it("My mistakes no longer lists a question whose chosen option was accepted", async () => {
    const { candidateQuestions } = await import("~/models/mistakes.server");
    const b = rawDb().prepare("SELECT user_id AS u FROM attempts WHERE id = ?").get(students.B.attemptId) as { u: string };
    applyDispute(testId, decide("stands"), "Owner");
    const before = candidateQuestions(b.u, "mistakes")
      .filter((q) => q.testId === testId)
      .map((q) => q.questionId);
    expect(before).toContain("q1");
    applyDispute(testId, decide("accept", [1]), "Owner");
    const after = candidateQuestions(b.u, "mistakes")
      .filter((q) => q.testId === testId)
      .map((q) => q.questionId);
    expect(after).not.toContain("q1");
    // C left question 2 unanswered: still a mistake
    const c = rawDb().prepare("SELECT user_id AS u FROM attempts WHERE id = ?").get(students.C.attemptId) as { u: string };
    expect(
      candidateQuestions(c.u, "mistakes")
        .filter((q) => q.testId === testId)
        .map((q) => q.questionId),
    ).toEqual(["q2"]);
  });
});
