import { describe, expect, it } from "vitest";
import {
  countOutcomes,
  type ExistingPolicy,
  examTypesAfter,
  MISSING_HEADER,
  MISSING_SIGN_IN_NAME,
  NOT_UTF8_STUDENTS,
  planStudentImport,
  ROLL_NUMBER_IN_USE,
  outcomeText,
  SAMPLE_STUDENTS_CSV,
} from "~/lib/rules/student-import-rules";

const TYPES = [
  { value: "TET", label: "TET" },
  { value: "NET", label: "NET" },
  { value: "PG_TRB", label: "PG TRB" },
  { value: "தமிழ்_இலக்கியம்", label: "தமிழ் இலக்கியம்" },
];

const plan = (csv: string | Uint8Array, existing: Record<string, string[]> = {}, policy: ExistingPolicy = "add") => {
  const r = planStudentImport(csv, TYPES, new Map(Object.entries(existing)), policy);
  if (!r.ok) throw new Error(r.error);
  return r.outcomes;
};

describe("planStudentImport", () => {
  it("reads the sample: names in any script, types by value or label, ; or |, optional password and limit", () => {
    const out = plan(SAMPLE_STUDENTS_CSV);
    expect(out).toEqual([
      {
        kind: "new",
        row: { line: 2, name: "Priya Raman", email: "priya@example.com", rollNumber: null, examTypes: ["TET", "NET"], password: null, globalTestLimit: null },
      },
      {
        kind: "new",
        row: { line: 3, name: "தமிழ்செல்வி", email: "tamil@example.com", rollNumber: null, examTypes: ["PG_TRB"], password: "welcome123", globalTestLimit: 3 },
      },
      // a student with only a phone: it is their sign-in name, stored without spaces
      {
        kind: "new",
        row: { line: 4, name: "Kavin S", email: null, rollNumber: "9876543210", examTypes: ["PG_TRB"], password: null, globalTestLimit: null },
      },
    ]);
    const labels = plan("Name,E-mail,Exam Types\nA,a@x.co,PG TRB | தமிழ் இலக்கியம்\n");
    expect(labels[0]).toMatchObject({ kind: "new", row: { examTypes: ["PG_TRB", "தமிழ்_இலக்கியம்"] } });
  });

  it("takes a byte-order mark and CRLF lines; refuses a file that is not UTF-8 or has no header", () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("name,email,exam_types\r\nA,A@X.CO,tet\r\n")]);
    expect(plan(bom)[0]).toMatchObject({ kind: "new", row: { email: "a@x.co", examTypes: ["TET"] } });
    expect(planStudentImport(new Uint8Array([0x41, 0xe9, 0x0a]), TYPES, new Map(), "add")).toEqual({ ok: false, error: NOT_UTF8_STUDENTS });
    expect(planStudentImport("a,b,c\n1,2,3\n", TYPES, new Map(), "add")).toEqual({ ok: false, error: MISSING_HEADER });
  });

  it("reports each bad row with its line and reason, and writes none of it", () => {
    const csv = [
      "name,email,exam_types,password,global_test_limit",
      "Good,good@x.co,TET,,",
      "No Mail,not-an-email,TET,,",
      "Odd Type,odd@x.co,TET;SSC,,",
      "Again,GOOD@x.co,NET,,",
      `${"L".repeat(101)},long@x.co,TET,,`,
      "Short,short@x.co,TET,abc,",
      "Limit,limit@x.co,TET,,-2",
      ",empty@x.co,TET,,",
    ].join("\n");
    const out = plan(csv);
    expect(out.filter((o) => o.kind === "error")).toEqual([
      { kind: "error", line: 3, email: "not-an-email", reason: "Please enter a valid email address" },
      { kind: "error", line: 4, email: "odd@x.co", reason: "Unknown exam type: SSC" },
      { kind: "error", line: 5, email: "good@x.co", reason: "Duplicate e-mail in this file (first on line 2)" },
      { kind: "error", line: 6, email: "long@x.co", reason: "Name is too long (at most 100 characters)" },
      { kind: "error", line: 7, email: "short@x.co", reason: "Password must be at least 6 characters" },
      { kind: "error", line: 8, email: "limit@x.co", reason: "Enter a whole number from 0 to 1000, or leave it empty for no limit" },
      { kind: "error", line: 9, email: "empty@x.co", reason: "Please fill in all fields" },
    ]);
    expect(countOutcomes(out)).toEqual({ new: 1, update: 0, skip: 0, error: 7 });
  });

  it("students without an e-mail: a roll number or phone instead, the missing field named when a row has neither", () => {
    const csv = [
      "name,email,roll_number,exam_types",
      "Roll Only,,pg-trb-007,TET",
      "Phone Only,,+91 98765 43210,TET",
      "Both,both@x.co,R-9,NET",
      "Neither,,,TET",
      "Same Roll,,PG-TRB-007,NET",
      "Bad Roll,,R#1,TET",
      "Taken Roll,new@x.co,R-42,TET",
    ].join("\n");
    const out = plan(csv, { R42: ["NET"] });
    expect(out.filter((o) => o.kind === "new").map((o) => (o.kind === "new" ? [o.row.email, o.row.rollNumber] : []))).toEqual([
      [null, "PGTRB007"],
      [null, "9876543210"],
      ["both@x.co", "R9"],
    ]);
    expect(out.filter((o) => o.kind === "error")).toEqual([
      { kind: "error", line: 5, email: "", reason: MISSING_SIGN_IN_NAME },
      { kind: "error", line: 6, email: "PG-TRB-007", reason: "Duplicate roll number / phone in this file (first on line 2)" },
      { kind: "error", line: 7, email: "R#1", reason: "A roll number or phone may use letters, digits and + - . / _ (at most 40)" },
      { kind: "error", line: 8, email: "new@x.co", reason: ROLL_NUMBER_IN_USE },
    ]);
    expect(MISSING_SIGN_IN_NAME).toContain("email or roll_number");
    // a registered student named by roll number only is updated, not created again
    expect(plan("name,roll_number,exam_types\nRoll,pg-trb-007,TET\n", { PGTRB007: ["NET"] })[0]).toMatchObject({
      kind: "update",
      before: ["NET"],
      after: ["NET", "TET"],
    });
    // a file with a roll_number column and no email column is accepted; one with neither is not
    expect(planStudentImport("name,exam_types\nA,TET\n", TYPES, new Map(), "add")).toEqual({ ok: false, error: MISSING_HEADER });
  });

  it("an already registered student gets the file's exam types added (the default), replaced, or is skipped, as chosen", () => {
    const csv = "name,email,exam_types\nOld,old@x.co,TET\n";
    const existing = { "old@x.co": ["NET", "SET"] };
    expect(plan(csv, existing)[0]).toMatchObject({ kind: "update", before: ["NET", "SET"], after: ["NET", "SET", "TET"] });
    expect(plan(csv, existing, "replace")[0]).toMatchObject({ kind: "update", before: ["NET", "SET"], after: ["TET"] });
    expect(plan(csv, existing, "skip")[0].kind).toBe("skip");
    // nothing to change: unchanged, not an update
    expect(plan("name,email,exam_types\nOld,old@x.co,NET\n", existing)[0].kind).toBe("skip");
  });

  it("examTypesAfter keeps the order the student had, then the new ones", () => {
    expect(examTypesAfter(["NET", "SET"], ["TET", "NET"], "add")).toEqual(["NET", "SET", "TET"]);
    expect(examTypesAfter(["NET", "SET"], ["TET"], "replace")).toEqual(["TET"]);
    expect(examTypesAfter(["NET"], [], "replace")).toEqual(["NET"]);
    expect(examTypesAfter(["NET"], ["TET"], "skip")).toEqual(["NET"]);
  });
});

