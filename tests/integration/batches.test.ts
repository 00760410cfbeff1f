// Batches: a test, an announcement given to batches is seen by their members only (and, for a test, only when
// the exam type rules allow too); a window and an answer release per batch; membership by search, by the user
// list's "all matching", by the import's `batches` column; the batch filters of the gradebook, the marks register
// and the live room; batches and the activity log in the JSON backup. Every figure is worked out by hand.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { activityLog, attempts, batches, batchMembers, testBatches } from "~/db/schema.server";
import { GRACE_MS } from "~/lib/rules/exam-rules";
import { newId } from "~/lib/server/ids.server";
import { activityPage, batchesForBackup, importExtras } from "~/models/backup-extras.server";
import { applyStudentImport, previewStudentImport } from "~/models/student-import.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import * as dashboard from "~/routes/_student+/dashboard";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as resultsRoute from "~/routes/_exam+/test.$testId_.results";
import * as announcementNew from "~/routes/admin+/_content+/announcements.new";
import * as materialNew from "~/routes/admin+/_content+/materials.new";
import { loadLanding } from "~/models/landing.server";
import * as gradebookRoute from "~/routes/admin+/_insight+/gradebook";
import * as marksRoute from "~/routes/admin+/_insight+/tests_.$testId.marks";
import * as overviewRoute from "~/routes/admin+/index";
import * as itemRoute from "~/routes/admin+/_insight+/tests_.$testId.analysis";
import * as userAnalysisRoute from "~/routes/admin+/_insight+/users_.analysis";
import * as liveRoute from "~/routes/admin+/_tests+/tests_.$testId.live";
import * as testBatchesRoute from "~/routes/admin+/_tests+/tests_.$testId.batches";
import * as cloneRoute from "~/routes/admin+/_tests+/tests.$testId.clone";
import * as batchEdit from "~/routes/admin+/_users+/batches.$batchId.edit";
import * as batchNew from "~/routes/admin+/_users+/batches.new";
import * as batchPage from "~/routes/admin+/_users+/batches_.$batchId";
import * as bulkRoute from "~/routes/admin+/_users+/users.bulk";
import * as usersRoute from "~/routes/admin+/_users+/users";
import * as userPage from "~/routes/admin+/_users+/users_.$userId";
import { flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

const HOUR = 3_600_000;
let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

async function newBatch(name: string): Promise<string> {
  const res = (await run(batchNew.action, postRequest("/admin/batches/new", { name }, { cookie: admin }))) as Response;
  expect(res.status).toBe(302);
  return (res.headers.get("Location") ?? "").split("/").pop() ?? "";
}
const give = (testId: string, fields: Record<string, string>) =>
  run(testBatchesRoute.action, postRequest(`/admin/tests/${testId}/batches`, { intent: "give", ...fields }, { cookie: admin }), { testId });
const addToBatch = (batchId: string, ids: string[]) =>
  run(batchPage.action, postRequest(`/admin/batches/${batchId}`, { intent: "add", ids }, { cookie: admin }), { batchId });
const cardsOf = async (cookie: string, type: string) =>
  payload<any>(await run(dashboard.loader, getRequest(`/dashboard?type=${type}&unit=general`, cookie))).tests as Array<{
    title: string;
    allowed: boolean;
    windowNote: string | null;
  }>;
const start = (cookie: string, testId: string) => run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie }), { testId });
const local = (ms: number) => new Date(ms + 5.5 * HOUR).toISOString().slice(0, 16); // the academy's zone (Asia/Kolkata)

