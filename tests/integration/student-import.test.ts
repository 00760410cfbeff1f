import { parse } from "csv-parse/sync";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { userExamTypes, users } from "~/db/schema.server";
import * as linksCsv from "~/routes/admin+/_backup+/backup_.sign-in-links[.]csv";
import * as importRoute from "~/routes/admin+/_users+/users_.import";
import * as welcome from "~/routes/_auth+/welcome.$token";
import { BASE, flashOf, getRequest, OWNER, payload, postRequest, run, seedBase, signIn } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

function upload(csv: string, existing: "add" | "replace" | "skip" = "add") {
  const form = new FormData();
  form.append("existing", existing);
  form.append("file", new File([csv], "students.csv", { type: "text/csv" }));
  return run(importRoute.action, new Request(`${BASE}/admin/users/import`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }));
}

async function previewOf(csv: string, existing: "add" | "replace" | "skip" = "add") {
  const res = (await upload(csv, existing)) as Response;
  const location = res.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/admin\/users\/import\?preview=/);
  return payload<any>(await run(importRoute.loader, getRequest(location, admin))).preview;
}

const confirm = (key: string) => run(importRoute.action, postRequest("/admin/users/import", { key }, { cookie: admin })) as Promise<Response>;
const imported = () => db().select().from(users).where(like(users.email, "bulk%@import.test")).all();

describe("bulk student import", () => {
  it("imports 3,000 generated students; a re-import changes nothing", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `Student ${i + 1},bulk${i + 1}@import.test,${i % 2 ? "TET;NET" : "PG_TRB"},,`);
    const csv = `name,email,exam_types,password,global_test_limit\n${rows.join("\n")}\n`;
    const preview = await previewOf(csv);
    expect(preview.counts).toEqual({ new: 3000, update: 0, skip: 0, error: 0 });
    expect(preview.rows).toHaveLength(100);
    expect(imported()).toHaveLength(0);

    const done = await confirm(preview.key);
    expect(flashOf(done)?.text).toBe("Import complete: 3000 students added, 0 updated, 0 skipped, 0 rows with errors not imported");
    expect(imported()).toHaveLength(3000);
    // a second confirm of the same preview does nothing
    expect(flashOf(await confirm(preview.key))?.text).toMatch(/expired or was already imported/);
    expect(imported()).toHaveLength(3000);

    // each got a one-time sign-in link, downloadable as CSV
    const linksKey = new URL(done.headers.get("Location") ?? "", BASE).searchParams.get("links");
    const csvRes = (await run(linksCsv.loader, getRequest(`/admin/backup/sign-in-links.csv?key=${linksKey}`, admin))) as Response;
    const links = parse((await csvRes.text()).replace(/^\uFEFF/, ""), { columns: true }) as Array<Record<string, string>>;
    expect(links).toHaveLength(3000);
    const first = links.find((l) => l.email === "bulk1@import.test")!;
    const token = first.link.split("/welcome/")[1];
    await run(welcome.action, postRequest(`/welcome/${token}`, { password: "first-pass", confirm: "first-pass" }), { token });
    await expect(signIn("bulk1@import.test", "first-pass")).resolves.toBeTruthy();

    const before = JSON.stringify(
      db()
        .select()
        .from(userExamTypes)
        .all()
        .sort((a, b) => (a.userId + a.examType).localeCompare(b.userId + b.examType)),
    );
    const again = await previewOf(csv);
    // every student already has those exam types: unchanged, nothing to update
    expect(again.counts).toEqual({ new: 0, update: 0, skip: 3000, error: 0 });
    expect(flashOf(await confirm(again.key))?.text).toBe("Import complete: 0 students added, 0 updated, 3000 skipped, 0 rows with errors not imported");
    const after = JSON.stringify(
      db()
        .select()
        .from(userExamTypes)
        .all()
        .sort((a, b) => (a.userId + a.examType).localeCompare(b.userId + b.examType)),
    );
    expect(after).toBe(before);
    expect(imported()).toHaveLength(3000);
  }, 60_000);

  it("reports each bad row with its line and writes nothing of it; existing students are updated or skipped as chosen", async () => {
    const csv = [
      "name,email,exam_types,password",
      "Fresh Student,fresh@rows.test,TET,secret12",
      "Bad Mail,bad-mail,TET,",
      "Unknown Type,unknown@rows.test,SSC,",
      "Twice,fresh@rows.test,NET,",
      `${"N".repeat(101)},long@rows.test,TET,`,
      "Student 2,bulk2@import.test,SET,",
    ].join("\n");
    const skipPreview = await previewOf(csv, "skip");
    expect(skipPreview.counts).toEqual({ new: 1, update: 0, skip: 1, error: 4 });
    expect(skipPreview.errors.map((e: any) => [e.line, e.reason])).toEqual([
      [3, "Please enter a valid email address"],
      [4, "Unknown exam type: SSC"],
      [5, "Duplicate e-mail in this file (first on line 2)"],
      [6, "Name is too long (at most 100 characters)"],
    ]);
    await confirm(skipPreview.key);
    expect(db().select().from(users).where(eq(users.email, "fresh@rows.test")).get()?.passwordHash).toMatch(/^\$argon2id\$/);
    for (const email of ["bad-mail", "unknown@rows.test", "long@rows.test"])
      expect(db().select().from(users).where(eq(users.email, email)).get()).toBeUndefined();
    const student2 = db().select().from(users).where(eq(users.email, "bulk2@import.test")).get()!;
    expect(
      db()
        .select()
        .from(userExamTypes)
        .where(eq(userExamTypes.userId, student2.id))
        .all()
        .map((t) => t.examType)
        .sort(),
    ).toEqual(["NET", "TET"]);

    const typesOf2 = () =>
      db()
        .select()
        .from(userExamTypes)
        .where(eq(userExamTypes.userId, student2.id))
        .all()
        .map((t) => t.examType)
        .sort();
    // by default the file's types are added: NET, TET → NET, SET, TET, shown before → after in the preview
    const addPreview = await previewOf("name,email,exam_types\nStudent 2,bulk2@import.test,SET\n");
    expect(addPreview.counts).toMatchObject({ update: 1 });
    expect(addPreview.rows[0].change).toEqual({ before: ["NET", "TET"], after: ["NET", "TET", "SET"] });
    await confirm(addPreview.key);
    expect(typesOf2()).toEqual(["NET", "SET", "TET"]);
    // replacing is a choice of its own
    const replacePreview = await previewOf("name,email,exam_types\nStudent 2,bulk2@import.test,SET\n", "replace");
    expect(replacePreview.rows[0].change).toEqual({ before: ["NET", "SET", "TET"], after: ["SET"] });
    await confirm(replacePreview.key);
    expect(typesOf2()).toEqual(["SET"]);
  });
});
