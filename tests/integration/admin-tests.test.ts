import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { attempts, examTypes, questions, tests } from "~/db/schema.server";
import { overview } from "~/models/analytics.server";
import { importBackup, parseBackup } from "~/models/backup.server";
import { questionsOf } from "~/models/test.server";
import * as editor from "~/routes/admin+/_tests+/csv_.$testId.edit";
import * as regradeRoute from "~/routes/admin+/_tests+/tests_.$testId.regrade";
import { writingKeyNote } from "~/lib/rules/regrade-rules";
import * as exportRoute from "~/routes/admin+/_tests+/csv_.$testId.export";
import * as adminTests from "~/routes/admin+/_tests+/tests";
import * as deleteRoute from "~/routes/admin+/_tests+/tests.$testId.delete";
import * as cloneRoute from "~/routes/admin+/_tests+/tests.$testId.clone";
import * as bulkRoute from "~/routes/admin+/_tests+/tests.bulk";
import * as archivedRoute from "~/routes/admin+/_tests+/tests_.archived";
import * as bulkUploadRoute from "~/routes/admin+/_tests+/tests.bulk-upload";
import * as uploadRoute from "~/routes/admin+/_tests+/tests.upload";
import * as editRoute from "~/routes/admin+/_tests+/tests.$testId.edit";
import { DURATION_MESSAGE, EXAM_TYPE_REQUIRED, MAX_ATTEMPTS_MESSAGE, TITLE_REQUIRED } from "~/lib/schemas/test-record";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import { BASE, bulkUploadViaPreview, flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures", name));

function multipart(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; body: Buffer | string; type?: string }>,
  path = "defaultExamType" in fields ? "/admin/tests/bulk-upload" : "/admin/tests/upload",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new File([typeof f.body === "string" ? f.body : new Uint8Array(f.body)], f.name, { type: f.type ?? "text/csv" }));
  return new Request(`${BASE}${path}`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } });
}

function testByTitle(title: string) {
  return db().select().from(tests).where(eq(tests.title, title)).get();
}