describe("who sees a test given to batches", () => {
  it("a member with the exam type sees and starts it; a non-member of the type, or a member without the type, does not", async () => {
    const batch = await newBatch("PG TRB weekend batch 2026");
    const member = await makeStudent({ examTypes: ["SET"] });
    const outsider = await makeStudent({ examTypes: ["SET"] });
    const wrongType = await makeStudent({ examTypes: ["TET"] });
    await addToBatch(batch, [member.user.id, wrongType.user.id]);
    const t = createTest({ title: "Batch only SET mock", examType: "SET" }, TWO_QUESTIONS);
    createTest({ title: "Open SET mock", examType: "SET" }, TWO_QUESTIONS);
    expect(statusOf(await give(t.id, { batchId: batch }))).toBe(302);

    expect((await cardsOf(member.cookie, "SET")).map((c) => c.title)).toEqual(expect.arrayContaining(["Batch only SET mock", "Open SET mock"]));
    expect((await cardsOf(outsider.cookie, "SET")).map((c) => c.title)).not.toContain("Batch only SET mock");
    expect((await cardsOf(outsider.cookie, "SET")).map((c) => c.title)).toContain("Open SET mock");
    expect(statusOf(await start(member.cookie, t.id))).toBe(302);
    expect(statusOf(await start(outsider.cookie, t.id))).toBe(404);
    expect(statusOf(await start(wrongType.cookie, t.id))).toBe(404);
    const page = await run(examRoute.loader, getRequest(`/test/${t.id}`, outsider.cookie), { testId: t.id }).catch((e) => e);
    expect(statusOf(page)).toBe(404);
    // the live room counts as "not started" only those who may start it: the outsider of the type is not one
    const room = async () => payload<any>(await run(liveRoute.loader, getRequest(`/admin/tests/${t.id}/live`, admin), { testId: t.id })).counts;
    expect((await room()).notStarted).toBe(0);
    // taken back from the batch: everyone of the type sees it again
    await run(testBatchesRoute.action, postRequest(`/admin/tests/${t.id}/batches`, { intent: "remove", batchId: batch }, { cookie: admin }), { testId: t.id });
    expect((await cardsOf(outsider.cookie, "SET")).map((c) => c.title)).toContain("Batch only SET mock");
    expect((await room()).notStarted).toBe(1);
  });

  it("a clone of a batch's test is given to the same batches (without their times): nobody else of the type sees it", async () => {
    const batch = await newBatch("Clone keeps its batch");
    const member = await makeStudent({ examTypes: ["UG_TRB"] });
    const outsider = await makeStudent({ examTypes: ["UG_TRB"] });
    await addToBatch(batch, [member.user.id]);
    const t = createTest({ title: "Batch UG mock", examType: "UG_TRB" }, TWO_QUESTIONS);
    const closes = Date.now() - HOUR; // the original's window for the batch is over
    expect(statusOf(await give(t.id, { batchId: batch, opensAt: local(closes - 3 * HOUR), closesAt: local(closes), answerRelease: "score_only" }))).toBe(302);
    const dialog = payload<any>(await run(cloneRoute.loader, getRequest(`/admin/tests/${t.id}/clone`, admin), { testId: t.id }));
    expect(dialog.batches).toEqual(["Clone keeps its batch"]);

    const cloned = (await run(cloneRoute.action, postRequest(`/admin/tests/${t.id}/clone`, { maxAttempts: "" }, { cookie: admin }), {
      testId: t.id,
    })) as Response;
    expect(cloned.status).toBe(302);
    const copy = db()
      .select()
      .from(testBatches)
      .where(eq(testBatches.batchId, batch))
      .all()
      .find((r) => r.testId !== t.id);
    expect(copy).toMatchObject({ opensAt: null, closesAt: null, answerRelease: "score_only" });
    expect((await cardsOf(member.cookie, "UG_TRB")).map((c) => c.title)).toContain("Batch UG mock (Copy)");
    expect((await cardsOf(outsider.cookie, "UG_TRB")).map((c) => c.title)).not.toContain("Batch UG mock (Copy)");
    expect(statusOf(await start(outsider.cookie, copy?.testId ?? ""))).toBe(404);
    expect(statusOf(await start(member.cookie, copy?.testId ?? ""))).toBe(302);
  });

  it("one test, a different Sunday per batch: each batch's own window decides Start and the card", async () => {
    const sundayOne = await newBatch("NET morning batch");
    const sundayTwo = await newBatch("NET evening batch");
    const early = await makeStudent({ examTypes: ["NET"] });
    const late = await makeStudent({ examTypes: ["NET"] });
    await addToBatch(sundayOne, [early.user.id]);
    await addToBatch(sundayTwo, [late.user.id]);
    const t = createTest({ title: "Sunday mock", examType: "NET" }, TWO_QUESTIONS);
    const now = Date.now();
    expect(statusOf(await give(t.id, { batchId: sundayOne, opensAt: local(now - HOUR), closesAt: local(now + HOUR) }))).toBe(302);
    expect(statusOf(await give(t.id, { batchId: sundayTwo, opensAt: local(now + 7 * 24 * HOUR), closesAt: local(now + 7 * 24 * HOUR + 2 * HOUR) }))).toBe(302);
    const rows = db().select().from(testBatches).where(eq(testBatches.testId, t.id)).all();
    expect(rows).toHaveLength(2);

    expect((await cardsOf(early.cookie, "NET")).find((c) => c.title === "Sunday mock")).toMatchObject({ allowed: true, windowNote: null });
    expect((await cardsOf(late.cookie, "NET")).find((c) => c.title === "Sunday mock")).toMatchObject({
      allowed: false,
      windowNote: expect.stringMatching(/^Opens on /),
    });
    expect(statusOf(await start(early.cookie, t.id))).toBe(302);
    const refused = await start(late.cookie, t.id);
    expect(statusOf(refused)).toBe(403);
    expect(payload<any>(refused).error).toMatch(/^Opens on /);
  });

  it("the answers wait for every batch's window, unless a batch has its own release", async () => {
    const a = await newBatch("Release batch A");
    const b = await newBatch("Release batch B");
    const sa = await makeStudent({ examTypes: ["NET"] });
    const sb = await makeStudent({ examTypes: ["NET"] });
    await addToBatch(a, [sa.user.id]);
    await addToBatch(b, [sb.user.id]);
    const t = createTest({ title: "Release mock", examType: "NET", maxAttempts: 1 }, TWO_QUESTIONS);
    const now = Date.now();
    await give(t.id, { batchId: a, opensAt: local(now - 2 * HOUR), closesAt: local(now + HOUR) });
    await give(t.id, { batchId: b, opensAt: local(now - 2 * HOUR), closesAt: local(now + 3 * HOUR) });
    for (const s of [sa, sb]) {
      expect(statusOf(await start(s.cookie, t.id))).toBe(302);
      await run(examRoute.action, postRequest(`/test/${t.id}`, { intent: "finish", confirm: "1" }, { cookie: s.cookie }), { testId: t.id });
    }
    // batch A's window closes; B's is still open: nobody sees the key (the test's rule waits for the last close)
    db()
      .update(testBatches)
      .set({ closesAt: new Date(now - 1000) })
      .where(and(eq(testBatches.testId, t.id), eq(testBatches.batchId, a)))
      .run();
    const resultsOf = async (cookie: string) => payload<any>(await run(resultsRoute.loader, getRequest(`/test/${t.id}/results`, cookie), { testId: t.id }));
    expect((await resultsOf(sa.cookie)).answers.shown).toBe(false);
    // at the latest: B's close, plus one whole attempt begun at its last moment, plus the save grace
    expect((await resultsOf(sb.cookie)).answers).toEqual({
      shown: false,
      releaseAt: now + 3 * HOUR - ((now + 3 * HOUR) % 60_000) + t.duration * 60_000 + GRACE_MS,
      held: false,
    });
    // batch A gets its own release "after the window closes": its window has closed, so A sees the key; B still waits
    await give(t.id, { batchId: a, opensAt: local(now - 2 * HOUR), closesAt: local(now - 60_000), answerRelease: "after_window" });
    expect((await resultsOf(sa.cookie)).answers.shown).toBe(true);
    expect((await resultsOf(sb.cookie)).answers.shown).toBe(false);
  });
});

