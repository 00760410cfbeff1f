// A verse extract keeps its line breaks from the file to every place a question is shown: the upload's template,
// the preview, the exam, the printed paper and the export (the page renders them with `whitespace-pre-line`).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as exportRoute from "~/routes/admin+/_tests+/csv_.$testId.export";
import * as printRoute from "~/routes/admin+/_tests+/tests_.$testId.print";
import * as templateRoute from "~/routes/admin+/_tests+/tests.template[.csv]";
import * as uploadRoute from "~/routes/admin+/_tests+/tests.upload";
import { BASE, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn } from "../helpers";

let admin = "";
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const VERSE = "Read the lines and name the poet:\nShall I compare thee to a summer's day?\nThou art more lovely and more temperate";

describe("a verse through import, exam, print and export", () => {
  it("keeps its lines everywhere", async () => {
    const template = (await run(templateRoute.loader, getRequest("/admin/tests/template.csv", admin))) as Response;
    expect(template.headers.get("Content-Disposition")).toContain("question-template.csv");
    const file = await template.text();

    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "preview", title: "Verse Paper", examType: "NET", duration: "20" })) form.append(k, v);
    form.append("file", new File([file], "question-template.csv", { type: "text/csv" }));
    const previewed = payload<{ preview: { ok: boolean; token: string; questions: Array<{ question: string }>; report: { fallbacks: unknown[] } } }>(
      await run(uploadRoute.action, new Request(`${BASE}/admin/tests/upload`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } })),
    ).preview;
    expect(previewed.ok).toBe(true);
    expect(previewed.report.fallbacks).toEqual([]);
    expect(previewed.questions[0].question).toBe(VERSE);
    const created = (await run(
      uploadRoute.action,
      postRequest("/admin/tests/upload", { intent: "create", token: previewed.token }, { cookie: admin }),
    )) as Response;
    expect(created.status).toBe(302);
    const test = db().select().from(tests).where(eq(tests.title, "Verse Paper")).get();
    if (!test) throw new Error("not created");
    db().update(tests).set({ isActive: true }).where(eq(tests.id, test.id)).run();

    const s = await makeStudent({ examTypes: ["NET"] });
    await run(examRoute.action, postRequest(`/test/${test.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: test.id });
    const exam = payload<{ questions: Array<{ question: string }> }>(
      await run(examRoute.loader, getRequest(`/test/${test.id}`, s.cookie), { testId: test.id }),
    );
    expect(exam.questions.map((q) => q.question)).toContain(VERSE);

    const print = payload<{ questions: Array<{ question: string }> }>(
      await run(printRoute.loader, getRequest(`/admin/tests/${test.id}/print`, admin), { testId: test.id }),
    );
    expect(print.questions.map((q) => q.question)).toContain(VERSE);

    const exported = await ((await run(exportRoute.loader, getRequest(`/admin/csv/${test.id}/export`, admin), { testId: test.id })) as Response).text();
    expect(exported).toContain(`"${VERSE}"`);
  });
});