describe("single upload", () => {
  it("previews with a report, then creates exactly the previewed questions", async () => {
    const res = await run(
      uploadRoute.action,
      multipart({ intent: "preview", title: "Quirks", examType: "NET", duration: "45", unitNumber: "2", unitName: "Victorians" }, [
        { field: "file", name: "quirks.csv", body: fixture("answer-by-text-and-quirks.csv") },
      ]),
    );
    const preview = payload<any>(res).preview;
    expect(preview.ok).toBe(true);
    expect(preview.count).toBe(7);
    // every question is in the preview (not the first 5)
    expect(preview.questions).toHaveLength(7);
    expect(preview.report.skipped).toEqual([{ line: 4, reason: "only 3 values (at least 4 needed)" }]);
    expect(preview.report.fallbacks).toHaveLength(1);
    expect(testByTitle("Quirks")).toBeUndefined();

    const created = (await run(
      uploadRoute.action,
      postRequest("/admin/tests/upload", { intent: "create", token: preview.token }, { cookie: admin }),
    )) as Response;
    expect(created.status).toBe(302);
    const test = testByTitle("Quirks")!;
    // its rows were flagged (a short row, an answer that matched no option): created inactive, with the report
    expect(test).toMatchObject({ examType: "NET", duration: 45, unitNumber: 2, unitName: "Victorians", totalQuestions: 7, isActive: false });
    expect(test.uploadReport).toEqual({ skipped: preview.report.skipped, fallbacks: preview.report.fallbacks });
    expect(flashOf(created)?.text).toMatch(/inactive: check its 2 flagged rows, then Activate it/);
    const listed = payload<any>(await run(adminTests.loader, getRequest("/admin/tests?q=Quirks", admin))).rows[0];
    expect(listed.uploadReport.fallbacks).toHaveLength(1);
    // Activate publishes it: the report goes
    await run(adminTests.action, postRequest("/admin/tests", { id: test.id }, { cookie: admin }));
    expect(testByTitle("Quirks")).toMatchObject({ isActive: true, uploadReport: null });
    const stored = questionsOf(test.id, 1);
    expect(stored.map((q) => q.id)).toEqual(["q1", "q2", "q3", "q4", "q5", "q6", "q7"]);
    expect(stored[1].question).toBe('Which poet wrote **"Ode to a Nightingale"**?');
    expect(stored[6].options).toEqual(["Yes", "No"]);
  });

  it("Create pressed twice for one preview (a double click, another tab, Back and again) makes one test", async () => {
    const preview = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Twice Pressed", examType: "NET" }, [{ field: "file", name: "t.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    const create = () =>
      run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: preview.token }, { cookie: admin })) as Promise<Response>;
    const [first, second] = await Promise.all([create(), create()]);
    const later = await create();
    const made = db().select().from(tests).where(eq(tests.title, "Twice Pressed")).all();
    expect(made).toHaveLength(1);
    expect(made[0].totalQuestions).toBe(10);
    expect([first, second, later].map((r) => r.status)).toEqual([302, 302, 302]);
    // (of the two at once, whichever came first made it)
    expect([flashOf(first)?.text, flashOf(second)?.text].sort()).toEqual([
      "Test “Twice Pressed” created with 10 questions",
      "Test “Twice Pressed” was already created",
    ]);
    expect(flashOf(later)?.text).toBe("Test “Twice Pressed” was already created");
  });

  it("refuses a tampered preview token", async () => {
    const res = await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: "eyJ4IjoxfQ.forged" }, { cookie: admin }));
    expect(statusOf(res)).toBe(400);
    expect(payload<any>(res).error).toMatch(/preview has expired/);
  });

  it("gives the spec's messages for missing fields, a custom type without a name, a non-CSV and a non-UTF-8 file", async () => {
    const file = [{ field: "file", name: "a.csv", body: fixture("clean-10.csv") }];
    const noTitle = payload<any>(await run(uploadRoute.action, multipart({ intent: "preview", title: "", examType: "NET" }, file))).preview;
    expect(noTitle.error).toBe("Please provide test title, exam type, and CSV file");
    const noFile = payload<any>(await run(uploadRoute.action, multipart({ intent: "preview", title: "T", examType: "NET" }, []))).preview;
    expect(noFile.error).toBe("Please provide test title, exam type, and CSV file");
    const custom = payload<any>(await run(uploadRoute.action, multipart({ intent: "preview", title: "T", examType: "CUSTOM" }, file))).preview;
    expect(custom.error).toBe("Please provide a custom exam type name");
    const pdf = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "T", examType: "NET" }, [{ field: "file", name: "a.pdf", body: "x", type: "application/pdf" }]),
      ),
    ).preview;
    expect(pdf.error).toBe("Please select a valid CSV file");
    const latin = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "T", examType: "NET" }, [{ field: "file", name: "l.csv", body: fixture("latin1-not-utf8.csv") }]),
      ),
    ).preview;
    expect(latin.error).toMatch(/not UTF-8/);
  });

  it("creates a custom exam type once and reuses it", async () => {
    for (const title of ["Custom A", "Custom B"]) {
      const p = payload<any>(
        await run(
          uploadRoute.action,
          multipart({ intent: "preview", title, examType: "CUSTOM", customExamType: "Kerala SET" }, [
            { field: "file", name: "c.csv", body: fixture("clean-10.csv") },
          ]),
        ),
      ).preview;
      await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    }
    expect(testByTitle("Custom A")?.examType).toBe("KERALA_SET");
    expect(testByTitle("Custom B")?.examType).toBe("KERALA_SET");
    expect(db().select().from(examTypes).where(eq(examTypes.value, "KERALA_SET")).all()).toHaveLength(1);
  });

  it("refuses a file over the size cap before reading it whole", async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, "a");
    const res = await run(uploadRoute.action, multipart({ intent: "preview", title: "Big", examType: "NET" }, [{ field: "file", name: "big.csv", body: big }]));
    expect(statusOf(res)).toBe(413);
    expect(payload<any>(res).error).toMatch(/too large/);
  });
});

/** Bulk upload answers with a redirect to the list, which shows the stored result of that submit. */
async function bulkResultOf(res: unknown) {
  const location = (res as Response).headers.get("Location") ?? "";
  expect(location).toMatch(/^\/admin\/tests\?bulkResult=/);
  return payload<any>(await run(adminTests.loader, getRequest(location, admin))).bulkResult;
}

describe("the header row and row numbers", () => {
  it("single upload refuses a file without the spec's header, and reads an S.No column as row numbers", async () => {
    const noHeader = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "No header", examType: "NET" }, [{ field: "file", name: "n.csv", body: "Q1,A,B,C,D,1\nQ2,A,B,C,D,2\n" }]),
      ),
    ).preview;
    expect(noHeader.error).toBe("CSV must contain at least: question, option columns, correct_answer");
    const csv =
      "S.No,Question,Option A,Option B,Option C,Option D,Answer,Explanation\n1,Who wrote Beowulf?,Anon,Chaucer,Bede,Alfred,1,\n2,Who wrote Pamela?,Fielding,Richardson,Defoe,Sterne,2,\n";
    const p = payload<any>(
      await run(uploadRoute.action, multipart({ intent: "preview", title: "Numbered", examType: "NET" }, [{ field: "file", name: "s.csv", body: csv }])),
    ).preview;
    expect(p.questions.map((q: any) => q.question)).toEqual(["Who wrote Beowulf?", "Who wrote Pamela?"]);
    expect(p.report.fallbacks).toEqual([]);
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    // a clean file goes live at once
    expect(testByTitle("Numbered")).toMatchObject({ isActive: true, uploadReport: null, totalQuestions: 2 });
  });
});