describe("managing batches", () => {
  it("names are unique (any case); rename and archive; the activity log names the admin", async () => {
    const id = await newBatch("TET crash course");
    const again = await run(batchNew.action, postRequest("/admin/batches/new", { name: "tet CRASH course" }, { cookie: admin }));
    expect(statusOf(again)).toBe(400);
    expect(JSON.stringify(payload(again))).toContain("A batch with this name already exists");
    const empty = await run(batchNew.action, postRequest("/admin/batches/new", { name: "   " }, { cookie: admin }));
    expect(JSON.stringify(payload(empty))).toContain("Give the batch a name");
    await run(batchEdit.action, postRequest(`/admin/batches/${id}/edit`, { name: "TET crash course 2026", archived: "on" }, { cookie: admin }), {
      batchId: id,
    });
    const row = db().select().from(batches).where(eq(batches.id, id)).get()!;
    expect(row.name).toBe("TET crash course 2026");
    expect(row.archivedAt).not.toBeNull();
    const logged = db().select().from(activityLog).where(eq(activityLog.action, "batch")).all();
    expect(logged.filter((r) => r.target.startsWith("TET crash course"))).toHaveLength(2);
    expect(logged.every((r) => r.actorName === "Owner" || r.actorId !== null)).toBe(true);
  });

  it("adds every student matching the user list's filters ('all N matching'), students only, and removes the ticked", async () => {
    const id = await newBatch("Import week batch");
    for (let i = 1; i <= 5; i++) await createUser({ name: `Matcher ${i}`, email: `m${i}@batch.test`, password: null, assignedExamTypes: ["UG_TRB"] });
    const res = (await run(
      bulkRoute.action,
      postRequest("/admin/users/bulk", { q: "batch.test", all: "1", action: "add-batch", batchId: id }, { cookie: admin }),
    )) as Response;
    expect(flashOf(res)?.text).toBe("Add to a batch: 5 of 5 users changed");
    expect(db().select().from(batchMembers).where(eq(batchMembers.batchId, id)).all()).toHaveLength(5);
    // the user list filters by the batch (and "all matching" then means its students)
    expect(payload<any>(await run(usersRoute.loader, getRequest(`/admin/users?batch=${id}`, admin))).filtered).toBe(5);
    const missing = await run(bulkRoute.action, postRequest("/admin/users/bulk", { q: "batch.test", all: "1", action: "add-batch" }, { cookie: admin }));
    expect(JSON.stringify(payload(missing))).toContain("Choose a batch");
    const page = payload<any>(await run(batchPage.loader, getRequest(`/admin/batches/${id}?q=Matcher%202`, admin), { batchId: id }));
    // the student's own page names their batches
    const userId = page.members.rows[0].id;
    expect(payload<any>(await run(userPage.loader, getRequest(`/admin/users/${userId}`, admin), { userId })).batches.map((b: any) => b.name)).toEqual([
      "Import week batch",
    ]);
    expect(page.members.total).toBe(1);
    await run(batchPage.action, postRequest(`/admin/batches/${id}`, { intent: "remove", ids: [page.members.rows[0].id] }, { cookie: admin }), { batchId: id });
    expect(db().select().from(batchMembers).where(eq(batchMembers.batchId, id)).all()).toHaveLength(4);
    const nothing = await run(batchPage.action, postRequest(`/admin/batches/${id}`, { intent: "add" }, { cookie: admin }), { batchId: id });
    expect(payload<any>(nothing).error).toBe("Tick at least one student");
  });

  it("the student import's batches column puts new and registered students in batches (made when missing)", async () => {
    const known = await createUser({ name: "Known Import", email: "known@batchimport.test", password: null, assignedExamTypes: ["NET"] });
    const csv =
      "name,email,exam_types,batches\nNew Import,new@batchimport.test,NET,Column batch; Second column batch\nKnown Import,known@batchimport.test,NET,column BATCH\n";
    const preview = previewStudentImport(new TextEncoder().encode(csv), "s.csv", "add");
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.counts).toEqual({ new: 1, update: 1, skip: 0, error: 0 });
    const done = await applyStudentImport(preview.key, "http://localhost");
    expect(done.ok).toBe(true);
    const named = (name: string) => db().select().from(batches).where(eq(batches.name, name)).get();
    expect(named("Column batch")).toBeDefined();
    expect(named("Second column batch")).toBeDefined();
    const membersOf = (batchId: string) => db().select().from(batchMembers).where(eq(batchMembers.batchId, batchId)).all().length;
    expect(membersOf(named("Column batch")!.id)).toBe(2);
    expect(membersOf(named("Second column batch")!.id)).toBe(1);
    expect(db().select().from(batchMembers).where(eq(batchMembers.userId, known.id)).all()).toHaveLength(1);
  });

  it("an announcement given to a batch reaches its members only", async () => {
    const id = await newBatch("Announcement batch");
    const member = await makeStudent({ examTypes: ["NET"] });
    const other = await makeStudent({ examTypes: ["NET"] });
    await addToBatch(id, [member.user.id]);
    const bad = await run(
      announcementNew.action,
      postRequest("/admin/announcements/new", { title: "Batch news", content: "Hall changed", targetType: "batch" }, { cookie: admin }),
    );
    expect(JSON.stringify(payload(bad))).toContain("Choose at least one batch");
    const ok = await run(
      announcementNew.action,
      postRequest(
        "/admin/announcements/new",
        { title: "Batch news", content: "Hall changed", targetType: "batch", targetBatches: id, isActive: "on" },
        { cookie: admin },
      ),
    );
    expect(statusOf(ok)).toBe(302);
    const titles = async (cookie: string) =>
      (payload<any>(await run(dashboard.loader, getRequest("/dashboard", cookie))).announcements.items as Array<{ title: string }>).map((a) => a.title);
    expect(await titles(member.cookie)).toContain("Batch news");
    expect(await titles(other.cookie)).not.toContain("Batch news");
  });
});

