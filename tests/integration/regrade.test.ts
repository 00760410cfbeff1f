import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts, regrades, tests } from "~/db/schema.server";
import { testItemAnalysis } from "~/models/analytics.server";
import { questionsOf } from "~/models/test.server";
import * as editor from "~/routes/admin+/_tests+/csv_.$testId.edit";
import * as regradeRoute from "~/routes/admin+/_tests+/tests_.$testId.regrade";
import * as uploadRoute from "~/routes/admin+/_tests+/tests.upload";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { BASE, flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

async function uploadClean10(title: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "preview", title, examType: "NET" })) form.append(k, v);
  form.append("file", new File([new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/clean-10.csv")))], "c.csv", { type: "text/csv" }));
  const p = payload<any>(
    await run(uploadRoute.action, new Request(`${BASE}/admin/tests/upload`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } })),
  ).preview;
  await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
  return db().select().from(tests).where(eq(tests.title, title)).get()!;
}

/** A student takes the test choosing `choices[i]` for question i+1 and finishes. */
async function takeTest(testId: string, choices: number[]) {
  const s = await makeStudent({ examTypes: ["NET"] });
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId });
  for (const [i, c] of choices.entries()) {
    await run(
      examRoute.action,
      postRequest(`/test/${testId}`, { intent: "save", questionId: `q${i + 1}`, chosen: String(c), q: String(i + 1), nav: "next" }, { cookie: s.cookie }),
      {
        testId,
      },
    );
  }
  await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "finish" }, { cookie: s.cookie }), { testId });
  return s;
}

/** The editor's form for the test's current questions, with `change` applied to the list. */
function editorFormOf(t: { id: string; title: string; updatedAt: Date }, change: (list: ReturnType<typeof questionsOf>) => ReturnType<typeof questionsOf>) {
  const fresh = db().select().from(tests).where(eq(tests.id, t.id)).get()!;
  const list = change(questionsOf(t.id, fresh.currentVersion));
  const fields: Record<string, string> = {
    title: fresh.title,
    description: fresh.description,
    examType: fresh.examType,
    duration: String(fresh.duration),
    isActive: "on",
    updatedAt: String(+fresh.updatedAt),
  };
  list.forEach((q, i) => {
    fields[`q.${i}.question`] = q.question;
    q.options.forEach((o, j) => {
      fields[`q.${i}.option.${j}`] = o;
    });
    fields[`q.${i}.correct`] = String(q.correctAnswer);
    fields[`q.${i}.explanation`] = q.explanation ?? "";
  });
  return fields;
}