describe("bulk upload", () => {
  it("creates the good files and reports the bad one; the dialog closes on the result", async () => {
    const receipt = payload<any>(await run(bulkUploadRoute.loader, getRequest("/admin/tests/bulk-upload", admin))).receipt;
    const submit = () =>
      bulkUploadViaPreview(
        bulkUploadRoute.action,
        multipart({ intent: "preview", receipt, defaultExamType: "TET", defaultDuration: "30" }, [
          { field: "files", name: "tet_grammar-set-1.csv", body: fixture("clean-10.csv") },
          { field: "files", name: "broken.csv", body: fixture("latin1-not-utf8.csv") },
          { field: "files", name: "bom-file.csv", body: fixture("bom-crlf.csv") },
        ]),
      );
    const res = await submit();
    const bulk = await bulkResultOf(res);
    expect(bulk.created).toBe(2);
    expect(bulk.errors).toBe(1);
    expect(bulk.results.find((r: any) => r.fileName === "broken.csv")).toMatchObject({ ok: false });
    const t = testByTitle("tet grammar set 1")!;
    expect(t).toMatchObject({ examType: "TET", duration: 30, isActive: true, description: "Bulk uploaded test: tet grammar set 1", totalQuestions: 10 });

    // the same dialog submitted again (a double click, Back and resubmit): the same result, nothing created twice
    const count = () => db().select().from(tests).where(eq(tests.title, "tet grammar set 1")).all().length;
    const [again, third] = await Promise.all([submit(), submit()]);
    expect(await bulkResultOf(again)).toEqual(bulk);
    expect(await bulkResultOf(third)).toEqual(bulk);
    expect(count()).toBe(1);
  });

  it("refuses a file whose first row is not the header, as the single upload does (never stored as question 1)", async () => {
    const receipt = payload<any>(await run(bulkUploadRoute.loader, getRequest("/admin/tests/bulk-upload", admin))).receipt;
    const bulk = await bulkResultOf(
      await bulkUploadViaPreview(
        bulkUploadRoute.action,
        multipart({ intent: "preview", receipt, defaultExamType: "TET" }, [
          { field: "files", name: "own-header.csv", body: Buffer.from("Q,A,B,C,D,Ans\nWho wrote Hamlet?,Shakespeare,Marlowe,Jonson,Kyd,A\n") },
        ]),
      ),
    );
    expect(bulk.results[0]).toMatchObject({ ok: false, message: "CSV must contain at least: question, option columns, correct_answer" });
    expect(testByTitle("own header")).toBeUndefined();
  });

  it("creates a file with flagged rows inactive and says so in its report", async () => {
    const receipt = payload<any>(await run(bulkUploadRoute.loader, getRequest("/admin/tests/bulk-upload", admin))).receipt;
    const bulk = await bulkResultOf(
      await bulkUploadViaPreview(
        bulkUploadRoute.action,
        multipart({ intent: "preview", receipt, defaultExamType: "SET" }, [
          { field: "files", name: "quirky-bulk.csv", body: fixture("answer-by-text-and-quirks.csv") },
        ]),
      ),
    );
    expect(bulk.results[0]).toMatchObject({ ok: true, message: "7 questions", report: { skipped: [expect.anything()], fallbacks: [expect.anything()] } });
    expect(testByTitle("quirky bulk")).toMatchObject({ isActive: false });
  });

  it("takes a description and a unit per file; a unit name without its number is refused for that file", async () => {
    const receipt = payload<any>(await run(bulkUploadRoute.loader, getRequest("/admin/tests/bulk-upload", admin))).receipt;
    const bulk = await bulkResultOf(
      await bulkUploadViaPreview(
        bulkUploadRoute.action,
        multipart(
          {
            intent: "preview",
            receipt,
            defaultExamType: "NET",
            names: "Unit Three Mock",
            descriptions: "The Romantics, set 1",
            unitNumbers: "3",
            unitNames: "Romantics",
          },
          [{ field: "files", name: "romantics.csv", body: fixture("clean-10.csv") }],
        ),
      ),
    );
    expect(bulk.results[0]).toMatchObject({ ok: true });
    expect(testByTitle("Unit Three Mock")).toMatchObject({ description: "The Romantics, set 1", unitNumber: 3, unitName: "Romantics" });

    const again = payload<any>(await run(bulkUploadRoute.loader, getRequest("/admin/tests/bulk-upload", admin))).receipt;
    const refused = await bulkResultOf(
      await bulkUploadViaPreview(
        bulkUploadRoute.action,
        multipart({ intent: "preview", receipt: again, defaultExamType: "NET", names: "No Number", unitNames: "Moderns" }, [
          { field: "files", name: "moderns.csv", body: fixture("clean-10.csv") },
        ]),
      ),
    );
    expect(refused.results[0]).toMatchObject({ ok: false, message: "Enter the unit number for this unit name" });
  });

  it("refuses non-CSV files and an empty selection", async () => {
    const nonCsv = await bulkUploadViaPreview(
      bulkUploadRoute.action,
      multipart({ intent: "preview", defaultExamType: "TET" }, [{ field: "files", name: "x.txt", body: "a", type: "text/plain" }]),
    );
    expect(payload<any>(nonCsv).error).toBe("Please select CSV files only");
    const none = await bulkUploadViaPreview(bulkUploadRoute.action, multipart({ intent: "preview", defaultExamType: "TET" }, []));
    expect(payload<any>(none).error).toBe("No valid files to upload");
  });
});

