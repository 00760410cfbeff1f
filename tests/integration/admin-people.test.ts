import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rawDb } from "~/db/db.server";
import {
  announcementExamTypes,
  announcements,
  announcementUsers,
  attempts,
  books,
  examTypes,
  materials,
  tests,
  userExamTypes,
  users,
} from "~/db/schema.server";
import { fromZonedInput, toZonedInput } from "~/lib/rules/zoned-input";
import { importBackup, parseBackup } from "~/models/backup.server";
import { createTest } from "~/models/test.server";
import { assignedExamTypes, findUserBySignInName } from "~/models/user.server";
import * as announcementsRoute from "~/routes/admin+/_content+/announcements";
import * as deleteAnnouncementRoute from "~/routes/admin+/_content+/announcements.$announcementId.delete";
import * as editAnnouncementRoute from "~/routes/admin+/_content+/announcements.$announcementId.edit";
import * as newAnnouncementRoute from "~/routes/admin+/_content+/announcements.new";
import * as deleteBookRoute from "~/routes/admin+/_content+/books.$bookId.delete";
import * as editBookRoute from "~/routes/admin+/_content+/books.$bookId.edit";
import * as newBookRoute from "~/routes/admin+/_content+/books.new";
import * as deleteTypeRoute from "~/routes/admin+/_content+/exam-types.$typeId.delete";
import * as editTypeRoute from "~/routes/admin+/_content+/exam-types.$typeId.edit";
import * as newTypeRoute from "~/routes/admin+/_content+/exam-types.new";
import * as materialsRoute from "~/routes/admin+/_content+/materials";
import * as deleteMaterialRoute from "~/routes/admin+/_content+/materials.$materialId.delete";
import * as editMaterialRoute from "~/routes/admin+/_content+/materials.$materialId.edit";
import * as newMaterialRoute from "~/routes/admin+/_content+/materials.new";
import * as usersRoute from "~/routes/admin+/_users+/users";
import * as deleteUserRoute from "~/routes/admin+/_users+/users.$userId.delete";
import * as assignRoute from "~/routes/admin+/_users+/users.$userId.exam-types";
import * as limitRoute from "~/routes/admin+/_users+/users.$userId.limit";
import * as testLimitsRoute from "~/routes/admin+/_users+/users.$userId.test-limits";
import { GLOBAL_LIMIT_MESSAGE } from "~/lib/schemas/admin-schemas";
import { MAX_ATTEMPTS_MESSAGE } from "~/lib/schemas/test-record";
import * as addUserRoute from "~/routes/admin+/_users+/users.new";
import * as passwordRoute from "~/routes/admin+/_users+/users.$userId.password";
import * as userDetailRoute from "~/routes/admin+/_users+/users_.$userId";
import * as dashboard from "~/routes/_student+/dashboard";
import * as examRoute from "~/routes/_exam+/test.$testId";
import { flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const post = (route: { action: any }, path: string, fields: Record<string, string | string[]>, cookie = admin, params: Record<string, string> = {}) =>
  run(route.action, postRequest(path, fields, { cookie }), params);

describe("users", () => {
  it("adds a user with exam types; refuses missing fields and a duplicate e-mail, writing nothing", async () => {
    // Add User is a dialog route of its own (/admin/users/new); its errors are per field, the input kept
    const fieldErrors = (res: unknown) => payload<any>(res).result.error;
    const ok = (await post(addUserRoute, "/admin/users/new", {
      intent: "add",
      name: "Lakshmi",
      email: "Lakshmi@Example.test",
      password: "secret12",
      role: "user",
      examTypes: ["TET", "SET"],
    })) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/users");
    const user = findUserBySignInName("lakshmi@example.test")!;
    expect(assignedExamTypes(user.id).sort()).toEqual(["SET", "TET"]);
    const missing = await post(addUserRoute, "/admin/users/new", {
      intent: "add",
      name: "",
      email: "x@example.test",
      password: "secret12",
      examTypes: ["NET"],
    });
    expect(fieldErrors(missing)).toEqual({ name: ["Please fill in all fields"] });
    expect(payload<any>(missing).result.initialValue).toMatchObject({ email: "x@example.test", examTypes: "NET" });
    expect(payload<any>(missing).result.initialValue.password).toBeUndefined();
    expect(
      fieldErrors(await post(addUserRoute, "/admin/users/new", { intent: "add", name: "Again", email: "lakshmi@example.test", password: "secret12" })),
    ).toEqual({ email: ["User with this email already exists"] });
    expect(db().select().from(users).where(eq(users.email, "x@example.test")).all()).toHaveLength(0);
  });

  it("deactivating a signed-in student ends their session", async () => {
    const s = await makeStudent();
    expect(statusOf(await run(dashboard.loader, getRequest("/dashboard", s.cookie)))).toBe(200);
    await post(usersRoute, "/admin/users", { intent: "status", id: s.user.id, status: "inactive" });
    const after = (await run(dashboard.loader, getRequest("/dashboard", s.cookie))) as Response;
    expect(after.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    await post(usersRoute, "/admin/users", { intent: "status", id: s.user.id, status: "active" });
    // the old cookie stays dead after reactivation
    expect(((await run(dashboard.loader, getRequest("/dashboard", s.cookie))) as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("sets the global limit (empty = unlimited, refuses negatives) and per-test limits", async () => {
    const s = await makeStudent();
    const limit = (value: string) => post(limitRoute, `/admin/users/${s.user.id}/limit`, { globalTestLimit: value }, admin, { userId: s.user.id });
    await limit("2");
    expect(findUserBySignInName(s.email)?.globalTestLimit).toBe(2);
    await limit("");
    expect(findUserBySignInName(s.email)?.globalTestLimit).toBeNull();
    for (const bad of ["-1", "abc", "2.5", "100000"]) {
      const refused = await limit(bad);
      expect(statusOf(refused)).toBe(400);
      expect(payload<any>(refused).result.error).toEqual({ globalTestLimit: [GLOBAL_LIMIT_MESSAGE] });
    }
    expect(findUserBySignInName(s.email)?.globalTestLimit).toBeNull();

    const t = createTest({ title: "Limited", examType: "NET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
    const perTest = (fields: Record<string, string>) => post(testLimitsRoute, `/admin/users/${s.user.id}/test-limits`, fields, admin, { userId: s.user.id });
    expect(payload<any>(await perTest({ testId: t.id, maxAttempts: "0.5" })).result.error).toEqual({ maxAttempts: [MAX_ATTEMPTS_MESSAGE] });
    expect(payload<any>(await perTest({ testId: "", maxAttempts: "1" })).result.error).toEqual({ testId: ["Choose a test"] });
    await perTest({ testId: t.id, maxAttempts: "1" });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "finish" }, { cookie: s.cookie }), { testId: t.id });
    const again = await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
    expect(statusOf(again)).toBe(403);
  });

  it("the Exam types dialog (a route of its own) replaces a user's exam types and refuses an over-long value", async () => {
    const s = await makeStudent();
    const assign = (types: string[]) => post(assignRoute, `/admin/users/${s.user.id}/exam-types`, { examTypes: types }, admin, { userId: s.user.id });
    const ok = (await assign(["NET", "SET"])) as Response;
    expect(ok.headers.get("Location")).toBe("/admin/users");
    expect(assignedExamTypes(s.user.id).sort()).toEqual(["NET", "SET"]);
    const page = payload<any>(await run(assignRoute.loader, getRequest(`/admin/users/${s.user.id}/exam-types`, admin), { userId: s.user.id }));
    expect(page.assigned.sort()).toEqual(["NET", "SET"]);
    expect(statusOf(await assign(["x".repeat(61)]))).toBe(400);
    expect(assignedExamTypes(s.user.id).sort()).toEqual(["NET", "SET"]);
  });

  it("deleting a user removes their attempts with them; the owner cannot be deleted", async () => {
    const s = await makeStudent();
    const t = createTest({ title: "Gone with the user", examType: "NET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
    expect(db().select().from(attempts).where(eq(attempts.userId, s.user.id)).all()).toHaveLength(1);
    const page = payload<any>(await run(deleteUserRoute.loader, getRequest(`/admin/users/${s.user.id}/delete`, admin), { userId: s.user.id }));
    expect(page.attempts).toBe(1);
    await post(deleteUserRoute, `/admin/users/${s.user.id}/delete`, {}, admin, { userId: s.user.id });
    expect(findUserBySignInName(s.email)).toBeUndefined();
    expect(db().select().from(attempts).where(eq(attempts.userId, s.user.id)).all()).toHaveLength(0);
    const owner = findUserBySignInName(OWNER.email)!;
    await post(deleteUserRoute, `/admin/users/${owner.id}/delete`, {}, admin, { userId: owner.id });
    expect(findUserBySignInName(OWNER.email)).toBeDefined();
  });

  it("a student cannot call admin actions: redirected to /login and nothing written", async () => {
    const s = await makeStudent();
    const res = (await post(
      addUserRoute,
      "/admin/users/new",
      { intent: "add", name: "Hacker", email: "hacker@example.test", password: "secret12" },
      s.cookie,
    )) as Response;
    expect(res.headers.get("Location")).toBe("/login");
    expect(findUserBySignInName("hacker@example.test")).toBeUndefined();
    const book = (await post(newBookRoute, "/admin/books/new", { title: "Sneaky", coverUrl: "https://x.example/c.png" }, s.cookie)) as Response;
    expect(book.headers.get("Location")).toBe("/login");
    expect(db().select().from(books).where(eq(books.title, "Sneaky")).all()).toHaveLength(0);
  });
});

describe("exam types", () => {
  it("creates, refuses duplicates, empty, reserved and over-long names beside the field, renames everywhere, and deletes with its tests", async () => {
    // each dialog is a route of its own; an error is the name field's
    const create = (name: string) => post(newTypeRoute, "/admin/exam-types/new", { name });
    const nameError = async (name: string) => payload<any>(await create(name)).result.error;
    expect(statusOf(await create("Kerala SET"))).toBe(302);
    expect(await nameError("kerala-set")).toEqual({ name: ["An exam type with this name already exists"] });
    expect(await nameError("NET")).toEqual({ name: ["An exam type with this name already exists"] });
    expect(await nameError("   ")).toEqual({ name: ["Exam type name is required"] });
    expect(await nameError("General")).toEqual({ name: ["“General” is reserved: choose another name"] });
    expect(await nameError("x".repeat(500))).toEqual({ name: ["The exam type name is too long (at most 60 characters)"] });
    const type = db().select().from(examTypes).where(eq(examTypes.value, "KERALA_SET")).get()!;
    const s = await makeStudent({ examTypes: ["KERALA_SET"] });
    for (let i = 0; i < 7; i++) createTest({ title: `Kerala ${i}`, examType: "KERALA_SET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);

    await post(editTypeRoute, `/admin/exam-types/${type.id}/edit`, { name: "Kerala SET 2026" }, admin, { typeId: type.id });
    expect(assignedExamTypes(s.user.id)).toEqual(["KERALA_SET_2026"]);
    expect(db().select().from(tests).where(eq(tests.examType, "KERALA_SET_2026")).all()).toHaveLength(7);

    const page = payload<any>(await run(deleteTypeRoute.loader, getRequest(`/admin/exam-types/${type.id}/delete`, admin), { typeId: type.id }));
    expect(page.warning).toMatchObject({ total: 7, more: 2 });
    expect(page.warning.titles).toHaveLength(5);

    const res = (await post(deleteTypeRoute, `/admin/exam-types/${type.id}/delete`, {}, admin, { typeId: type.id })) as Response;
    expect(res.status).toBe(302);
    expect(db().select().from(tests).where(eq(tests.examType, "KERALA_SET_2026")).all()).toHaveLength(0);
    expect(db().select().from(examTypes).where(eq(examTypes.id, type.id)).all()).toHaveLength(0);
    expect(db().select().from(userExamTypes).where(eq(userExamTypes.userId, s.user.id)).all()).toHaveLength(0);
    expect(flashOf(res)).toEqual({ type: "success", text: "Custom exam type and 7 associated test(s) deleted successfully" });
  });
});

describe("materials", () => {
  it("requires every field and a Drive link beside the field, normalises the link, edits, toggles and deletes", async () => {
    const base = {
      title: "Notes",
      description: "D",
      examType: "NET",
      googleDriveLink: "https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp",
      thumbnailUrl: "https://img.example/t.png",
    };
    const add = (fields: Record<string, string>) => post(newMaterialRoute, "/admin/materials/new", fields);
    const errors = async (fields: Record<string, string>) => payload<any>(await add(fields)).result.error;
    expect(await errors({ ...base, title: "" })).toEqual({ title: ["Please fill in all fields"] });
    expect(await errors({ ...base, googleDriveLink: "https://dropbox.com/x" })).toEqual({ googleDriveLink: ["Please provide a valid Google Drive link"] });
    expect(await errors({ ...base, thumbnailUrl: "javascript:alert(1)" })).toEqual({ thumbnailUrl: ["Invalid image URL"] });
    expect(await errors({ ...base, title: "t".repeat(201) })).toEqual({ title: ["The title is too long (at most 200 characters)"] });
    expect(db().select().from(materials).all()).toHaveLength(0);
    await add(base);
    const m = db().select().from(materials).get()!;
    expect(m.googleDriveLink).toBe("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view");
    // study materials can be edited (they had to be deleted and added again)
    const edit = (fields: Record<string, string>) => post(editMaterialRoute, `/admin/materials/${m.id}/edit`, fields, admin, { materialId: m.id });
    expect(payload<any>(await edit({ ...base, description: "" })).result.error).toEqual({ description: ["Please fill in all fields"] });
    await edit({ ...base, title: "Notes, revised", googleDriveLink: "https://docs.google.com/document/d/1XyZ/edit" });
    expect(db().select().from(materials).get()).toMatchObject({ id: m.id, title: "Notes, revised", isActive: true });
    await post(materialsRoute, "/admin/materials", { id: m.id });
    expect(db().select().from(materials).get()?.isActive).toBe(false);
    await post(deleteMaterialRoute, `/admin/materials/${m.id}/delete`, {}, admin, { materialId: m.id });
    expect(db().select().from(materials).all()).toHaveLength(0);
  });
});

describe("books", () => {
  it("requires a title and an http(s) cover beside the field, edits and deletes", async () => {
    const add = (fields: Record<string, string>) => post(newBookRoute, "/admin/books/new", fields);
    expect(payload<any>(await add({ title: "", coverUrl: "https://x.example/c.png" })).result.error).toEqual({ title: ["Title is required"] });
    expect(payload<any>(await add({ title: "T", coverUrl: "javascript:alert(1)" })).result.error).toEqual({
      coverUrl: ["Please enter a valid http(s) image URL"],
    });
    await add({ title: "Poetics", coverUrl: "https://x.example/c.png", description: "" });
    const b = db().select().from(books).where(eq(books.title, "Poetics")).get()!;
    expect(b.description).toBeNull();
    await post(editBookRoute, `/admin/books/${b.id}/edit`, { title: "Poetics (2nd ed.)", coverUrl: "https://x.example/c2.png", description: "New" }, admin, {
      bookId: b.id,
    });
    expect(db().select().from(books).where(eq(books.id, b.id)).get()).toMatchObject({ title: "Poetics (2nd ed.)", description: "New" });
    await post(deleteBookRoute, `/admin/books/${b.id}/delete`, {}, admin, { bookId: b.id });
    expect(db().select().from(books).where(eq(books.id, b.id)).all()).toHaveLength(0);
  });
});

describe("announcements", () => {
  it("requires title and content beside their fields, stores targets, schedules in the academy's time zone", async () => {
    const create = (fields: Record<string, string | string[]>) => post(newAnnouncementRoute, "/admin/announcements/new", fields);
    const errors = async (fields: Record<string, string | string[]>) => payload<any>(await create(fields)).result.error;
    expect(await errors({ title: " ", content: "x", type: "general", targetType: "all" })).toEqual({ title: ["Title and content are required"] });
    expect(await errors({ title: "T", content: "x", targetType: "examType" })).toEqual({ targetExamTypes: ["Choose at least one exam type"] });
    expect(await errors({ title: "T", content: "x", targetType: "specific", targetEmails: "  " })).toEqual({ targetEmails: ["Add at least one student"] });
    expect(await errors({ title: "T", content: "x", scheduledFor: "someday" })).toEqual({ scheduledFor: ["Enter the schedule as a date and time"] });
    expect(await errors({ title: "T", content: "x".repeat(5001) })).toEqual({ content: ["The content is too long (at most 5000 characters)"] });
    const s = await makeStudent({ examTypes: ["SET"] });
    await create({
      title: "For one",
      content: "Hello",
      type: "course",
      targetType: "specific",
      targetEmails: `${s.email}\n`,
      targetExamTypes: ["NET"],
      scheduledFor: "2030-01-15T09:30",
      isActive: "on",
    });
    const a = db().select().from(announcements).where(eq(announcements.title, "For one")).get()!;
    expect(a.targetType).toBe("specific");
    expect(a.scheduledFor?.toISOString()).toBe("2030-01-15T04:00:00.000Z");
    expect(
      db()
        .select()
        .from(announcementUsers)
        .where(eq(announcementUsers.announcementId, a.id))
        .all()
        .map((r) => r.userId),
    ).toEqual([s.user.id]);
    // exam types chosen before switching the target to specific users are not kept
    expect(db().select().from(announcementExamTypes).where(eq(announcementExamTypes.announcementId, a.id)).all()).toHaveLength(0);
    expect(await errors({ title: "X", content: "Y", targetType: "specific", targetEmails: "nobody@nowhere.test" })).toEqual({
      targetEmails: ["No user with the e-mail nobody@nowhere.test"],
    });
    // the edit dialog loads what was saved, and saves through the same form
    const edit = payload<any>(
      await run(editAnnouncementRoute.loader, getRequest(`/admin/announcements/${a.id}/edit`, admin), { announcementId: a.id }),
    ).announcement;
    expect(edit).toMatchObject({ targetType: "specific", targetEmails: s.email, scheduledFor: "2030-01-15T09:30", isActive: "on" });
    await post(
      editAnnouncementRoute,
      `/admin/announcements/${a.id}/edit`,
      { ...edit, targetType: "examType", targetExamTypes: ["SET"], title: "For SET" },
      admin,
      {
        announcementId: a.id,
      },
    );
    expect(db().select().from(announcements).where(eq(announcements.id, a.id)).get()?.title).toBe("For SET");
    expect(db().select().from(announcementUsers).where(eq(announcementUsers.announcementId, a.id)).all()).toHaveLength(0);
    await post(announcementsRoute, "/admin/announcements", { id: a.id, active: "false" });
    expect(db().select().from(announcements).where(eq(announcements.id, a.id)).get()?.isActive).toBe(false);
    await post(deleteAnnouncementRoute, `/admin/announcements/${a.id}/delete`, {}, admin, { announcementId: a.id });
    expect(db().select().from(announcements).where(eq(announcements.id, a.id)).all()).toHaveLength(0);
  });
});

describe("time zone", () => {
  it("round-trips a wall-clock time in Asia/Kolkata and another zone", () => {
    const d = fromZonedInput("2026-03-05T18:45", "Asia/Kolkata")!;
    expect(d.toISOString()).toBe("2026-03-05T13:15:00.000Z");
    expect(toZonedInput(d, "Asia/Kolkata")).toBe("2026-03-05T18:45");
    const ny = fromZonedInput("2026-07-01T08:00", "America/New_York")!;
    expect(ny.toISOString()).toBe("2026-07-01T12:00:00.000Z");
    expect(toZonedInput(ny, "America/New_York")).toBe("2026-07-01T08:00");
    expect(fromZonedInput("not a date")).toBeNull();
  });
});

describe("set password (a dialog route of its own)", () => {
  it("refuses a short password beside its field and never echoes it; a good one signs the student out everywhere", async () => {
    const s = await makeStudent();
    const refused = await run(
      passwordRoute.action,
      postRequest(`/admin/users/${s.user.id}/password`, { intent: "password", password: "abc" }, { cookie: admin }),
      { userId: s.user.id },
    );
    expect(statusOf(refused)).toBe(400);
    expect(payload<any>(refused).result.error).toEqual({ password: ["Password must be at least 6 characters"] });
    expect(payload<any>(refused).result.initialValue.password).toBeUndefined();
    const ok = (await run(
      passwordRoute.action,
      postRequest(`/admin/users/${s.user.id}/password`, { intent: "password", password: "new-secret-1" }, { cookie: admin }),
      { userId: s.user.id },
    )) as Response;
    expect(ok.headers.get("Location")).toBe("/admin/users");
    expect(rawDb().prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").get(s.user.id)).toEqual({ n: 0 });
  });

  it("warns, in the dialog and beside Sign out everywhere, when the student is writing a test, and not once they finish", async () => {
    const s = await makeStudent({ name: "Kavya Nair" });
    const t = createTest({ title: "Sonnets mock", examType: "NET", duration: 30 }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
    const warnings = async () => [
      payload<any>(await run(passwordRoute.loader, getRequest(`/admin/users/${s.user.id}/password`, admin), { userId: s.user.id })).writing,
      payload<any>(await run(userDetailRoute.loader, getRequest(`/admin/users/${s.user.id}`, admin), { userId: s.user.id })).writing,
    ];
    // the user list's row says so too (its Deactivate and Password are a menu away)
    const listed = async () =>
      payload<any>(await run(usersRoute.loader, getRequest(`/admin/users?q=${encodeURIComponent(s.email)}`, admin))).rows.map((r: any) => r.writing);
    expect(await warnings()).toEqual([null, null]);
    expect(await listed()).toEqual([false]);
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "start" }, { cookie: s.cookie }), { testId: t.id });
    const note =
      "Kavya Nair is writing “Sonnets mock” right now (30 min left). This signs them out of the test: the answers they gave are kept, and the time keeps running while they sign in again.";
    expect(await warnings()).toEqual([note, note]);
    expect(await listed()).toEqual([true]);
    await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "finish" }, { cookie: s.cookie }), { testId: t.id });
    expect(await warnings()).toEqual([null, null]);
    expect(await listed()).toEqual([false]);
  });
});

describe("one schema per content record: the JSON import refuses what the dialogs refuse, with the same message", () => {
  const material = {
    title: "Notes",
    description: "D",
    examType: "NET",
    googleDriveLink: "https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view",
    thumbnailUrl: "https://img.example/t.png",
  };
  const announcement = { title: "A", content: "B", type: "general", targetType: "all" };
  const book = { title: "Poetics", coverUrl: "https://x.example/c.png" };
  const CASES: Array<[string, { action: any }, string, Record<string, string>, Record<string, unknown>, string, string]> = [
    [
      "a material's 201-character title",
      newMaterialRoute,
      "/admin/materials/new",
      { ...material, title: "t".repeat(201) },
      {},
      "title",
      "The title is too long (at most 200 characters)",
    ],
    [
      "a material's Dropbox link",
      newMaterialRoute,
      "/admin/materials/new",
      { ...material, googleDriveLink: "https://dropbox.com/x" },
      {},
      "googleDriveLink",
      "Please provide a valid Google Drive link",
    ],
    [
      "a book's javascript: cover",
      newBookRoute,
      "/admin/books/new",
      { ...book, coverUrl: "javascript:alert(1)" },
      {},
      "coverUrl",
      "Please enter a valid http(s) image URL",
    ],
    [
      "an announcement's data: image",
      newAnnouncementRoute,
      "/admin/announcements/new",
      { ...announcement, imageUrl: "data:image/png;base64,AAAA" },
      {},
      "imageUrl",
      "Invalid image URL",
    ],
    [
      "an announcement's blank content",
      newAnnouncementRoute,
      "/admin/announcements/new",
      { ...announcement, content: "  " },
      {},
      "content",
      "Title and content are required",
    ],
  ];

  it.each(CASES)("%s", async (_name, route, path, fields, _extra, field, message) => {
    const form = payload<any>(await post(route, path, fields)).result.error;
    expect(form).toEqual({ [field]: [message] });
    const collection = path.includes("materials") ? "materials" : path.includes("books") ? "books" : "announcements";
    const backup = {
      users: [],
      tests: [],
      attempts: [],
      materials: [],
      customExamTypes: [],
      books: [],
      announcements: [],
      [collection]: [{ id: `bad-${_name}`, ...fields }],
    };
    const parsed = parseBackup(JSON.stringify(backup));
    if (!parsed.ok) throw new Error(parsed.error);
    const result = await importBackup(parsed.data);
    expect(result).toMatchObject({ imported: 0, errors: 1 });
    expect(result.problems).toEqual([`${collection}: item 1 (${field}): ${message}`]);
  });
});
