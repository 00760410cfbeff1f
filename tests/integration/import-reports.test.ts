// Import runs leave a lasting report of what they refused (the flash that says it is gone in seconds):
// the JSON import, a bulk test upload and a student import each keep every refused item with where it
// was and why, listed on Backup & Import, shown on a page of its own and downloadable as CSV.
import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_REPORTS_KEPT, recentImportReports, saveImportReport } from "~/models/import-reports.server";
import * as backupRoute from "~/routes/admin+/_backup+/backup";
import * as reportRoute from "~/routes/admin+/_insight+/reports.$reportId";
import * as reportCsv from "~/routes/admin+/_insight+/reports.$reportId[.]csv";
import * as bulkUploadRoute from "~/routes/admin+/_tests+/tests.bulk-upload";
import * as importRoute from "~/routes/admin+/_users+/users_.import";
import { BASE, bulkUploadViaPreview, flashOf, getRequest, OWNER, payload, postRequest, run, seedBase, signIn } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const multipart = (path: string, fields: Record<string, string>, files: Array<{ field: string; name: string; body: string }>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field, new File([f.body], f.name, { type: f.name.endsWith(".json") ? "application/json" : "text/csv" }));
  return new Request(`${BASE}${path}`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } });
};

describe("import reports", () => {
  it("the JSON import keeps every refused item, shown on its page and as CSV", async () => {
    const books = Array.from({ length: 14 }, (_, i) => ({ id: `rb-${i}`, title: i % 3 === 0 ? "" : `Book ${i}`, coverUrl: "https://img.example/c.png" }));
    const file = JSON.stringify({ users: [], tests: [], attempts: [], materials: [], customExamTypes: [], books, version: "1.0" });
    const preview = payload<any>(await run(backupRoute.action, multipart("/admin/backup", {}, [{ field: "file", name: "old-site.json", body: file }])));
    const done = (await run(backupRoute.action, postRequest("/admin/backup", { intent: "import", token: preview.token }, { cookie: admin }))) as Response;
    expect(flashOf(done)?.text).toContain("The refused items are listed in the import report below.");
    const page = payload<any>(await run(backupRoute.loader, getRequest("/admin/backup", admin)));
    const listed = page.reports.find((r: { kind: string }) => r.kind === "json-import");
    // five of the fourteen had no title: all five are kept (the flash names three)
    expect(listed).toMatchObject({ source: "JSON backup", refused: 5 });
    const report = payload<any>(await run(reportRoute.loader, getRequest(`/admin/reports/${listed.id}`, admin), { reportId: listed.id })).report;
    expect(report.items).toHaveLength(5);
    expect(report.items[0]).toEqual({ where: "books, item 1 (title)", reason: "Title is required" });
    const csv = (await run(reportCsv.loader, getRequest(`/admin/reports/${listed.id}.csv`, admin), { reportId: listed.id })) as Response;
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe("where,reason");
    expect(lines).toHaveLength(6);
  });

  it("a bulk upload keeps its refused files and flagged rows", async () => {
    const receipt = payload<any>(await run(bulkUploadRoute.loader, getRequest("/admin/tests/bulk-upload", admin))).receipt;
    await bulkUploadViaPreview(
      bulkUploadRoute.action,
      multipart("/admin/tests/bulk-upload", { intent: "preview", receipt, defaultExamType: "NET" }, [
        { field: "files", name: "no-header.csv", body: "Q,A,B,C,D,Ans\nWho?,a,b,c,d,A\n" },
        { field: "files", name: "good.csv", body: "question,option1,option2,correct_answer\nWho wrote Hamlet?,Shakespeare,Marlowe,Shakespeare\nShort,row\n" },
      ]),
    );
    const report = recentImportReports().find((r) => r.kind === "bulk-upload");
    expect(report).toMatchObject({ source: "2 files", refused: 2 });
    const items = payload<any>(await run(reportRoute.loader, getRequest(`/admin/reports/${report?.id}`, admin), { reportId: report?.id ?? "" })).report.items;
    expect(items).toEqual([
      { where: "no-header.csv", reason: "CSV must contain at least: question, option columns, correct_answer" },
      { where: "good.csv, line 3", reason: "skipped: only 2 values (at least 4 needed)" },
    ]);
  });

  it("a student import keeps its refused rows", async () => {
    const form = new FormData();
    form.append("existing", "add");
    form.append("file", new File(["name,email,exam_types\nGood One,good1@report.test,TET\nBad Mail,not-an-email,TET\n"], "batch.csv", { type: "text/csv" }));
    const previewed = (await run(
      importRoute.action,
      new Request(`${BASE}/admin/users/import`, { method: "POST", body: form, headers: { Cookie: admin, Origin: BASE } }),
    )) as Response;
    const key = new URL(previewed.headers.get("Location") ?? "", BASE).searchParams.get("preview") ?? "";
    const done = (await run(importRoute.action, postRequest("/admin/users/import", { key }, { cookie: admin }))) as Response;
    expect(flashOf(done)?.text).toContain("The refused rows are listed in the import report under Backup & Import.");
    const report = recentImportReports().find((r) => r.kind === "student-import");
    expect(report).toMatchObject({ source: "batch.csv", refused: 1 });
  });

  it("keeps the newest reports only, and none for a run that refused nothing", () => {
    expect(saveImportReport("json-import", "x", "nothing refused", [], null)).toBeNull();
    for (let i = 0; i < IMPORT_REPORTS_KEPT + 5; i++) saveImportReport("json-import", `run ${i}`, "s", [{ where: "w", reason: "r" }], null);
    expect(recentImportReports(IMPORT_REPORTS_KEPT + 50)).toHaveLength(IMPORT_REPORTS_KEPT);
  });
});
