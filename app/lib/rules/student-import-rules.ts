import { parse } from "csv-parse/sync";
import { z } from "zod";
import { addUserSchema, GLOBAL_LIMIT_MESSAGE, globalLimitSchema, rollNumberSchema, userEmailSchema } from "../schemas/admin-schemas";
import { decodeUtf8 } from "./csv-utf8";
import { batchNamesOf } from "./batches";
import { examTypeValue } from "./exam-type-rules";

/**
 * Bulk student import from CSV (User Management → Import students). Pure: the file, the exam types
 * that exist and the sign-in names already registered in, each row's outcome out. Columns (header row,
 * any case, in any order): name, email and/or roll_number (a roll number or phone, for students without
 * an e-mail; each row needs one of them), exam types (separated by ; or |), password (optional), global
 * test limit (optional). UTF-8 with or without BOM; names in any script.
 */
export const IMPORT_MAX_ROWS = 5000;
export const STUDENT_CSV_HEADER = ["name", "email", "roll_number", "exam_types", "password", "global_test_limit"] as const;
export const SAMPLE_STUDENTS_CSV = `${STUDENT_CSV_HEADER.join(",")}\nPriya Raman,priya@example.com,,TET;NET,,\nதமிழ்செல்வி,tamil@example.com,,PG_TRB,welcome123,3\nKavin S,,+91 98765 43210,PG_TRB,,\n`;

export const MISSING_HEADER =
  "The first row must name the columns: name, email or roll_number (or both), exam_types (password and global_test_limit are optional)";
/** A row with neither an e-mail nor a roll number: the import names both fields. */
export const MISSING_SIGN_IN_NAME = "Missing email or roll_number: a student needs one of them to sign in";
export const ROLL_NUMBER_IN_USE = "This roll number / phone belongs to another student";
export const NOT_UTF8_STUDENTS = "This file is not UTF-8 text. In your spreadsheet choose Save As → “CSV UTF-8 (Comma delimited)” and upload it again.";

/**
 * What happens to a student already registered: "add" the file's exam types to theirs (the default: a
 * file of TET students does not take NET away from anyone), "replace" theirs with the file's, or "skip".
 */
export type ExistingPolicy = "add" | "replace" | "skip";
export const EXISTING_POLICIES: readonly ExistingPolicy[] = ["add", "replace", "skip"];

export type StudentRow = {
  line: number;
  name: string;
  email: string | null;
  /** a roll number or phone, normalised (sign-in-name.ts) */
  rollNumber: string | null;
  examTypes: string[];
  password: string | null;
  globalTestLimit: number | null;
  /** the optional `batches` column: batch names (made when missing), joined by a new student and, unless the policy skips them, a registered one */
  batches?: string[];
};

export type RowOutcome =
  | { kind: "new"; row: StudentRow }
  | { kind: "update"; row: StudentRow; before: string[]; after: string[] }
  | { kind: "skip"; row: StudentRow }
  /** `email`: what the row names its student by (the e-mail, else the roll number), as typed */
  | { kind: "error"; line: number; email: string; reason: string };

/** The key a row (or a registered student) is known by: the e-mail, else the roll number (they never collide: only e-mails hold "@"). */
export function signInKeyOf(row: Pick<StudentRow, "email" | "rollNumber">): string {
  return row.email ?? row.rollNumber ?? "";
}

const optionalPassword = z
  .string()
  .trim()
  .max(200, "Password is too long (at most 200 characters)")
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || v.length >= 6, "Password must be at least 6 characters");

/** The cells of one row as the user record's rules read them (the same messages as Add User). */
const rowSchema = z.object({
  name: addUserSchema.shape.name,
  email: userEmailSchema,
  rollNumber: rollNumberSchema,
  password: optionalPassword,
  globalTestLimit: globalLimitSchema.shape.globalTestLimit,
});

function columnOf(header: string[], ...names: string[]): number {
  const normalised = header.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ""),
  );
  return normalised.findIndex((h) => names.includes(h));
}

/** The exam types a registered student ends with under a policy (in the order they had them, then the new ones). */
export function examTypesAfter(before: readonly string[], fromFile: readonly string[], policy: ExistingPolicy): string[] {
  if (policy === "skip" || !fromFile.length) return [...before];
  if (policy === "replace") return [...fromFile];
  return [...before, ...fromFile.filter((t) => !before.includes(t))];
}

/**
 * Reads the file and decides each row's outcome; nothing is written. `existing`: the registered e-mails
 * among the file's, with their exam types.
 */
