// The files an academy downloads: the users CSV with how each signs in (e-mail, roll number or phone) and their
// batches; the sign-in links CSV with a phone column of its own; file names dated by the academy's day.
import { beforeAll, describe, expect, it } from "vitest";
import { dayStamp } from "~/lib/rules/time";
import { backupFileName } from "~/models/backup-export.server";
import { addMembers, createBatch } from "~/models/batches.server";
import { usersReportCsv } from "~/models/reports.server";
import { createLinkBatch } from "~/models/sign-in-links.server";
import { createUser } from "~/models/user.server";
import * as linksCsv from "~/routes/admin+/_backup+/backup_.sign-in-links[.]csv";
import { getRequest, OWNER, run, seedBase, signIn } from "../helpers";

let admin = "";
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

describe("the files an academy downloads", () => {
  it("the users CSV has every student's e-mail or roll number or phone, exam types and batches", async () => {
    const withMail = await createUser({ name: "Mail Student", email: "mail@example.test", password: "mail-pass-1", assignedExamTypes: ["NET", "SET"] });
    await createUser({ name: "Phone Student", email: null, rollNumber: "+91 98400 55555", password: "phone-pass-1", assignedExamTypes: ["TET"] });
    const batch = createBatch("Weekend NET");
    if (!batch.ok) throw new Error(batch.error);
    addMembers(batch.id, [withMail.id]);
    const lines = usersReportCsv("Asia/Kolkata")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("name,email,roll_number_or_phone,role,status,exam_types,batches,joined,last_login");
    expect(lines.find((l) => l.startsWith("Mail Student"))).toMatch(/^Mail Student,mail@example\.test,,student,active,NET; SET,Weekend NET,/);
    expect(lines.find((l) => l.startsWith("Phone Student"))).toMatch(/^Phone Student,,9840055555,student,active,TET,,/);
  });

  it("the sign-in links CSV puts a phone in its own column", async () => {
    const phone = await createUser({ name: "Link Phone", email: null, rollNumber: "9840066666", password: null, assignedExamTypes: ["TET"] });
    const mail = await createUser({ name: "Link Mail", email: "link-mail@example.test", password: null, assignedExamTypes: ["TET"] });
    const made = createLinkBatch([phone.id, mail.id], "https://tests.example");
    const res = (await run(linksCsv.loader, getRequest(`/admin/backup/sign-in-links.csv?key=${made.key}`, admin))) as Response;
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("name,email,phone_or_roll_number,link,valid_until");
    expect(lines.find((l) => l.startsWith("Link Phone"))).toMatch(/^Link Phone,,9840066666,https:\/\/tests\.example\/welcome\//);
    expect(lines.find((l) => l.startsWith("Link Mail"))).toMatch(/^Link Mail,link-mail@example\.test,,https:/);
  });

  it("a backup made at 1 a.m. in India is dated that day, not the day before in UTC", () => {
    const oneAm = Date.UTC(2026, 10, 28, 19, 30); // 29 Nov 2026, 1:00 IST
    expect(dayStamp(oneAm, "Asia/Kolkata")).toBe("2026-11-29");
    expect(backupFileName(new Date(oneAm), "Asia/Kolkata")).toBe("academy-test-series-backup-2026-11-29.json");
  });
});
