// Report a question: a student who finished a test reports a question (one report per question); the admin's
// queue counts the reports per question; answering them tells each student on their dashboard, once.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { reportHref } from "~/lib/rules/question-report";
import { ALREADY_REPORTED } from "~/models/question-reports.server";
import { createTest } from "~/models/test.server";
import * as queue from "~/routes/admin+/_tests+/question-reports";
import * as dashboard from "~/routes/_student+/dashboard";
import * as report from "~/routes/_account+/report";
import { attemptsAt, examApi, flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

let testId = "";
let admin = "";
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Milton mock", examType: "NET" }, TWO_QUESTIONS).id;
  admin = await signIn(OWNER.email, OWNER.password);
});

async function finishedStudent() {
  const s = await makeStudent({ examTypes: ["NET"] });
  expect((await examApi(`/api/tests/${testId}/start`, s.cookie)).status).toBe(200);
  const attemptId = attemptsAt(testId, s.user.id)[0].id;
  expect((await examApi(`/api/attempts/${attemptId}/finish`, s.cookie)).status).toBe(200);
  return s;
}

const firstQuestionId = () => (rawDb().prepare("SELECT id FROM questions WHERE test_id = ? ORDER BY position LIMIT 1").get(testId) as { id: string }).id;
const hrefOf = (questionId: string) => reportHref({ testId, version: 1, questionId }, `/test/${testId}/results`);
type Queue = { rows: Array<{ questionId: string; reports: number; wrongKey: number; mistake: number; notes: string[] }>; openCount: number };

describe("report a question", () => {
  it("reaches the admin's queue, counted per question; the answer reaches each student who reported, on their dashboard", async () => {
    const q = firstQuestionId();
    const a = await finishedStudent();
    const b = await finishedStudent();
    const page = payload<{ question: string; n: number; mine: unknown }>(await run(report.loader, getRequest(hrefOf(q), a.cookie)));
    expect(page).toMatchObject({ question: "Who wrote Paradise Lost?", n: 1, mine: null });

    const sent = await run(report.action, postRequest(hrefOf(q), { kind: "wrong-key", note: "Option B is right: see the preface." }, { cookie: a.cookie }));
    expect(sent instanceof Response && sent.headers.get("Location")).toBe(`/test/${testId}/results#star-${q}-v1-${testId.replace(/[^A-Za-z0-9_-]/g, "_")}`);
    expect(flashOf(sent as Response)?.text).toMatch(/^Thank you/);
    await run(report.action, postRequest(hrefOf(q), { kind: "mistake" }, { cookie: b.cookie }));

    // one report per student per question
    const again = await run(report.action, postRequest(hrefOf(q), { kind: "other", note: "again" }, { cookie: a.cookie }));
    expect(statusOf(again)).toBe(409);
    expect(payload<{ result: { error: Record<string, string[]> } }>(again).result.error[""]).toEqual([ALREADY_REPORTED]);

    const open = payload<Queue>(await run(queue.loader, getRequest("/admin/question-reports", admin)));
    expect(open.rows).toHaveLength(1);
    expect(open.rows[0]).toMatchObject({ questionId: q, reports: 2, wrongKey: 1, mistake: 1, notes: ["Option B is right: see the preface."] });

    const empty = await run(queue.action, postRequest("/admin/question-reports", { testId, questionId: q, resolution: " " }, { cookie: admin }));
    expect(statusOf(empty)).toBe(400);
    const answered = await run(
      queue.action,
      postRequest("/admin/question-reports", { testId, questionId: q, resolution: "Key corrected to B; regraded." }, { cookie: admin }),
    );
    expect(flashOf(answered as Response)?.text).toBe("Answered. The 2 students who reported it read your answer on their dashboard.");
    expect(payload<Queue>(await run(queue.loader, getRequest("/admin/question-reports", admin))).openCount).toBe(0);

    for (const s of [a, b]) {
      const board = payload<{ reportAnswers: Array<{ id: string; resolution: string; title: string; n: number }> }>(
        await run(dashboard.loader, getRequest("/dashboard", s.cookie)),
      );
      expect(board.reportAnswers).toEqual([expect.objectContaining({ resolution: "Key corrected to B; regraded.", title: "Milton mock", n: 1 })]);
    }
    // closed by the student: gone from their dashboard, not from the other's
    const [answer] = payload<{ reportAnswers: Array<{ id: string }> }>(await run(dashboard.loader, getRequest("/dashboard", a.cookie))).reportAnswers;
    await run(dashboard.action, postRequest("/dashboard", { closeReport: answer.id }, { cookie: a.cookie }));
    expect(payload<{ reportAnswers: unknown[] }>(await run(dashboard.loader, getRequest("/dashboard", a.cookie))).reportAnswers).toEqual([]);
    expect(payload<{ reportAnswers: unknown[] }>(await run(dashboard.loader, getRequest("/dashboard", b.cookie))).reportAnswers).toHaveLength(1);
  });

  it("needs a kind, and a note for 'something else'", async () => {
    const s = await finishedStudent();
    const q = firstQuestionId();
    const none = await run(report.action, postRequest(hrefOf(q), {}, { cookie: s.cookie }));
    expect(payload<{ result: { error: Record<string, string[]> } }>(none).result.error.kind).toEqual(["Choose what is wrong"]);
    const other = await run(report.action, postRequest(hrefOf(q), { kind: "other", note: "" }, { cookie: s.cookie }));
    expect(payload<{ result: { error: Record<string, string[]> } }>(other).result.error.note).toEqual(["Say what is wrong"]);
  });

  it("a question of a test the student has not finished, or no question at all, cannot be reported", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    expect(statusOf(await run(report.loader, getRequest(hrefOf(firstQuestionId()), s.cookie)))).toBe(404);
    const done = await finishedStudent();
    expect(statusOf(await run(report.loader, getRequest(hrefOf("no-such-question"), done.cookie)))).toBe(404);
    expect(statusOf(await run(report.loader, getRequest("/report?t=x&v=abc&q=1", done.cookie)))).toBe(404);
    expect(statusOf(await run(report.action, postRequest(hrefOf("no-such-question"), { kind: "mistake" }, { cookie: done.cookie })))).toBe(404);
  });

  it("only an admin sees the queue", async () => {
    const s = await makeStudent();
    const res = await run(queue.loader, getRequest("/admin/question-reports", s.cookie));
    expect(res instanceof Response && res.status).toBeGreaterThanOrEqual(300);
  });
});
