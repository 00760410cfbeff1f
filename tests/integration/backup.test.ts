import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawDb, switchDatabase } from "~/db/db.server";
import { backupJsonChunks, importBackup, importMessage, parseBackup } from "~/models/backup.server";
import * as backupRoute from "~/routes/admin+/_backup+/backup";
import * as exportRoute from "~/routes/admin+/_backup+/backup_.export";
import { makeStudent, OWNER, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-backup-"));
const first = path.join(dir, "first.db");
const second = path.join(dir, "second.db");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const TABLES = [
  "users",
  "user_exam_types",
  "user_test_limits",
  "exam_types",
  "tests",
  "questions",
  "attempts",
  "attempt_answers",
  "materials",
  "announcements",
  "announcement_exam_types",
  "announcement_users",
  "books",
];
const counts = () => Object.fromEntries(TABLES.map((t) => [t, (rawDb().prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]));

let exported = "";
let before: Record<string, number>;
let sampleBefore: unknown;

beforeAll(async () => {
  switchDatabase(first);
  await seedBase({ demo: true });
  rawDb()
    .prepare(
      "INSERT INTO user_test_limits (user_id, test_id, max_attempts) SELECT u.id, t.id, 2 FROM users u, tests t WHERE u.email = 'arun@academy.local' LIMIT 1",
    )
    .run();
  exported = [...backupJsonChunks()].join("");
  before = counts();
  sampleBefore = rawDb()
    .prepare(
      "SELECT a.id, a.score, a.time_spent, a.completed_at, (SELECT group_concat(question_id || ':' || chosen_index) FROM attempt_answers WHERE attempt_id = a.id) AS answers FROM attempts a ORDER BY a.id",
    )
    .all();
});

describe("export then import", () => {
  it("the export has the spec's shape and no password hashes", () => {
    const json = JSON.parse(exported);
    expect(json.version).toBe("1.0");
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(["users", "tests", "attempts", "materials", "customExamTypes", "exportDate", "announcements", "books"]),
    );
    expect(exported).not.toContain("$argon2id$");
    expect(exported).not.toContain("password");
    expect(json.tests[0].questions[0]).toEqual(expect.objectContaining({ id: "q1", options: expect.any(Array), correctAnswer: expect.any(Number) }));
    expect(json.attempts[0].answers).toEqual(expect.objectContaining({ q1: expect.any(Number) }));
  });

  it("reproduces every row in an empty database, and a second import adds nothing", async () => {
    switchDatabase(second);
    const parsed = parseBackup(exported);
    if (!parsed.ok) throw new Error(parsed.error);
    const result = await importBackup(parsed.data);
    expect(result.errors).toBe(0);
    const after = counts();
    // built-in exam types are seeded at start, not imported; everything else matches row for row
    expect({ ...after, exam_types: 0 }).toEqual({ ...before, exam_types: 0 });
    expect(after.exam_types).toBe(0 + (before.exam_types - 7));
    const sampleAfter = rawDb()
      .prepare(
        "SELECT a.id, a.score, a.time_spent, a.completed_at, (SELECT group_concat(question_id || ':' || chosen_index) FROM attempt_answers WHERE attempt_id = a.id) AS answers FROM attempts a ORDER BY a.id",
      )
      .all();
    expect(sampleAfter).toEqual(sampleBefore);
    const user = rawDb().prepare("SELECT password_hash FROM users WHERE email = 'student@academy.local'").get() as { password_hash: string | null };
    expect(user.password_hash).toBeNull();

    const again = await importBackup(parsed.data);
    expect(again.imported).toBe(0);
    expect(again.errors).toBe(0);
    expect(counts()).toEqual(after);
  });
});

describe("bad files", () => {
  it("a file missing a collection is refused with Invalid backup file format and writes nothing", () => {
    const json = JSON.parse(exported);
    delete json.customExamTypes;
    expect(parseBackup(JSON.stringify(json))).toEqual({ ok: false, error: "Invalid backup file format" });
    expect(parseBackup("{not json")).toEqual({ ok: false, error: "Failed to parse JSON file" });
    expect(parseBackup(JSON.stringify({ users: [], tests: [], attempts: [], materials: [], customExamTypes: [] }))).toEqual({
      ok: false,
      error: "No valid data to import",
    });
  });

  it("imports 97 of 100 books when 3 are bad, and reports 3 errors", async () => {
    switchDatabase(path.join(dir, "third.db"));
    const books = Array.from({ length: 100 }, (_, i) => ({
      id: `book-${i}`,
      title: `Book ${i}`,
      coverUrl: "https://img.example/c.png",
      createdAt: "2026-01-01T00:00:00Z",
    }));
    books[10] = { ...books[10], title: "" };
    books[50] = { id: "book-50", coverUrl: "x" } as never;
    books[90] = "not an object" as never;
    const parsed = parseBackup(JSON.stringify({ users: [], tests: [], attempts: [], materials: [], customExamTypes: [], books, version: "1.0" }));
    if (!parsed.ok) throw new Error(parsed.error);
    const result = await importBackup(parsed.data);
    expect(result).toMatchObject({ imported: 97, errors: 3 });
    // each refused item is named with its position, its field and the Add Book dialog's own message
    expect(result.problems).toEqual([
      "books: item 11 (title): Title is required",
      "books: item 51 (title): Title is required",
      "books: item 91: Invalid input: expected object, received string",
    ]);
    expect(importMessage(result)).toContain("3 errors (books: item 11 (title): Title is required;");
    expect((rawDb().prepare("SELECT COUNT(*) AS n FROM books").get() as { n: number }).n).toBe(97);
  });

  it("a bad attempt (unknown test) is skipped without leaving answers behind", async () => {
    switchDatabase(path.join(dir, "fourth.db"));
    const parsed = parseBackup(
      JSON.stringify({
        users: [],
        tests: [],
        attempts: [{ id: "a1", testId: "nope", userId: "nobody", answers: { q1: 0 }, score: 1, totalQuestions: 1 }],
        materials: [],
        customExamTypes: [],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(await importBackup(parsed.data)).toMatchObject({ imported: 0, errors: 1 });
    expect((rawDb().prepare("SELECT COUNT(*) AS n FROM attempt_answers").get() as { n: number }).n).toBe(0);
  });
});

describe("tests of an exam type this site does not have", () => {
  it("creates the type as a custom one and says so; a value that is no exam type refuses the item", async () => {
    switchDatabase(path.join(dir, "sixth.db"));
    await seedBase();
    const question = { question: "Who wrote Hamlet?", options: ["Shakespeare", "Marlowe"], correctAnswer: 0 };
    const parsed = parseBackup(
      JSON.stringify({
        users: [],
        tests: [
          { id: "mars-1", title: "Mars TRB Mock 1", examType: "MARS_TRB", duration: 30, questions: [question] },
          { id: "mars-2", title: "Mars TRB Mock 2", examType: "MARS_TRB", duration: 30, questions: [question] },
          { id: "odd-1", title: "Odd Type", examType: "mars trb?!", duration: 30, questions: [question] },
        ],
        attempts: [],
        materials: [],
        customExamTypes: [],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.error);
    const result = await importBackup(parsed.data);
    expect(result).toMatchObject({ imported: 2, errors: 1, createdExamTypes: ["MARS TRB"] });
    expect(rawDb().prepare("SELECT value, label, is_builtin AS builtin FROM exam_types WHERE value = 'MARS_TRB'").all()).toEqual([
      { value: "MARS_TRB", label: "MARS TRB", builtin: 0 },
    ]);
    expect(importMessage(result)).toContain("new exam type created for the imported tests: “MARS TRB”");
    expect(result.problems[0]).toContain("the exam type “mars trb?!” is not one this site can create");
  });
});

describe("a backup moved to a new site keeps the admin's state", () => {
  it("an inactive upload's report, the regrade history with its reasons, and the owner's custom exam types", async () => {
    switchDatabase(path.join(dir, "seventh.db"));
    await seedBase();
    const conn = rawDb();
    const now = Date.UTC(2026, 10, 1);
    conn
      .prepare("INSERT INTO exam_types (id, value, label, is_builtin, created_at, updated_at) VALUES ('kt', 'KERALA_SET', 'Kerala SET', 0, ?, ?)")
      .run(now, now);
    conn.prepare("INSERT INTO user_exam_types (user_id, exam_type) SELECT id, 'KERALA_SET' FROM users WHERE email = ?").run(OWNER.email);
    const report = { skipped: [{ line: 4, reason: "only 3 values (at least 4 needed)" }], fallbacks: [{ line: 7, question: 5, given: "7" }] };
    conn
      .prepare(
        "INSERT INTO tests (id, title, description, exam_type, duration, total_questions, is_active, current_version, upload_report, created_at, updated_at) VALUES ('up1', 'Flagged Upload', '', 'KERALA_SET', 30, 1, 0, 2, ?, ?, ?)",
      )
      .run(JSON.stringify(report), now, now);
    for (const v of [1, 2])
      conn
        .prepare(
          "INSERT INTO questions (test_id, version, id, position, question, options, correct_answer, explanation, dropped) VALUES ('up1', ?, 'q1', 0, 'Q?', ?, 0, NULL, 0)",
        )
        .run(v, JSON.stringify(["a", "b"]));
    conn
      .prepare(
        "INSERT INTO regrades (id, test_id, version, regraded_by, reason, attempts, changed_scores, created_at) VALUES ('r1', 'up1', 1, 'Owner', 'Q1 key was C, should be B', 12, 3, ?)",
      )
      .run(now);
    const json = [...backupJsonChunks()].join("");

    switchDatabase(path.join(dir, "eighth.db"));
    await seedBase();
    const parsed = parseBackup(json);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(await importBackup(parsed.data)).toMatchObject({ errors: 0 });
    const restored = rawDb().prepare("SELECT upload_report AS r, is_active AS active FROM tests WHERE id = 'up1'").get() as { r: string; active: number };
    expect(JSON.parse(restored.r)).toEqual(report);
    expect(restored.active).toBe(0);
    expect(
      rawDb()
        .prepare("SELECT version, regraded_by AS by, reason, attempts, changed_scores AS changed, created_at AS at FROM regrades WHERE test_id = 'up1'")
        .all(),
    ).toEqual([{ version: 1, by: "Owner", reason: "Q1 key was C, should be B", attempts: 12, changed: 3, at: now }]);
    const ownerTypes = rawDb()
      .prepare("SELECT exam_type AS t FROM user_exam_types WHERE user_id = (SELECT id FROM users WHERE email = ?)")
      .all(OWNER.email)
      .map((r) => (r as { t: string }).t);
    expect(ownerTypes).toContain("KERALA_SET");
  });
});

describe("who may export and import", () => {
  it("a student gets the spec's refusals on the export and import actions", async () => {
    switchDatabase(path.join(dir, "fifth.db"));
    await seedBase();
    const s = await makeStudent();
    const exp = await run(exportRoute.action, postRequest("/admin/backup/export", { format: "json" }, { cookie: s.cookie }));
    expect(statusOf(exp)).toBe(403);
    expect(await (exp as Response).json()).toEqual({ error: "Only administrators can export data" });
    const imp = await run(backupRoute.action, postRequest("/admin/backup", { intent: "import", token: "x" }, { cookie: s.cookie }));
    expect(statusOf(imp)).toBe(403);
    expect(await (imp as Response).json()).toEqual({ error: "Only administrators can import data" });
    const anon = (await run(exportRoute.action, postRequest("/admin/backup/export", { format: "json" }))) as Response;
    expect(anon.headers.get("Location")).toBe("/login");
    const admin = await signIn(OWNER.email, OWNER.password);
    const ok = (await run(exportRoute.action, postRequest("/admin/backup/export", { format: "json" }, { cookie: admin }))) as Response;
    expect(ok.headers.get("Content-Disposition")).toMatch(/attachment; filename="academy-test-series-backup-\d{4}-\d{2}-\d{2}\.json"/);
    expect(JSON.parse(await ok.text()).users.length).toBeGreaterThan(0);
    // no token (no JavaScript): nothing to signal
    expect(ok.headers.get("Set-Cookie")).toBeNull();

    // with JavaScript the page sends a token: the download answers it with the export-done cookie
    const csv = (await run(
      exportRoute.action,
      postRequest("/admin/backup/export", { format: "csv", collection: "users", token: "a1b2c3d4e5f6" }, { cookie: admin }),
    )) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Set-Cookie")).toBe("export-done=a1b2c3d4e5f6; Path=/admin; Max-Age=300; SameSite=Lax");
    const forged = (await run(exportRoute.action, postRequest("/admin/backup/export", { format: "json", token: "x; Path=/" }, { cookie: admin }))) as Response;
    expect(forged.status).toBe(200);
    expect(forged.headers.get("Set-Cookie")).toBeNull();
    await forged.text();
  });
});