describe("test management", () => {
  async function uploaded(title: string, examType = "NET") {
    const p = payload<any>(
      await run(uploadRoute.action, multipart({ intent: "preview", title, examType }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }])),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    return testByTitle(title)!;
  }

  it("DELETE ALL is refused for any other phrase", async () => {
    await uploaded("Keep me");
    for (const phrase of ["", "delete all", "DELETE  ALL", "DELETE ALL ", "yes"]) {
      const res = await run(bulkRoute.action, postRequest("/admin/tests/bulk", { intent: "clear-all", confirmation: phrase }, { cookie: admin }));
      expect(statusOf(res)).toBe(400);
    }
    expect(testByTitle("Keep me")).toBeDefined();
  });

  it("clones with (Copy), active, all questions and an optional max attempts", async () => {
    const t = await uploaded("Original");
    db().update(tests).set({ isActive: false }).where(eq(tests.id, t.id)).run();
    await run(cloneRoute.action, postRequest(`/admin/tests/${t.id}/clone`, { maxAttempts: "2" }, { cookie: admin }), { testId: t.id });
    const copy = testByTitle("Original (Copy)")!;
    expect(copy).toMatchObject({ isActive: true, maxAttempts: 2, totalQuestions: 10 });
    expect(questionsOf(copy.id, 1)).toHaveLength(10);
    const bad = await run(cloneRoute.action, postRequest(`/admin/tests/${t.id}/clone`, { maxAttempts: "0" }, { cookie: admin }), { testId: t.id });
    expect(statusOf(bad)).toBe(400);
  });

  it("the Edit Test dialog (a route of its own) keeps a unit number without a name, and refuses bad input beside its field", async () => {
    const t = await uploaded("Editable");
    const edit = (fields: Record<string, string>) =>
      run(editRoute.action, postRequest(`/admin/tests/${t.id}/edit`, { intent: "edit", ...fields }, { cookie: admin }), { testId: t.id });
    const ok = (await edit({ title: "Edited", examType: "SET", duration: "", unitNumber: "4", unitName: "", maxAttempts: "", isActive: "on" })) as Response;
    expect(ok.headers.get("Location")).toBe("/admin/tests");
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()).toMatchObject({
      title: "Edited",
      examType: "SET",
      duration: 60,
      unitNumber: 4,
      unitName: null,
      maxAttempts: null,
    });
    // a later edit of something else keeps the unit
    await edit({ title: "Edited again", examType: "SET", duration: "30", unitNumber: "4", unitName: "", isActive: "on" });
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()).toMatchObject({ title: "Edited again", duration: 30, unitNumber: 4 });

    const refused = await edit({ title: " ", examType: "", duration: "0", maxAttempts: "-1" });
    expect(statusOf(refused)).toBe(400);
    const result = payload<any>(refused).result;
    expect(result.error).toMatchObject({
      title: [TITLE_REQUIRED],
      examType: [EXAM_TYPE_REQUIRED],
      duration: [DURATION_MESSAGE],
      maxAttempts: [MAX_ATTEMPTS_MESSAGE],
    });
    // the admin's input comes back to refill the form
    expect(result.initialValue).toMatchObject({ duration: "0", maxAttempts: "-1" });
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()).toMatchObject({ title: "Edited again", examType: "SET", duration: 30 });
  });

  it("deleting a test without attempts removes it and its questions; with attempts it is archived", async () => {
    const unused = await uploaded("Unused");
    await run(deleteRoute.action, postRequest(`/admin/tests/${unused.id}/delete`, {}, { cookie: admin }), { testId: unused.id });
    expect(testByTitle("Unused")).toBeUndefined();
    expect(db().select().from(questions).where(eq(questions.testId, unused.id)).all()).toHaveLength(0);

    const used = await uploaded("Used");
    const s = await makeStudent({ examTypes: ["NET"] });
    await run(examRoute.action, postRequest(`/test/${used.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: used.id });
    await run(examRoute.action, postRequest(`/test/${used.id}`, { intent: "finish" }, { cookie: s.cookie }), { testId: used.id });
    await run(deleteRoute.action, postRequest(`/admin/tests/${used.id}/delete`, {}, { cookie: admin }), { testId: used.id });
    const archived = testByTitle("Used")!;
    expect(archived.archivedAt).toBeInstanceOf(Date);
    expect(archived.isActive).toBe(false);
    expect(db().select().from(attempts).where(eq(attempts.testId, used.id)).all()).toHaveLength(1);
    const results = await run(resultsRoute.loader, getRequest(`/test/${used.id}/results`, s.cookie), { testId: used.id });
    expect(payload<any>(results).state).toBe("found");
    const list = payload<any>(await run(adminTests.loader, getRequest("/admin/tests?q=Used", admin)));
    expect(list.rows.map((r: any) => r.title)).not.toContain("Used");
    expect(list.archived).toBeGreaterThanOrEqual(1);

    // Archived tests: seen with their attempts, and restored (inactive) to the list
    const archivedPage = payload<any>(await run(archivedRoute.loader, getRequest("/admin/tests/archived", admin)));
    expect(archivedPage.rows.find((r: any) => r.id === used.id)).toMatchObject({ title: "Used", attemptCount: 1 });
    const restored = await run(archivedRoute.action, postRequest("/admin/tests/archived", { id: used.id }, { cookie: admin }));
    expect(flashOf(restored as Response)?.text).toBe("“Used” restored to Test Management, inactive: check it, then Activate it");
    expect(testByTitle("Used")).toMatchObject({ archivedAt: null, isActive: false });
    const back = payload<any>(await run(adminTests.loader, getRequest("/admin/tests?q=Used", admin)));
    expect(back.rows.map((r: any) => r.title)).toContain("Used");
  });

  it("Delete All says how many tests are deleted and how many archived before it runs", async () => {
    const attempted = await uploaded("Attempted before clear");
    const s = await makeStudent({ examTypes: ["NET"] });
    await run(examRoute.action, postRequest(`/test/${attempted.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: attempted.id });
    const page = payload<any>(await run(bulkRoute.loader, getRequest("/admin/tests/bulk?step=clear", admin)));
    const attemptedLive = db().all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM tests t WHERE t.archived_at IS NULL AND EXISTS (SELECT 1 FROM attempts a WHERE a.test_id = t.id)`,
    )[0].n;
    expect(page.everything).toMatchObject({ count: page.total, archived: attemptedLive });
    expect(page.everything.archived).toBeGreaterThanOrEqual(1);
  });

  it("exports a CSV that names the file after the title", async () => {
    const t = await uploaded("Export: Me!");
    const res = (await run(exportRoute.loader, getRequest(`/admin/csv/${t.id}/export`, admin), { testId: t.id })) as Response;
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="Export__Me_.csv"');
    const body = await res.text();
    expect(body).toContain("question,option_a,option_b,option_c,option_d,correct_answer,explanation");
    expect(body).toContain('"Which poem opens with ""Of Man\'s first disobedience""?"');
  });
});

describe("question editor", () => {
  function editorForm(
    t: { id: string; updatedAt: Date },
    list: Array<{ question: string; options: string[]; correct: number; explanation?: string }>,
    extra: Record<string, string> = {},
  ) {
    const fields: Record<string, string> = {
      title: "Edited test",
      description: "",
      examType: "NET",
      duration: "20",
      unitNumber: "",
      unitName: "",
      isActive: "on",
      updatedAt: String(+t.updatedAt),
      ...extra,
    };
    list.forEach((q, i) => {
      fields[`q.${i}.question`] = q.question;
      q.options.forEach((o, j) => {
        fields[`q.${i}.option.${j}`] = o;
      });
      fields[`q.${i}.correct`] = String(q.correct);
      fields[`q.${i}.explanation`] = q.explanation ?? "";
    });
    return fields;
  }

  it("saving an uploaded test in the editor checks its flagged rows: the list's note ends, the test stays unpublished", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Flag checked", examType: "NET" }, [
          { field: "file", name: "q.csv", body: fixture("answer-by-text-and-quirks.csv") },
        ]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Flag checked")!;
    expect(t.uploadReport).not.toBeNull();
    const flagged = payload<any>(await run(editor.loader, getRequest(`/admin/csv/${t.id}/edit`, admin), { testId: t.id })).flagged;
    expect(Object.values(flagged)[0]).toMatch(/Check it; saving the test marks it checked\.$/);
    const list = questionsOf(t.id, 1).map((q) => ({ question: q.question, options: q.options, correct: q.correctAnswer }));
    const saved = (await run(
      editor.action,
      postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, list, { title: "Flag checked", isActive: "" }), { cookie: admin }),
      { testId: t.id },
    )) as Response;
    expect(flashOf(saved)?.text).toBe("Test updated successfully. Its 2 flagged rows count as checked now.");
    expect(testByTitle("Flag checked")).toMatchObject({ uploadReport: null, isActive: false });
    const listed = payload<any>(await run(adminTests.loader, getRequest("/admin/tests?q=Flag%20checked", admin))).rows[0];
    expect(listed.uploadReport).toBeNull();
  });

  it("editing a test leaves earlier attempts' reviews unchanged (new version)", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Versioned", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Versioned")!;
    const s = await makeStudent({ examTypes: ["NET"] });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "save", questionId: "q1", chosen: "0", q: "1", nav: "next" }, { cookie: s.cookie }), {
      testId: t.id,
    });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "finish" }, { cookie: s.cookie }), { testId: t.id });
    const before = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, s.cookie), { testId: t.id }));

    const res = (await run(
      editor.action,
      postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, [{ question: "A brand new question?", options: ["X", "Y", "Z"], correct: 2, explanation: "New" }]), {
        cookie: admin,
      }),
      { testId: t.id },
    )) as Response;
    expect(res.status).toBe(302);
    const after = db().select().from(tests).where(eq(tests.id, t.id)).get()!;
    expect(after).toMatchObject({ currentVersion: 2, totalQuestions: 1, title: "Edited test" });
    const review = payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, s.cookie), { testId: t.id }));
    expect(review.review).toEqual(before.review);
    expect(review.review[0].question).toBe("Who wrote Paradise Lost?");
  });

  it("a student inside a test keeps its questions when it is edited; the next student gets the new ones", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Edited Midway", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Edited Midway")!;
    const inside = await makeStudent({ examTypes: ["NET"] });
    const next = await makeStudent({ examTypes: ["NET"] });
    const examPage = async (cookie: string) => payload<any>(await run(examRoute.loader, getRequest(`/test/${t.id}?q=1`, cookie), { testId: t.id }));
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: inside.cookie }), { testId: t.id });
    expect((await examPage(inside.cookie)).questions[0].question).toBe("Who wrote Paradise Lost?");

    await run(
      editor.action,
      postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, [{ question: "A brand new question?", options: ["X", "Y", "Z"], correct: 2 }]), { cookie: admin }),
      { testId: t.id },
    );
    const stillInside = await examPage(inside.cookie);
    expect(stillInside.questions).toHaveLength(10);
    expect(stillInside.questions[0].question).toBe("Who wrote Paradise Lost?");
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: next.cookie }), { testId: t.id });
    const fresh = await examPage(next.cookie);
    expect(fresh.questions.map((q: { question: string }) => q.question)).toEqual(["A brand new question?"]);
  });

  it("says who is writing before a key is changed (editor and regrade), and returns to the list it was opened from", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Written Now", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Written Now")!;
    const writer = await makeStudent({ examTypes: ["NET"] });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: writer.cookie }), { testId: t.id });
    // opened from Test Management (its row's Questions): the editor says who is writing and goes back there
    const page = payload<any>(await run(editor.loader, getRequest(`/admin/csv/${t.id}/edit?from=tests&q=Written`, admin), { testId: t.id }));
    expect(page.writing).toBe(1);
    expect(page.back).toEqual({ href: "/admin/tests?q=Written", label: "Test Management" });
    expect(writingKeyNote(1)).toContain("1 student is writing this test right now");
    const regrade = payload<any>(await run(regradeRoute.loader, getRequest(`/admin/tests/${t.id}/regrade`, admin), { testId: t.id }));
    expect(regrade.writing).toBe(1);
    const saved = (await run(
      editor.action,
      postRequest(`/admin/csv/${t.id}/edit?from=tests&q=Written`, editorForm(t, [{ question: "Fixed?", options: ["A", "B"], correct: 1 }]), { cookie: admin }),
      { testId: t.id },
    )) as Response;
    expect(saved.headers.get("Location")).toBe("/admin/tests?q=Written");
    // opened from CSV Management: back there, as before
    const t2 = db().select().from(tests).where(eq(tests.id, t.id)).get()!;
    const fromCsv = (await run(
      editor.action,
      postRequest(`/admin/csv/${t2.id}/edit`, editorForm(t2, [{ question: "Fixed again?", options: ["A", "B"], correct: 0 }]), { cookie: admin }),
      { testId: t2.id },
    )) as Response;
    expect(fromCsv.headers.get("Location")).toBe("/admin/csv");
  });

  it("edits in place when nobody has attempted the test", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Fresh", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Fresh")!;
    await run(
      editor.action,
      postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, [{ question: "Q", options: ["A", "B"], correct: 1 }], { title: "Fresh" }), { cookie: admin }),
      { testId: t.id },
    );
    expect(db().select().from(tests).where(eq(tests.id, t.id)).get()).toMatchObject({ currentVersion: 1, totalQuestions: 1 });
    expect(questionsOf(t.id, 1)).toHaveLength(1);
  });

  it("returns every editor validation message and writes nothing", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Strict", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Strict")!;
    const cases: Array<[Parameters<typeof editorForm>[1], Record<string, string>, string]> = [
      [[{ question: "Q", options: ["A", "B"], correct: 0 }], { title: "" }, "Test title is required"],
      [[], {}, "At least one question is required"],
      [[{ question: " ", options: ["A", "B"], correct: 0 }], {}, "Question 1 text is required"],
      [[{ question: "Q", options: ["A"], correct: 0 }], {}, "Question 1 must have at least 2 options"],
      [[{ question: "Q", options: ["A", ""], correct: 0 }], {}, "Question 1 has empty options"],
      [[{ question: "Q", options: ["A", "B"], correct: 5 }], {}, "Question 1 has invalid correct answer"],
    ];
    for (const [list, extra, message] of cases) {
      const res = await run(editor.action, postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, list, extra), { cookie: admin }), { testId: t.id });
      expect(payload<any>(res).error).toBe(message);
    }
    // a blank title (with no questions) is said beside the title: the title comes first, not the questions
    const blank = payload<any>(
      await run(editor.action, postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, [], { title: " ", duration: "0" }), { cookie: admin }), { testId: t.id }),
    );
    expect(blank.error).toBe("Test title is required");
    expect(blank.fieldErrors).toEqual({ title: "Test title is required", duration: DURATION_MESSAGE });
    expect(blank.details).toMatchObject({ title: " ", duration: "0" });
    expect(questionsOf(t.id, 1)).toHaveLength(10);
  });

  it("says every question's problems beside it, the first one above Save", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Many Problems", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Many Problems")!;
    const list = [
      { question: "Fine?", options: ["A", "B"], correct: 0 },
      { question: " ", options: ["A", ""], correct: 0 },
      { question: "Fine too?", options: ["A", "B"], correct: 1 },
      { question: "Q", options: ["A", "B"], correct: 5 },
    ];
    const res = payload<any>(await run(editor.action, postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, list), { cookie: admin }), { testId: t.id }));
    expect(res.error).toBe("Question 2 text is required (and 2 more, marked on their questions)");
    expect(res.questionErrors).toEqual({
      1: ["Question 2 text is required", "Question 2 has empty options"],
      3: ["Question 4 has invalid correct answer"],
    });
    expect(questionsOf(t.id, 1)).toHaveLength(10);
  });

  it("refuses a save based on a stale copy (two admins)", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Shared", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Shared")!;
    const first = await run(
      editor.action,
      postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, [{ question: "First admin", options: ["A", "B"], correct: 0 }]), { cookie: admin }),
      { testId: t.id },
    );
    expect(statusOf(first)).toBe(302);
    const second = await run(
      editor.action,
      postRequest(`/admin/csv/${t.id}/edit`, editorForm(t, [{ question: "Second admin", options: ["A", "B"], correct: 1 }]), { cookie: admin }),
      { testId: t.id },
    );
    expect(statusOf(second)).toBe(409);
    expect(questionsOf(t.id, 1)[0].question).toBe("First admin");
  });

  it("without JS, editing steps return the changed working copy and store nothing", async () => {
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Steps", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    const t = testByTitle("Steps")!;
    const base = editorForm(t, [{ question: "Q", options: ["A", "B", "C"], correct: 2 }]);
    const added = payload<any>(
      await run(editor.action, postRequest(`/admin/csv/${t.id}/edit`, { ...base, intent: "add-option:0" }, { cookie: admin }), { testId: t.id }),
    );
    expect(added.questions[0].options).toEqual(["A", "B", "C", ""]);
    const removed = payload<any>(
      await run(editor.action, postRequest(`/admin/csv/${t.id}/edit`, { ...base, intent: "remove-option:0:2" }, { cookie: admin }), { testId: t.id }),
    );
    expect(removed.questions[0]).toMatchObject({ options: ["A", "B"], correctAnswer: 0 });
    const lastDelete = payload<any>(
      await run(editor.action, postRequest(`/admin/csv/${t.id}/edit`, { ...base, intent: "delete-question:0" }, { cookie: admin }), { testId: t.id }),
    );
    expect(lastDelete.error).toBe("Test must have at least 1 question");
    expect(questionsOf(t.id, 1)).toHaveLength(10);
  });
});

describe("one schema for a test's details on every path that writes them", () => {
  const BAD: Array<[string, Record<string, string>, string]> = [
    ["duration 0", { duration: "0" }, DURATION_MESSAGE],
    ["duration 9999", { duration: "9999" }, DURATION_MESSAGE],
    ["a reserved custom type", { examType: "CUSTOM", customExamType: "General" }, "“General” is reserved: choose another name"],
  ];
  const count = () => db().select().from(tests).all().length;

  it.each(BAD)("%s is refused with the same message by upload, bulk upload, edit, the question editor and the JSON import", async (_name, bad, message) => {
    const before = count();
    const preview = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Bad", examType: "NET", ...bad }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    expect(preview.ok).toBe(false);
    expect(Object.values(preview.fieldErrors)).toContain(message);

    const bulk = await bulkResultOf(
      await bulkUploadViaPreview(
        bulkUploadRoute.action,
        multipart(
          {
            intent: "preview",
            names: "Bad bulk",
            examTypes: bad.examType ?? "NET",
            customNames: bad.customExamType ?? "",
            durations: bad.duration ?? "60",
          },
          [{ field: "files", name: "c.csv", body: fixture("clean-10.csv") }],
        ),
      ),
    );
    expect(bulk.results).toEqual([expect.objectContaining({ ok: false, message })]);

    const t = db().select().from(tests).all()[0];
    const edited = payload<any>(
      await run(editRoute.action, postRequest(`/admin/tests/${t.id}/edit`, { title: "Bad", examType: "NET", ...bad }, { cookie: admin }), { testId: t.id }),
    );
    expect(Object.values(edited.result.error).flat()).toContain(message);

    const editorFields: Record<string, string> = {
      title: "Bad",
      description: "",
      examType: "NET",
      duration: "20",
      updatedAt: String(+t.updatedAt),
      "q.0.question": "Q?",
      "q.0.option.0": "A",
      "q.0.option.1": "B",
      "q.0.correct": "0",
      ...bad,
    };
    expect(payload<any>(await run(editor.action, postRequest(`/admin/csv/${t.id}/edit`, editorFields, { cookie: admin }), { testId: t.id })).error).toBe(
      message,
    );

    const backup = {
      users: [],
      attempts: [],
      materials: [],
      customExamTypes: [],
      tests: [
        {
          id: `bad-${_name}`,
          title: "Bad import",
          examType: bad.examType ?? "NET",
          duration: bad.duration ? Number(bad.duration) : 60,
          questions: [{ question: "Q?", options: ["A", "B"], correctAnswer: 0 }],
        },
      ],
    };
    const parsed = parseBackup(JSON.stringify(backup));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(await importBackup(parsed.data)).toMatchObject({ imported: 0, errors: 1 });
    expect(count()).toBe(before);
  });
});

describe("the admin overview", () => {
  it("is exact right after a write (no 15-second cache hiding a new test)", async () => {
    const before = overview().cards.totalTests;
    const p = payload<any>(
      await run(
        uploadRoute.action,
        multipart({ intent: "preview", title: "Counted at once", examType: "NET" }, [{ field: "file", name: "c.csv", body: fixture("clean-10.csv") }]),
      ),
    ).preview;
    await run(uploadRoute.action, postRequest("/admin/tests/upload", { intent: "create", token: p.token }, { cookie: admin }));
    expect(overview().cards.totalTests).toBe(before + 1);
    // unchanged data: the same figures object (served from the cache)
    expect(overview()).toBe(overview());
  });
});

describe("one schema for questions", () => {
  it("an over-long option is refused by the upload preview and by the JSON import alike", async () => {
    const csv = `question,option_a,option_b,correct_answer\n"Q?","${"x".repeat(1001)}","B",1\n`;
    const preview = payload<any>(
      await run(uploadRoute.action, multipart({ intent: "preview", title: "Long option", examType: "NET" }, [{ field: "file", name: "l.csv", body: csv }])),
    ).preview;
    expect(preview).toMatchObject({ ok: false, error: "Question 1: An option is too long (at most 1000 characters)" });
    const parsed = parseBackup(
      JSON.stringify({
        users: [],
        attempts: [],
        materials: [],
        customExamTypes: [],
        tests: [{ id: "long-opt", title: "Long", examType: "NET", questions: [{ question: "Q?", options: ["x".repeat(1001), "B"], correctAnswer: 0 }] }],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(await importBackup(parsed.data)).toMatchObject({ imported: 0, errors: 1 });
  });
});