describe("regrade after a wrong answer key", () => {
  it("the editor offers it, the dry run shows old → new scores, Apply re-marks scores, reviews and item analysis", async () => {
    const t = await uploadClean10("Wrong key");
    const v1 = questionsOf(t.id, 1);
    const wrongOnQ1 = (v1[0].correctAnswer + 1) % v1[0].options.length;
    // Asha chose what the key said for every question; Ravi chose the option that is in fact right for Q1
    const asha = await takeTest(
      t.id,
      v1.map((q) => q.correctAnswer),
    );
    const ravi = await takeTest(t.id, [wrongOnQ1, ...v1.slice(1).map((q) => q.correctAnswer)]);
    const before = db().select().from(attempts).where(eq(attempts.testId, t.id)).all();
    expect(before.map((a) => a.score).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual([9, 10]);

    // the admin fixes Q1's key and removes Q10
    const res = (await run(
      editor.action,
      postRequest(
        `/admin/csv/${t.id}/edit`,
        editorFormOf(t, (list) => list.slice(0, 9).map((q, i) => (i === 0 ? { ...q, correctAnswer: wrongOnQ1 } : q))),
        { cookie: admin },
      ),
      { testId: t.id },
    )) as Response;
    expect(res.headers.get("Location")).toBe(`/admin/tests/${t.id}/regrade`);
    expect(flashOf(res)?.text).toMatch(/2 finished attempts were marked with the old answer key/);

    // dry run: nothing written yet
    const plan = payload<any>(await run(regradeRoute.loader, getRequest(`/admin/tests/${t.id}/regrade`, admin), { testId: t.id }));
    expect(plan.attempts).toBe(2);
    expect(plan.plans[0].changes.map((c: any) => [c.n, c.change])).toEqual([
      [1, "key"],
      [10, "dropped"],
    ]);
    const byName = Object.fromEntries(plan.plans[0].attempts.map((a: any) => [a.email, a]));
    expect(byName[asha.email]).toMatchObject({ oldScore: 10, oldTotal: 10, newScore: 8, newTotal: 9 });
    expect(byName[ravi.email]).toMatchObject({ oldScore: 9, oldTotal: 10, newScore: 9, newTotal: 9 });
    expect(db().select().from(attempts).where(eq(attempts.userId, asha.user.id)).get()?.score).toBe(10);

    // until Apply, Ravi's review keeps the old key (and this process now holds a copy of it: Apply must
    // not be hidden by it, see gradedQuestionsOf)
    const early = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, ravi.cookie), { testId: t.id }));
    expect(early.review[0]).toMatchObject({ correctAnswer: v1[0].correctAnswer, outcome: "wrong" });
    expect(early.review).toHaveLength(10);

    // Apply needs a reason
    const noReason = await run(regradeRoute.action, postRequest(`/admin/tests/${t.id}/regrade`, { reason: " " }, { cookie: admin }), { testId: t.id });
    expect(statusOf(noReason)).toBe(400);
    const applied = await run(regradeRoute.action, postRequest(`/admin/tests/${t.id}/regrade`, { reason: "Q1 key was C, should be B" }, { cookie: admin }), {
      testId: t.id,
    });
    expect(flashOf(applied as Response)?.text).toBe("Regraded 2 attempts: 2 scores changed");
    expect(db().select().from(attempts).where(eq(attempts.userId, asha.user.id)).get()).toMatchObject({ score: 8, totalQuestions: 9 });
    expect(db().select().from(regrades).where(eq(regrades.testId, t.id)).get()).toMatchObject({
      version: 1,
      reason: "Q1 key was C, should be B",
      attempts: 2,
      changedScores: 2,
    });

    // the students' results: the new score, the fixed key in the review, Q10 gone, a note
    const r = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, ravi.cookie), { testId: t.id }));
    expect(r.attempt).toMatchObject({ score: 9, total: 9, percent: 100, droppedQuestions: 1 });
    expect(r.attempt.regradedAt).toEqual(expect.any(Number));
    expect(r.review).toHaveLength(9);
    expect(r.review[0]).toMatchObject({ correctAnswer: wrongOnQ1, outcome: "correct" });

    // item analysis keeps the evidence: version 1 with its 2 attempts first (the page opens on it), then
    // the current version with none yet
    const analysis = testItemAnalysis(t.id)!;
    expect(analysis.versions.map((v) => [v.version, v.current, v.attempts])).toEqual([
      [1, false, 2],
      [2, true, 0],
    ]);
    expect(analysis.versions[0].items[0]).toMatchObject({ correctAnswer: wrongOnQ1, facility: 0.5 });
    expect(analysis.versions[0].items[9].dropped).toBe(true);

    // a second regrade finds nothing to do
    expect(payload<any>(await run(regradeRoute.loader, getRequest(`/admin/tests/${t.id}/regrade`, admin), { testId: t.id })).attempts).toBe(0);
  });

  it("a rewritten test (every question different) is not offered for regrading", async () => {
    const t = await uploadClean10("Rewritten");
    await takeTest(t.id, [0, 0]);
    const res = (await run(
      editor.action,
      postRequest(
        `/admin/csv/${t.id}/edit`,
        editorFormOf(t, () => [{ ...questionsOf(t.id, 1)[0], question: "Brand new?", options: ["X", "Y"], correctAnswer: 1 }]),
        {
          cookie: admin,
        },
      ),
      { testId: t.id },
    )) as Response;
    expect(res.headers.get("Location")).toBe("/admin/csv");
  });
});