describe("a study material given to batches", () => {
  it("leaves the public landing page and shows on its members' dashboards only", async () => {
    const id = await newBatch("Materials batch");
    const member = await makeStudent({ examTypes: ["NET"] });
    const other = await makeStudent({ examTypes: ["NET"] });
    await addToBatch(id, [member.user.id]);
    const fields = {
      title: "Batch notes on Chaucer",
      description: "For the weekend batch",
      examType: "NET",
      googleDriveLink: "https://drive.google.com/file/d/abc123/view",
      thumbnailUrl: "https://example.com/t.png",
    };
    expect(statusOf(await run(materialNew.action, postRequest("/admin/materials/new", { ...fields, batches: id }, { cookie: admin })))).toBe(302);
    expect(statusOf(await run(materialNew.action, postRequest("/admin/materials/new", { ...fields, title: "Public notes" }, { cookie: admin })))).toBe(302);
    const landing = loadLanding(new URL("http://localhost/"), null).materials.map((m) => m.title);
    expect(landing).toContain("Public notes");
    expect(landing).not.toContain("Batch notes on Chaucer");
    const materialsOf = async (cookie: string) =>
      (payload<any>(await run(dashboard.loader, getRequest("/dashboard", cookie))).batchMaterials as Array<{ title: string }>).map((m) => m.title);
    expect(await materialsOf(member.cookie)).toEqual(["Batch notes on Chaucer"]);
    expect(await materialsOf(other.cookie)).toEqual([]);
    expect(batchesForBackup().find((b) => b.id === id)?.materials).toHaveLength(1);
  });
});