export function planStudentImport(
  input: Uint8Array | string,
  knownTypes: ReadonlyArray<{ value: string; label: string }>,
  existing: ReadonlyMap<string, readonly string[]>,
  policy: ExistingPolicy,
): { ok: true; outcomes: RowOutcome[] } | { ok: false; error: string } {
  const text = typeof input === "string" ? input : decodeUtf8(input);
  if (text === null) return { ok: false, error: NOT_UTF8_STUDENTS };
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { info: true, relax_column_count: true, skip_empty_lines: true }) as never;
  } catch {
    return { ok: false, error: "Error parsing CSV file. Please check the format." };
  }
  if (!records.length) return { ok: false, error: MISSING_HEADER };
  const header = records[0].record;
  const col = {
    name: columnOf(header, "name", "studentname", "fullname"),
    email: columnOf(header, "email", "emailaddress", "e-mail"),
    rollNumber: columnOf(header, "rollnumber", "rollno", "roll", "phone", "phonenumber", "mobile", "mobilenumber"),
    types: columnOf(header, "examtypes", "examtype", "exams"),
    password: columnOf(header, "password"),
    limit: columnOf(header, "globaltestlimit", "testlimit", "limit"),
    batches: columnOf(header, "batches", "batch"),
  };
  if (col.name < 0 || (col.email < 0 && col.rollNumber < 0) || col.types < 0) return { ok: false, error: MISSING_HEADER };
  if (records.length - 1 > IMPORT_MAX_ROWS) return { ok: false, error: `At most ${IMPORT_MAX_ROWS} students per file.` };

  // an exam type is named by its value (TET, PG_TRB) or its label ("PG TRB"), any case
  const byKey = new Map<string, string>();
  for (const t of knownTypes) {
    byKey.set(t.value.toUpperCase(), t.value);
    byKey.set(examTypeValue(t.label), t.value);
  }
  // the first line of each e-mail and each roll number in the file
  const seen = new Map<string, number>();
  const outcomes: RowOutcome[] = [];
  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    const cell = (i: number) => (i >= 0 ? (record[i] ?? "") : "");
    const email = cell(col.email).trim().toLowerCase() || cell(col.rollNumber).trim();
    const fail = (reason: string) => outcomes.push({ kind: "error", line, email, reason });
    const parsed = rowSchema.safeParse({
      name: cell(col.name),
      email: cell(col.email),
      rollNumber: cell(col.rollNumber),
      password: cell(col.password),
      globalTestLimit: cell(col.limit),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      fail(issue.path[0] === "globalTestLimit" ? GLOBAL_LIMIT_MESSAGE : issue.message);
      continue;
    }
    const names = cell(col.types)
      .split(/[;|]/)
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = names.filter((n) => !byKey.has(examTypeValue(n)) && !byKey.has(n.toUpperCase()));
    if (unknown.length) {
      fail(`Unknown exam type: ${unknown.join(", ")}`);
      continue;
    }
    const types = [...new Set(names.map((n) => byKey.get(n.toUpperCase()) ?? byKey.get(examTypeValue(n)) ?? n))];
    const batches = batchNamesOf(cell(col.batches));
    const row: StudentRow = {
      line,
      ...parsed.data,
      email: parsed.data.email ?? null,
      rollNumber: parsed.data.rollNumber ?? null,
      examTypes: types,
      ...(batches.length ? { batches } : {}),
    };
    if (!row.email && !row.rollNumber) {
      fail(MISSING_SIGN_IN_NAME);
      continue;
    }
    const firstEmail = row.email ? seen.get(row.email) : undefined;
    if (firstEmail !== undefined) {
      fail(`Duplicate e-mail in this file (first on line ${firstEmail})`);
      continue;
    }
    const firstRoll = row.rollNumber ? seen.get(row.rollNumber) : undefined;
    if (firstRoll !== undefined) {
      fail(`Duplicate roll number / phone in this file (first on line ${firstRoll})`);
      continue;
    }
    // a registered student is found by the e-mail, else (a row without one) by the roll number
    const before = existing.get(signInKeyOf(row));
    if (!before && row.email && row.rollNumber && existing.has(row.rollNumber)) {
      fail(ROLL_NUMBER_IN_USE);
      continue;
    }
    for (const key of [row.email, row.rollNumber]) if (key) seen.set(key, line);
    if (!before) {
      outcomes.push({ kind: "new", row });
      continue;
    }
    const after = examTypesAfter(before, types, policy);
    const same = after.length === before.length && after.every((t) => before.includes(t));
    // a registered student named with batches joins them (unless the policy leaves registered students alone)
    const joins = policy !== "skip" && !!row.batches?.length;
    outcomes.push(same && !joins ? { kind: "skip", row } : { kind: "update", row, before: [...before], after });
  }
  return { ok: true, outcomes };
}

export function countOutcomes(outcomes: readonly RowOutcome[]) {
  const counts = { new: 0, update: 0, skip: 0, error: 0 };
  for (const o of outcomes) counts[o.kind] += 1;
  return counts;
}

/** What the preview says a row will do: new (with a sign-in link when it has no password), its change, or nothing. */
export function outcomeText(o: Exclude<RowOutcome, { kind: "error" }>): string {
  const joins = o.row.batches?.length ? `joins ${o.row.batches.join(", ")}` : "";
  if (o.kind === "new") return [o.row.password ? "New" : "New (sign-in link)", joins].filter(Boolean).join(", ");
  if (o.kind === "skip") return "Unchanged (already registered)";
  const typesChanged = o.before.length !== o.after.length || o.after.some((t) => !o.before.includes(t));
  return [typesChanged ? "Exam types changed" : "", joins].filter(Boolean).join(", ").replace(/^j/, "J");
}
