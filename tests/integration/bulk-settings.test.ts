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
import { BASE, OWNER, run, seedBase, signIn } from "../helpers";

let admin = "";
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "../fixtures", name));

function upload(fields: Record<string, string>, files: Array<{ name: string; body: Buffer | string }>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ intent: "bulk-upload", receipt: crypto.randomUUID(), ...fields })) form.append(k, v);
  for (const f of files) form.append("files", new File([typeof f.body === "string" ? f.body : new Uint8Array(f.body)], f.name, { type: "text/csv" }));
  return run(bulkRoute.action, new Request(`${BASE}/admin/tests/bulk-upload`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }));
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
});