describe("batch filters of the admin's pages", () => {
  it("the gradebook, the marks register and the live room show one batch's students (hand-built attempts)", async () => {
    const id = await newBatch("Filter batch");
    const inside = await createUser({ name: "Filter Inside", email: "in@filter.test", password: null, assignedExamTypes: ["COLLEGE_TRB"] });
    const outside = await createUser({ name: "Filter Outside", email: "out@filter.test", password: null, assignedExamTypes: ["COLLEGE_TRB"] });
    await addToBatch(id, [inside.id]);
    const t = createTest({ title: "College filter mock", examType: "COLLEGE_TRB" }, TWO_QUESTIONS);
    // a test given only to another batch is not in this batch's gradebook
    const elsewhere = createTest({ title: "Other batch's mock", examType: "COLLEGE_TRB" }, TWO_QUESTIONS);
    db()
      .insert(testBatches)
      .values({ testId: elsewhere.id, batchId: await newBatch("Filter other batch") })
      .run();
    const now = Date.now();
    for (const [user, score, status] of [
      [inside.id, 2, "submitted"],
      [outside.id, 1, "submitted"],
      [inside.id, null, "in_progress"],
    ] as const)
      db()
        .insert(attempts)
        .values({
          id: newId(),
          testId: t.id,
          userId: user,
          status,
          startedAt: new Date(now - 60_000),
          deadlineAt: new Date(now + HOUR),
          completedAt: status === "submitted" ? new Date(now - 30_000 - (score ?? 0)) : null,
          score,
          totalQuestions: 2,
        })
        .run();
    const gb = payload<any>(await run(gradebookRoute.loader, getRequest(`/admin/gradebook?type=COLLEGE_TRB&batch=${id}`, admin)));
    expect(gb.tests.map((x: any) => x.title)).toEqual(["College filter mock"]);
    expect(gb.rows.map((r: any) => [r.name, r.cells.map((c: any) => c?.percent ?? null)])).toEqual([["Filter Inside", [100]]]);
    const all = payload<any>(await run(gradebookRoute.loader, getRequest("/admin/gradebook?type=COLLEGE_TRB", admin)));
    expect(all.rows.map((r: any) => r.name)).toEqual(["Filter Inside", "Filter Outside"]);

    const marks = payload<any>(await run(marksRoute.loader, getRequest(`/admin/tests/${t.id}/marks?batch=${id}`, admin), { testId: t.id }));
    expect(marks.rows.map((r: any) => [r.name, r.score])).toEqual([["Filter Inside", 2]]);
    const live = payload<any>(await run(liveRoute.loader, getRequest(`/admin/tests/${t.id}/live?batch=${id}`, admin), { testId: t.id }));
    expect(live.counts).toMatchObject({ writing: 1, finished: 1 });
    const items = payload<any>(await run(itemRoute.loader, getRequest(`/admin/tests/${t.id}/analysis?batch=${id}`, admin), { testId: t.id }));
    expect(items.versions[0].attempts).toBe(1);
    const itemsAll = payload<any>(await run(itemRoute.loader, getRequest(`/admin/tests/${t.id}/analysis`, admin), { testId: t.id }));
    expect(itemsAll.versions[0].attempts).toBe(2);
    const people = payload<any>(await run(userAnalysisRoute.loader, getRequest(`/admin/users/analysis?batch=${id}`, admin)));
    expect(people.rows.map((r: any) => [r.name, r.attempts])).toEqual([["Filter Inside", 1]]);
    const board = payload<any>(await run(overviewRoute.loader, getRequest(`/admin?batch=${id}`, admin)));
    expect(board.cards.totalAttempts).toBe(1);
    expect(board.activity.uniqueUsers).toBe(1);
    expect(board.top.map((u: any) => u.name)).toEqual(["Filter Inside"]);
    const liveAll = payload<any>(await run(liveRoute.loader, getRequest(`/admin/tests/${t.id}/live`, admin), { testId: t.id }));
    expect(liveAll.counts).toMatchObject({ writing: 1, finished: 2 });
  });
});