describe("planStudentImport limits", () => {
  it("refuses a file of more than 5,000 students before reading its rows", () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `S${i},s${i}@x.co,TET`).join("\n");
    expect(planStudentImport(`name,email,exam_types\n${rows}\n`, TYPES, new Map(), "add")).toEqual({ ok: false, error: "At most 5000 students per file." });
  });
  it("a name that looks like a spreadsheet formula is kept as text (neutralised only when written to CSV)", () => {
    expect(plan('name,email,exam_types\n"=HYPERLINK(""x"")",f@x.co,TET\n')[0]).toMatchObject({ kind: "new", row: { name: '=HYPERLINK("x")' } });
  });
});

describe("the preview's outcome of a row", () => {
  const row = { line: 2, name: "A", email: "a@x.co", rollNumber: null, examTypes: ["NET"], password: null, globalTestLimit: null };
  it("says new, a sign-in link, the exam types changed, the batches joined, or unchanged", () => {
    expect(outcomeText({ kind: "new", row })).toBe("New (sign-in link)");
    expect(outcomeText({ kind: "new", row: { ...row, password: "secret1", batches: ["NET morning"] } })).toBe("New, joins NET morning");
    expect(outcomeText({ kind: "update", row, before: ["TET"], after: ["TET", "NET"] })).toBe("Exam types changed");
    expect(outcomeText({ kind: "update", row: { ...row, batches: ["A", "B"] }, before: ["NET"], after: ["NET"] })).toBe("Joins A, B");
    expect(outcomeText({ kind: "update", row: { ...row, batches: ["A"] }, before: [], after: ["NET"] })).toBe("Exam types changed, joins A");
    expect(outcomeText({ kind: "skip", row })).toBe("Unchanged (already registered)");
  });
});
