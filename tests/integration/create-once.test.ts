// The admin's create forms on a bad day: the same form sent twice (a double click before the page is ready, a
// second tab, Back and send again) creates one record, and the repeat says so. Each form carries the receipt its
// loader gave it (oncePerForm in app/models/form-receipts.server.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { announcements, batches, books, examTypes, materials, tests, users } from "~/db/schema.server";
import { claimReceipt, FORM_ALREADY_SENT } from "~/models/form-receipts.server";
import { createTest } from "~/models/test.server";
import * as newAnnouncement from "~/routes/admin+/_content+/announcements.new";
import * as newExamType from "~/routes/admin+/_content+/exam-types.new";
import * as newBook from "~/routes/admin+/_content+/books.new";
import * as newMaterial from "~/routes/admin+/_content+/materials.new";
import * as cloneRoute from "~/routes/admin+/_tests+/tests.$testId.clone";
import * as newBatch from "~/routes/admin+/_users+/batches.new";
import * as newUser from "~/routes/admin+/_users+/users.new";
import { flashOf, getRequest, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

type Route = { loader: Parameters<typeof run>[0]; action: Parameters<typeof run>[0] };

/** The receipt a freshly shown form carries. */
async function receiptOf(route: Route, path: string, params: Record<string, string> = {}): Promise<string> {
  const shown = payload<{ receipt: string }>(await run(route.loader, getRequest(path, admin), params));
  expect(shown.receipt).toMatch(/^[0-9a-f-]{36}$/);
  return shown.receipt;
}

/**
 * The same form sent twice at once and once more later: the three answers, the one that did the work first (of the
 * two at once, whichever claimed the receipt first).
 */
async function sentThrice(route: Route, path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  const send = () => run(route.action, postRequest(path, fields, { cookie: admin }), params) as Promise<Response>;
  const both = await Promise.all([send(), send()]);
  const later = await send();
  const repeatOf = (r: Response) => /already/.test(flashOf(r)?.text ?? "");
  return [...both.filter((r) => !repeatOf(r)), ...both.filter(repeatOf), later];
}

describe("a create form sent again", () => {
  it("adds one announcement, book and material; the repeats say it was already done", async () => {
    const cases: Array<{ route: Route; path: string; fields: Record<string, string>; count: () => number; done: string; repeat: string }> = [
      {
        route: newAnnouncement,
        path: "/admin/announcements/new",
        fields: { title: "Mock on Sunday", content: "9 am", type: "general", targetType: "all", isActive: "on" },
        count: () => db().select().from(announcements).where(eq(announcements.title, "Mock on Sunday")).all().length,
        done: "Announcement created successfully",
        repeat: "This announcement was already created",
      },
      {
        route: newBook,
        path: "/admin/books/new",
        fields: { title: "Poetics Once", coverUrl: "https://x.example/c.png", description: "" },
        count: () => db().select().from(books).where(eq(books.title, "Poetics Once")).all().length,
        done: "Book added",
        repeat: "This book was already added",
      },
      {
        route: newMaterial,
        path: "/admin/materials/new",
        fields: {
          title: "Notes Once",
          description: "D",
          examType: "NET",
          googleDriveLink: "https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp",
          thumbnailUrl: "https://img.example/t.png",
        },
        count: () => db().select().from(materials).where(eq(materials.title, "Notes Once")).all().length,
        done: "Material added successfully",
        repeat: "This material was already added",
      },
    ];
    for (const c of cases) {
      const receipt = await receiptOf(c.route, c.path);
      const answers = await sentThrice(c.route, c.path, { ...c.fields, receipt });
      expect(c.count()).toBe(1);
      expect(answers.map((r) => r.status)).toEqual([302, 302, 302]);
      expect(answers.map((r) => flashOf(r)?.text)).toEqual([c.done, c.repeat, c.repeat]);
    }
  });

  it("a form refused for a field error can be corrected and sent with the same receipt; a form without one is not guarded", async () => {
    const receipt = await receiptOf(newBatch, "/admin/batches/new");
    const refused = await run(newBatch.action, postRequest("/admin/batches/new", { name: "x".repeat(81), receipt }, { cookie: admin }));
    expect(statusOf(refused)).toBe(400);
    const answers = await sentThrice(newBatch, "/admin/batches/new", { name: "Evening batch", receipt });
    expect(db().select().from(batches).where(eq(batches.name, "Evening batch")).all()).toHaveLength(1);
    expect(answers[0].headers.get("Location")).toMatch(/^\/admin\/batches\/[0-9a-f-]{36}$/);
    expect(answers.slice(1).map((r) => flashOf(r)?.text)).toEqual(['Batch "Evening batch" was already created', 'Batch "Evening batch" was already created']);
    // an old page without a receipt: as before (the name is taken, said beside the field)
    const old = await run(newBatch.action, postRequest("/admin/batches/new", { name: "Evening batch" }, { cookie: admin }));
    expect(statusOf(old)).toBe(400);
    // a receipt that is not one (hostile or broken) is no receipt: the form is checked as any other
    const hostile = (await run(
      newBatch.action,
      postRequest("/admin/batches/new", { name: "Morning batch", receipt: "x'; DROP TABLE form_receipts; --".padEnd(36, "-") }, { cookie: admin }),
    )) as Response;
    expect(hostile.headers.get("Location")).toMatch(/^\/admin\/batches\/[0-9a-f-]{36}$/);
    expect(db().select().from(batches).where(eq(batches.name, "Morning batch")).all()).toHaveLength(1);
  });

  it("adds a student and a custom exam type once: the repeat says so, not that they already exist", async () => {
    const userReceipt = await receiptOf(newUser, "/admin/users/new");
    const addedUser = await sentThrice(newUser, "/admin/users/new", {
      name: "Priya Once",
      email: "priya.once@example.test",
      password: "secret12",
      role: "user",
      examTypes: "NET",
      receipt: userReceipt,
    });
    expect(db().select().from(users).where(eq(users.email, "priya.once@example.test")).all()).toHaveLength(1);
    expect(addedUser.map((r) => flashOf(r)?.text)).toEqual(["User Priya Once added", "User Priya Once was already added", "User Priya Once was already added"]);

    const typeReceipt = await receiptOf(newExamType, "/admin/exam-types/new");
    const addedType = await sentThrice(newExamType, "/admin/exam-types/new", { name: "Kerala SET Once", receipt: typeReceipt });
    expect(db().select().from(examTypes).where(eq(examTypes.value, "KERALA_SET_ONCE")).all()).toHaveLength(1);
    expect(addedType.map((r) => flashOf(r)?.text)).toEqual([
      "Custom exam type created successfully",
      "This exam type was already created",
      "This exam type was already created",
    ]);
  });

  it("a form whose first send never finished (the server stopped mid-write) says it was sent, not that it was done", async () => {
    const receipt = await receiptOf(newBook, "/admin/books/new");
    // what a server killed between taking the receipt and adding the book leaves: the receipt, and no book
    expect(claimReceipt(receipt, "book-new")).toBe(true);
    const again = (await run(
      newBook.action,
      postRequest("/admin/books/new", { title: "Half Written", coverUrl: "https://x.example/c.png", receipt }, { cookie: admin }),
    )) as Response;
    expect(flashOf(again)?.text).toBe(FORM_ALREADY_SENT);
    expect(db().select().from(books).where(eq(books.title, "Half Written")).all()).toHaveLength(0);
    // the form opened again has a receipt of its own
    const fresh = await receiptOf(newBook, "/admin/books/new");
    await run(
      newBook.action,
      postRequest("/admin/books/new", { title: "Half Written", coverUrl: "https://x.example/c.png", receipt: fresh }, { cookie: admin }),
    );
    expect(db().select().from(books).where(eq(books.title, "Half Written")).all()).toHaveLength(1);
  });

  it("clones a test once", async () => {
    const original = createTest({ title: "Clone Me Once", examType: "NET", duration: 10 }, TWO_QUESTIONS);
    const path = `/admin/tests/${original.id}/clone`;
    const receipt = await receiptOf(cloneRoute, path, { testId: original.id });
    const answers = await sentThrice(cloneRoute, path, { maxAttempts: "", receipt }, { testId: original.id });
    expect(db().select().from(tests).where(eq(tests.title, "Clone Me Once (Copy)")).all()).toHaveLength(1);
    expect(answers.map((r) => flashOf(r)?.text)).toEqual([
      "Test cloned as “Clone Me Once (Copy)”",
      "This test was already cloned",
      "This test was already cloned",
    ]);
  });
});
