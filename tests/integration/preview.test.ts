// Preview as a student: the start card and each question as the exam shows them, without the key; nothing is
// written (no attempt, no figure), and a student cannot open it.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { createTest } from "~/models/test.server";
import * as previewRoute from "~/routes/admin+/_tests+/tests_.$testId.preview";
import { getRequest, makeStudent, OWNER, payload, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const open = (testId: string, query: string, cookie = admin) =>
  run(previewRoute.loader, getRequest(`/admin/tests/${testId}/preview${query}`, cookie), { testId });
const rowsIn = (table: string) => (rawDb().prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("preview as a student", () => {
  it("shows the start card, then each question without its key, and writes nothing", async () => {
    const t = createTest({ title: "Preview me", examType: "NET", duration: 20, isActive: false }, TWO_QUESTIONS);
    const before = [rowsIn("attempts"), rowsIn("attempt_answers")];
    const card = payload<any>(await open(t.id, ""));
    expect(card).toMatchObject({ current: 0, question: null, test: { title: "Preview me", duration: 20, totalQuestions: 2, isActive: false } });
    const second = payload<any>(await open(t.id, "?q=2"));
    expect(second.question).toEqual({ id: "q2", question: "Lyrical Ballads appeared in", options: ["1789", "1798", "1802"] });
    expect(JSON.stringify(second)).not.toMatch(/correctAnswer|explanation|With Coleridge/);
    // past the last question: the last one
    expect(payload<any>(await open(t.id, "?q=99")).current).toBe(2);
    expect([rowsIn("attempts"), rowsIn("attempt_answers")]).toEqual(before);
  });

  it("answers 404 for a test that does not exist and sends a student away", async () => {
    expect(statusOf(await open("none", ""))).toBe(404);
    const t = createTest({ title: "Not for students", examType: "NET" }, TWO_QUESTIONS);
    const s = await makeStudent({ examTypes: ["NET"] });
    expect(statusOf(await open(t.id, "", s.cookie))).toBe(302);
  });
});
