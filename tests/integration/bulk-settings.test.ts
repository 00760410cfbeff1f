// Bulk upload with settings: marking, negative marks, answer release, attempts, window, batch and active state apply
// to every file's test; a file with a question twice is created hidden, its note says which.
import fs from "node:fs";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rawDb } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import { createBatch } from "~/models/batches.server";
import * as bulkRoute from "~/routes/admin+/_tests+/tests.bulk-upload";
import { BASE, bulkUploadViaPreview, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

let admin = "";
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures", name));

function upload(fields: Record<string, string>, files: Array<{ name: string; body: Buffer | string }>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "preview", receipt: crypto.randomUUID(), ...fields })) form.append(k, v);
  for (const f of files) form.append("files", new File([typeof f.body === "string" ? f.body : new Uint8Array(f.body)], f.name, { type: "text/csv" }));
  return bulkUploadViaPreview(
    bulkRoute.action,
    new Request(`${BASE}/admin/tests/bulk-upload`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }),
  );
}

describe("bulk upload with settings", () => {
  it("applies the marking, attempts, answer release, window, batch and publish setting to every file", async () => {
    const batch = createBatch("Bulk batch");
    if (!batch.ok) throw new Error(batch.error);
    const res = (await upload(
      {
        defaultExamType: "NET",
        defaultDuration: "40",
        maxAttempts: "2",
        answerRelease: "score_only",
        marksPerCorrect: "2",
        negativeMarks: "1/2",
        opensAt: "2026-12-06T10:00",
        closesAt: "2026-12-06T12:00",
        batchId: batch.id,
        publish: "inactive",
      },
      [
        { name: "bulk-one.csv", body: fixture("clean-10.csv") },
        { name: "bulk-two.csv", body: fixture("bom-crlf.csv") },
      ],
    )) as Response;
    expect(res.status).toBe(302);
    const made = db()
      .select()
      .from(tests)
      .where(inArray(tests.title, ["bulk one", "bulk two"]))
      .all();
    expect(made).toHaveLength(2);
    for (const t of made) {
      expect(t).toMatchObject({ duration: 40, maxAttempts: 2, answerRelease: "score_only", marksPerCorrect: 2, negativeMarks: 0.5, isActive: false });
      // 10:00 to 12:00 in India
      expect(+(t.opensAt ?? 0)).toBe(Date.UTC(2026, 11, 6, 4, 30));
      expect(+(t.closesAt ?? 0)).toBe(Date.UTC(2026, 11, 6, 6, 30));
      expect(rawDb().prepare("SELECT batch_id AS b FROM test_batches WHERE test_id = ?").all(t.id)).toEqual([{ b: batch.id }]);
    }
  });

  it("the form's empty settings (as a browser sends them) are the defaults: active, unlimited, +1 / 0", async () => {
    const res = (await upload(
      {
        defaultExamType: "TET",
        defaultDuration: "",
        maxAttempts: "",
        answerRelease: "",
        marksPerCorrect: "",
        negativeMarks: "",
        opensAt: "",
        closesAt: "",
        batchId: "",
        publish: "",
      },
      [{ name: "plain-defaults.csv", body: fixture("clean-10.csv") }],
    )) as Response;
    expect(res.status).toBe(302);
    expect(
      db()
        .select()
        .from(tests)
        .where(inArray(tests.title, ["plain defaults"]))
        .get(),
    ).toMatchObject({
      isActive: true,
      maxAttempts: null,
      marksPerCorrect: 1,
      negativeMarks: 0,
      opensAt: null,
    });
  });

  it("a file with a question twice is created hidden; a window that closes before it opens is refused", async () => {
    const twice =
      "question,option_a,option_b,correct_answer\nWho wrote Hamlet?,Marlowe,Shakespeare,b\nWho wrote Lear?,Marlowe,Shakespeare,b\nWho wrote Hamlet?,Marlowe,Shakespeare,b\n";
    await upload({ defaultExamType: "NET", defaultDuration: "30" }, [{ name: "twice-over.csv", body: twice }]);
    expect(
      db()
        .select()
        .from(tests)
        .where(inArray(tests.title, ["twice over"]))
        .get(),
    ).toMatchObject({ isActive: false, totalQuestions: 3 });
    const refused = await upload({ defaultExamType: "NET", opensAt: "2026-12-06T12:00", closesAt: "2026-12-06T10:00" }, [
      { name: "never-made.csv", body: fixture("clean-10.csv") },
    ]);
    expect(refused instanceof Response).toBe(false);
    expect(
      db()
        .select()
        .from(tests)
        .where(inArray(tests.title, ["never made"]))
        .get(),
    ).toBeUndefined();
  });

  it("shows a preview of every file before anything is created: questions, flags, duplicates, published or hidden, refused files", async () => {
    const twice =
      "question,option_a,option_b,correct_answer\nWho wrote Hamlet?,Marlowe,Shakespeare,b\nWho wrote Lear?,Marlowe,Shakespeare,b\nWho wrote Hamlet?,Marlowe,Shakespeare,b\n";
    const form = new FormData();
    for (const [k, v] of Object.entries({
      intent: "preview",
      receipt: crypto.randomUUID(),
      defaultExamType: "NET",
      marksPerCorrect: "2",
      negativeMarks: "0.5",
    }))
      form.append(k, v);
    for (const [name, body] of [
      ["preview-clean.csv", fixture("clean-10.csv")],
      ["preview-twice.csv", twice],
      ["preview-quirks.csv", fixture("answer-by-text-and-quirks.csv")],
      ["preview-broken.csv", "Q,A,B\nWho?,a,b\n"],
    ] as const)
      form.append("files", new File([typeof body === "string" ? body : new Uint8Array(body)], name, { type: "text/csv" }));
    const before = db().select().from(tests).all().length;
    const res = await run(
      bulkRoute.action,
      new Request(`${BASE}/admin/tests/bulk-upload`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }),
    );
    const preview = payload<any>(res).preview;
    // nothing written yet
    expect(db().select().from(tests).all().length).toBe(before);
    expect(preview).toMatchObject({ ok: true, marksPerCorrect: 2, negativeMarks: 0.5 });
    expect(preview.files.map((f: any) => [f.fileName, f.name, f.questions.length, f.report.duplicates.length, f.report.fallbacks.length, f.active])).toEqual([
      ["preview-clean.csv", "preview clean", 10, 0, 0, true],
      ["preview-twice.csv", "preview twice", 3, 1, 0, false],
      ["preview-quirks.csv", "preview quirks", 7, 0, 1, false],
    ]);
    expect(preview.refused).toEqual([
      { fileName: "preview-broken.csv", name: "preview broken", ok: false, message: "CSV must contain at least: question, option columns, correct_answer" },
    ]);
    // Create makes exactly that; a changed token is refused and writes nothing
    const tampered = await run(
      bulkRoute.action,
      postRequest("/admin/tests/bulk-upload", { intent: "bulk-upload", token: `${preview.token}x` }, { cookie: admin }),
    );
    expect(statusOf(tampered)).toBe(400);
    expect(payload<any>(tampered).error).toBe("The preview has expired or was changed. Please choose the files again.");
    expect(db().select().from(tests).all().length).toBe(before);
    const created = (await run(
      bulkRoute.action,
      postRequest("/admin/tests/bulk-upload", { intent: "bulk-upload", token: preview.token }, { cookie: admin }),
    )) as Response;
    expect(created.status).toBe(302);
    const made = db()
      .select()
      .from(tests)
      .where(inArray(tests.title, ["preview clean", "preview twice", "preview quirks"]))
      .all();
    expect(made.map((t) => [t.title, t.isActive, t.totalQuestions, t.marksPerCorrect]).sort()).toEqual([
      ["preview clean", true, 10, 2],
      ["preview quirks", false, 7, 2],
      ["preview twice", false, 3, 2],
    ]);
  });

  it("a batch deleted between the preview and Create: nothing is created (never given to every student instead)", async () => {
    const batch = createBatch("Short-lived bulk batch");
    if (!batch.ok) throw new Error(batch.error);
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "preview", receipt: crypto.randomUUID(), defaultExamType: "NET", batchId: batch.id })) form.append(k, v);
    form.append("files", new File([new Uint8Array(fixture("clean-10.csv"))], "batch-gone.csv", { type: "text/csv" }));
    const preview = payload<any>(
      await run(bulkRoute.action, new Request(`${BASE}/admin/tests/bulk-upload`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } })),
    ).preview;
    expect(preview.batchName).toBe("Short-lived bulk batch");
    rawDb().prepare("DELETE FROM batches WHERE id = ?").run(batch.id);
    const res = await run(bulkRoute.action, postRequest("/admin/tests/bulk-upload", { intent: "bulk-upload", token: preview.token }, { cookie: admin }));
    expect(statusOf(res)).toBe(400);
    expect(payload<any>(res).error).toBe("The batch chosen for these tests was deleted. Choose the files again and another batch.");
    expect(
      db()
        .select()
        .from(tests)
        .where(inArray(tests.title, ["batch gone"]))
        .all(),
    ).toEqual([]);
  });

  it("Create is whole: stopped before its result is stored, no test is made, and Create again makes them all", async () => {
    const form = new FormData();
    const receipt = crypto.randomUUID();
    for (const [k, v] of Object.entries({ intent: "preview", receipt, defaultExamType: "NET" })) form.append(k, v);
    form.append("files", new File([new Uint8Array(fixture("clean-10.csv"))], "whole-one.csv", { type: "text/csv" }));
    form.append("files", new File([new Uint8Array(fixture("clean-10.csv"))], "whole-two.csv", { type: "text/csv" }));
    const preview = payload<any>(
      await run(bulkRoute.action, new Request(`${BASE}/admin/tests/bulk-upload`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } })),
    ).preview;
    const made = () =>
      db()
        .select({ title: tests.title })
        .from(tests)
        .where(inArray(tests.title, ["whole one", "whole two"]))
        .all()
        .map((t) => t.title)
        .sort();
    // the last write of Create (its stored result) fails, as a server stopped at that moment would leave it
    rawDb().exec("CREATE TRIGGER stop_bulk_create BEFORE UPDATE ON form_receipts BEGIN SELECT RAISE(ABORT, 'stopped'); END");
    try {
      const res = await run(bulkRoute.action, postRequest("/admin/tests/bulk-upload", { intent: "bulk-upload", token: preview.token }, { cookie: admin }));
      expect(statusOf(res)).toBe(500);
      expect(payload<any>(res).error).toBe("Error during bulk upload. Please try again.");
    } finally {
      rawDb().exec("DROP TRIGGER stop_bulk_create");
    }
    expect(made()).toEqual([]);
    expect(rawDb().prepare("SELECT count(*) AS n FROM form_receipts WHERE key = ?").get(receipt)).toEqual({ n: 0 });
    // pressed again: both tests, once, and the tests page's result
    const again = await run(bulkRoute.action, postRequest("/admin/tests/bulk-upload", { intent: "bulk-upload", token: preview.token }, { cookie: admin }));
    expect(statusOf(again)).toBe(302);
    expect((again as Response).headers.get("Location")).toContain(`bulkResult=${receipt}`);
    expect(made()).toEqual(["whole one", "whole two"]);
  });

  it("Choose other files posts the settings back as typed: kept for step 1, and a value changed on the way is said beside its field", async () => {
    const res = await run(
      bulkRoute.action,
      postRequest(
        "/admin/tests/bulk-upload",
        { intent: "back", defaultExamType: "SET", defaultDuration: "45", negativeMarks: "1/3", marksPerCorrect: "abc" },
        { cookie: admin },
      ),
    );
    expect(statusOf(res)).toBe(200);
    const back = payload<any>(res);
    expect(back).toMatchObject({ back: true, preview: null });
    expect(back.result.initialValue).toMatchObject({ defaultExamType: "SET", defaultDuration: "45", negativeMarks: "1/3" });
    expect(back.result.error.marksPerCorrect).toEqual(["Marks per right answer must be a number above 0 and at most 100, such as 1, 2 or 0.5"]);
  });
});
