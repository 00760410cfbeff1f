// The admin activity log: each change that matters later writes one row with the admin who made it; the log page
// filters by what, who and test (a test's own events).
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { createTest } from "~/models/test.server";
import { createUser } from "~/models/user.server";
import * as activityRoute from "~/routes/admin+/_insight+/activity";
import * as bulkRoute from "~/routes/admin+/_tests+/tests.bulk";
import * as deleteRoute from "~/routes/admin+/_tests+/tests.$testId.delete";
import * as editRoute from "~/routes/admin+/_tests+/tests.$testId.edit";
import * as passwordRoute from "~/routes/admin+/_users+/users.$userId.password";
import * as newUserRoute from "~/routes/admin+/_users+/users.new";
import * as userRoute from "~/routes/admin+/_users+/users_.$userId";
import * as usersRoute from "~/routes/admin+/_users+/users";
import { getRequest, OWNER, payload, postRequest, run, seedBase, signIn, TWO_QUESTIONS } from "../helpers";

let admin: string;
const rows = () =>
  db().all<{ actorName: string; actorId: string | null; action: string; testId: string | null; target: string; detail: string }>(
    sql`SELECT actor_name AS actorName, actor_id AS actorId, action, test_id AS testId, target, detail FROM activity_log ORDER BY rowid`,
  );

beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

describe("the activity log", () => {
  it("writes one row with the actor for each logged change", async () => {
    const owner = db().get<{ id: string; name: string }>(sql`SELECT id, name FROM users WHERE email = ${OWNER.email}`)!;
    const t = createTest({ title: "Logged Test", examType: "NET" }, TWO_QUESTIONS);
    const student = await createUser({ name: "Logged Student", email: "logged@example.test", password: "logged-pass-1", assignedExamTypes: ["NET"] });
    const before = rows().length;
    const steps: Array<[string, () => Promise<unknown>]> = [
      [
        "test-edit",
        () =>
          run(editRoute.action, postRequest(`/admin/tests/${t.id}/edit`, { title: "Logged Test 2", examType: "NET", duration: "30" }, { cookie: admin }), {
            testId: t.id,
          }),
      ],
      [
        "bulk-change",
        () => run(bulkRoute.action, postRequest("/admin/tests/bulk", { intent: "change-selected", change: "deactivate", ids: t.id }, { cookie: admin })),
      ],
      [
        "user-create",
        () =>
          run(
            newUserRoute.action,
            postRequest("/admin/users/new", { name: "New Admin", email: "newadmin@example.test", password: "secret-pass", role: "admin" }, { cookie: admin }),
          ),
      ],
      ["user-status", () => run(usersRoute.action, postRequest("/admin/users", { intent: "status", id: student.id, status: "inactive" }, { cookie: admin }))],
      [
        "password-reset",
        () =>
          run(passwordRoute.action, postRequest(`/admin/users/${student.id}/password`, { password: "another-pass-1" }, { cookie: admin }), {
            userId: student.id,
          }),
      ],
      [
        "accommodation",
        () =>
          run(
            userRoute.action,
            postRequest(
              `/admin/users/${student.id}`,
              { intent: "accommodation-save", extraMinutes: "20", extraPercent: "0", extraAttempts: "0" },
              { cookie: admin },
            ),
            { userId: student.id },
          ),
      ],
      ["test-delete", () => run(deleteRoute.action, postRequest(`/admin/tests/${t.id}/delete`, {}, { cookie: admin }), { testId: t.id })],
    ];
    for (const [action, step] of steps) {
      const count = rows().length;
      await step();
      const added = rows().slice(count);
      expect(
        added.map((r) => r.action),
        action,
      ).toEqual([action]);
      expect(added[0]).toMatchObject({ actorName: owner.name, actorId: owner.id });
    }
    const log = rows().slice(before);
    expect(log.find((r) => r.action === "test-edit")).toMatchObject({ testId: t.id, target: "Logged Test 2" });
    expect(log.find((r) => r.action === "accommodation")).toMatchObject({ target: "Logged Student", detail: "+20 min, +0%, +0 attempts" });
    expect(log.find((r) => r.action === "user-create")?.detail).toBe("role admin");
  });

  it("the page lists newest first and filters by what, who and test", async () => {
    const page = payload<any>(await run(activityRoute.loader, getRequest("/admin/activity", admin)));
    expect(page.rows[0].action).toBe("test-delete");
    expect(page.rows.map((r: any) => r.label)).toContain("Reset a password");
    const onlyResets = payload<any>(await run(activityRoute.loader, getRequest("/admin/activity?action=password-reset", admin)));
    expect(onlyResets.rows.map((r: any) => r.action)).toEqual(["password-reset"]);
    // the test was deleted (no attempts): its events stay, under the title they named
    const testId = rows().find((r) => r.action === "test-edit")?.testId;
    const ofTest = payload<any>(await run(activityRoute.loader, getRequest(`/admin/activity?test=${testId}`, admin)));
    expect(ofTest.rows.map((r: any) => r.action)).toEqual(["test-delete", "test-edit"]);
    expect(ofTest.testTitle).toBe("Logged Test 2");
    const nobody = payload<any>(await run(activityRoute.loader, getRequest("/admin/activity?actor=zzz", admin)));
    expect(nobody.total).toBe(0);
  });
});

describe("the activity log, filtered and worded", () => {
  it("an edit says what changed; a bulk action names its tests; filters by date range and by a student or test named", async () => {
    const a = createTest({ title: "Worded Alpha", examType: "NET", duration: 60 }, TWO_QUESTIONS);
    const b = createTest({ title: "Worded Beta", examType: "NET" }, TWO_QUESTIONS);
    await run(
      editRoute.action,
      postRequest(`/admin/tests/${a.id}/edit`, { title: "Worded Alpha", examType: "NET", duration: "45", isActive: "on" }, { cookie: admin }),
      { testId: a.id },
    );
    const edit = rows()
      .filter((r) => r.action === "test-edit" && r.testId === a.id)
      .at(-1);
    expect(edit?.detail).toContain("Duration (min): 60 → 45");
    expect(edit?.detail).not.toContain("Title:");

    await run(bulkRoute.action, postRequest("/admin/tests/bulk", { intent: "change-selected", change: "deactivate", ids: [a.id, b.id] }, { cookie: admin }));
    const bulk = rows()
      .filter((r) => r.action === "bulk-change")
      .at(-1);
    expect(bulk?.detail).toContain("“Worded Alpha”, “Worded Beta”");

    // an old event, ten days back
    db().run(sql`UPDATE activity_log SET created_at = ${Date.now() - 10 * 86_400_000} WHERE detail LIKE '%Worded Beta%'`);
    const list = async (query: string) =>
      payload<{ rows: Array<{ detail: string; action: string }>; total: number }>(
        await run(activityRoute.loader, getRequest(`/admin/activity${query}`, admin)),
      );
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" });
    const recent = await list(`?from=${today}&to=${today}&about=${encodeURIComponent("worded alpha")}`);
    expect(recent.rows.map((r) => r.action)).toEqual(["test-edit"]);
    const older = await list(`?to=${new Date(Date.now() - 5 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Kolkata" })}&about=worded`);
    expect(older.rows.map((r) => r.action)).toEqual(["bulk-change"]);
    // a malformed date is no filter
    expect((await list("?from=yesterday&about=worded")).total).toBe(2);
  });
});