describe("batches and the activity log in the JSON backup", () => {
  it("a batch removed comes back with its students, tests (and their windows) and announcements; the log rows too", async () => {
    const id = await newBatch("Backup batch");
    const s = await makeStudent({ examTypes: ["NET"] });
    await addToBatch(id, [s.user.id]);
    const t = createTest({ title: "Backup batch mock", examType: "NET" }, TWO_QUESTIONS);
    const closes = Date.now() + 5 * HOUR;
    await give(t.id, { batchId: id, closesAt: local(closes), answerRelease: "score_only" });
    const saved = batchesForBackup().find((b) => b.id === id)!;
    expect(saved).toMatchObject({ name: "Backup batch", members: [s.user.id], tests: [{ testId: t.id, answerRelease: "score_only" }] });
    const log = [...activityPage(0)];
    expect(log.some((r) => r.action === "test-batches" && r.testId === t.id)).toBe(true);

    db().delete(batches).where(eq(batches.id, id)).run();
    db().delete(activityLog).run();
    const r = importExtras(JSON.parse(JSON.stringify([saved, { id: "bad", name: "" }])), JSON.parse(JSON.stringify(log)));
    expect(r).toMatchObject({ imported: 1 + log.length, errors: 1 });
    expect(
      db()
        .select()
        .from(batchMembers)
        .where(eq(batchMembers.batchId, id))
        .all()
        .map((m) => m.userId),
    ).toEqual([s.user.id]);
    const back = db().select().from(testBatches).where(eq(testBatches.batchId, id)).get()!;
    expect(+back.closesAt! - (closes - (closes % 60_000))).toBe(0);
    expect(back.answerRelease).toBe("score_only");
    expect(db().select().from(activityLog).all()).toHaveLength(log.length);
    // a second import changes nothing
    expect(importExtras([saved], log)).toMatchObject({ imported: 0, skipped: 1 + log.length, errors: 0 });
  });
});
