// Hardening in-process: formula cells in every CSV the site writes, only http(s) links stored or shown,
// registration throttled, the health check writes.
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { parseQuestionsCsv, questionsToCsv } from "~/lib/server/csv-questions.server";
import { collectionCsv, importBackup, parseBackup } from "~/models/backup.server";
import { loadLanding } from "~/models/landing.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import * as csvExport from "~/routes/admin+/_tests+/csv_.$testId.export";
import * as healthz from "~/routes/_public+/healthz";
import * as login from "~/routes/_auth+/login";
import { getRequest, OWNER, payload, postRequest, run, seedBase, signIn } from "../helpers";

beforeAll(async () => {
  await seedBase();
});

const FORMULAS = ['=HYPERLINK("http://evil.test","Click")', "=1+1", "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3"];
const cellsOf = (csv: string) => (parse(csv.replace(/^\uFEFF/, ""), { relax_column_count: true }) as string[][]).flat();

describe("CSV exports neutralise formula cells", () => {
  it("the users CSV of the backup page", async () => {
    for (const [i, name] of FORMULAS.entries()) await createUser({ name, email: `formula${i}@example.test`, password: "formula-pass", assignedExamTypes: [] });
    const cells = cellsOf(collectionCsv("users"));
    for (const name of FORMULAS) {
      expect(cells).not.toContain(name);
      expect(cells).toContain(`'${name}`);
    }
  });

  it("a test's question CSV, which our own upload reads back unchanged", async () => {
    // (double quotes inside a question are read as bold markup by the upload, so none here)
    const FORMULAS = ["=HYPERLINK(A1)", "=1+1", "+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3", "\t=tab", "'=already"];
    const questions = FORMULAS.map((f, i) => ({ question: `${f} (${i})`, options: [f, "b", "c", "d"], correctAnswer: 1, explanation: f }));
    const test = createTest({ title: "Formulas", examType: "NET" }, questions);
    const admin = await signIn(OWNER.email, OWNER.password);
    const res = (await run(csvExport.loader, getRequest(`/admin/csv/${test.id}/export`, admin), { testId: test.id })) as Response;
    const csv = await res.text();
    for (const cell of cellsOf(csv).slice(7)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    const back = parseQuestionsCsv(Buffer.from(csv));
    expect(back.ok).toBe(true);
    if (back.ok) {
      expect(back.questions.map((q) => q.question)).toEqual(questions.map((q) => q.question));
      expect(back.questions.map((q) => q.options[0])).toEqual(FORMULAS);
      expect(back.questions.map((q) => q.explanation)).toEqual(FORMULAS);
    }
    expect(questionsToCsv(questions)).toBe(csv.replace(/^\uFEFF/, ""));
  });
});

describe("only http(s) links", () => {
  it("the JSON import refuses javascript: and data: links in materials, announcements and books", async () => {
    const base = { users: [], tests: [], attempts: [], customExamTypes: [] };
    const parsed = parseBackup(
      JSON.stringify({
        ...base,
        materials: [
          { id: "m-js", title: "x", description: "d", examType: "NET", googleDriveLink: "javascript:alert(1)" },
          {
            id: "m-ok",
            title: "ok",
            description: "d",
            examType: "NET",
            googleDriveLink: "https://drive.google.com/file/d/abcdefghijklmnop/view",
            thumbnailUrl: "data:image/svg+xml,<svg/>",
          },
        ],
        announcements: [{ id: "a-js", title: "t", content: "c", imageUrl: "javascript:alert(1)" }],
        books: [{ id: "b-js", title: "t", coverUrl: "javascript:alert(1)" }],
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const result = await importBackup(parsed.data);
    expect(result).toMatchObject({ imported: 0, errors: 4 });
    expect(rawDb().prepare("SELECT COUNT(*) AS n FROM materials WHERE id LIKE 'm-%'").get()).toEqual({ n: 0 });
  });

  it("a stored javascript: link is never rendered: the announcement dialog and material buttons fall back", () => {
    const conn = rawDb();
    const now = Date.now();
    conn
      .prepare(
        "INSERT INTO announcements (id, title, content, type, image_url, is_active, scheduled_for, target_type, created_by, created_at, updated_at) VALUES ('old-js', 'Old', 'c', 'general', 'javascript:alert(1)', 1, NULL, 'all', NULL, ?, ?)",
      )
      .run(now, now);
    conn
      .prepare(
        "INSERT INTO materials (id, title, description, exam_type, google_drive_link, thumbnail_url, is_active, upload_date, created_at, updated_at) VALUES ('old-m', 'Old', 'd', 'NET', 'javascript:alert(1)', 'javascript:alert(2)', 1, ?, ?, ?)",
      )
      .run(now, now, now);
    const page = loadLanding(new URL("http://localhost/?announcement=old-js"), null);
    expect(JSON.stringify(page)).not.toContain("javascript:");
    expect(page.openAnnouncement?.title).toBe("Old");
    expect(page.openAnnouncement?.imageUrl).toBeNull();
  });
});

describe("registration is throttled per address", () => {
  it("refuses the 101st account from one address within an hour, with a clear message", async () => {
    const address = "198.18.0.1";
    for (let i = 0; i < 100; i++) {
      const res = await run(
        login.action,
        postRequest("/login", { mode: "register", name: `Bulk ${i}`, email: `bulk${i}@example.test`, password: "bulk-pass-1" }, { address }),
      );
      expect((res as Response).status).toBe(302);
    }
    const refused = await run(
      login.action,
      postRequest("/login", { mode: "register", name: "One more", email: "bulk-more@example.test", password: "bulk-pass-1" }, { address }),
    );
    expect(payload(refused)).toMatchObject({ error: "Too many accounts were created from this network. Please try again in an hour." });
  });
});

describe("the health check", () => {
  it("writes its row, and reports 503 when the database cannot be written", async () => {
    const ok = (await healthz.loader()) as Response;
    expect(ok.status).toBe(200);
    expect(rawDb().prepare("SELECT COUNT(*) AS n FROM health_check").get()).toEqual({ n: 1 });
    rawDb().pragma("query_only = ON");
    try {
      const down = (await healthz.loader()) as Response;
      expect(down.status).toBe(503);
      expect(down.headers.get("Retry-After")).toBe("5");
    } finally {
      rawDb().pragma("query_only = OFF");
    }
  });
});
