import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { userExamTypes, users } from "~/db/schema.server";
import { createUser, findUserBySignInName } from "~/models/user.server";
import * as usersRoute from "~/routes/admin+/_users+/users";
import * as bulkRoute from "~/routes/admin+/_users+/users.bulk";
import { flashOf, getRequest, OWNER, payload, postRequest, run, seedBase, signIn } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
  // 6 students of "Batch A" (NET) and 4 of "Batch B" (TET); no passwords needed here
  for (let i = 1; i <= 6; i++) await createUser({ name: `Batch A ${i}`, email: `a${i}@bulk.test`, password: null, assignedExamTypes: ["NET"] });
  for (let i = 1; i <= 4; i++) {
    const u = await createUser({ name: `Batch B ${i}`, email: `b${i}@bulk.test`, password: null, assignedExamTypes: ["TET"] });
    // joined a day apart
    db()
      .update(users)
      .set({ joinDate: new Date(Date.UTC(2026, 0, i)) })
      .where(eq(users.id, u.id))
      .run();
  }
});

const bulk = (fields: Record<string, string | string[]>) =>
  run(bulkRoute.action, postRequest("/admin/users/bulk", fields, { cookie: admin })) as Promise<Response>;
const typesOf = (email: string) =>
  db()
    .select({ t: userExamTypes.examType })
    .from(userExamTypes)
    .where(eq(userExamTypes.userId, findUserBySignInName(email)!.id))
    .all()
    .map((r) => r.t)
    .sort();

describe("bulk actions on users", () => {
  it("the list filters by exam type and sorts by join date", async () => {
    const list = payload<any>(await run(usersRoute.loader, getRequest("/admin/users?type=TET&sort=joined&q=bulk.test", admin)));
    expect(list.filtered).toBe(4);
    expect(list.rows.map((r: any) => r.name)).toEqual(["Batch B 4", "Batch B 3", "Batch B 2", "Batch B 1"]);
  });

  it("assign and deactivate on 'all matching' change exactly the matching users", async () => {
    const page = payload<any>(await run(bulkRoute.loader, getRequest("/admin/users/bulk?q=Batch%20A&all=1", admin)));
    expect(page.matching).toBe(6);
    const assigned = await bulk({ q: "Batch A", all: "1", action: "add-type", examType: "SET" });
    expect(flashOf(assigned)?.text).toBe("Assign an exam type: 6 of 6 users changed");
    expect(typesOf("a3@bulk.test")).toEqual(["NET", "SET"]);
    expect(typesOf("b1@bulk.test")).toEqual(["TET"]);

    await bulk({ q: "Batch A", all: "1", action: "deactivate" });
    const statuses = db().select({ email: users.email, status: users.status }).from(users).where(like(users.email, "%@bulk.test")).all();
    expect(
      statuses
        .filter((u) => u.status === "inactive")
        .map((u) => u.email)
        .sort(),
    ).toEqual(["a1", "a2", "a3", "a4", "a5", "a6"].map((a) => `${a}@bulk.test`));
  });

  it("ticked users only; the owner is never deactivated; delete needs its confirmation", async () => {
    const owner = findUserBySignInName(OWNER.email)!;
    const b1 = findUserBySignInName("b1@bulk.test")!;
    const deactivated = await bulk({ ids: [b1.id, owner.id], action: "deactivate" });
    expect(flashOf(deactivated)?.text).toBe("Deactivate: 1 of 2 users changed (1 skipped: the owner's and your own account)");
    expect(findUserBySignInName(OWNER.email)?.status).toBe("active");

    const unconfirmed = await bulk({ ids: [b1.id], action: "delete" });
    expect(payload<any>(unconfirmed).result.error).toEqual({ confirmDelete: ["Tick the box to confirm: the users and all their attempts are deleted"] });
    expect(findUserBySignInName("b1@bulk.test")).toBeDefined();
    await bulk({ ids: [b1.id], action: "delete", confirmDelete: "on" });
    expect(findUserBySignInName("b1@bulk.test")).toBeUndefined();
    expect(findUserBySignInName("b2@bulk.test")).toBeDefined();
  });

  it("sets the global limit and creates sign-in links for all matching", async () => {
    await bulk({ q: "Batch B", all: "1", action: "limit", globalTestLimit: "2" });
    expect(findUserBySignInName("b2@bulk.test")?.globalTestLimit).toBe(2);
    const links = await bulk({ q: "Batch B", all: "1", action: "links" });
    expect(flashOf(links)?.text).toBe("3 sign-in links created");
    expect(links.headers.get("Location")).toMatch(/^\/admin\/users\/import\?links=/);
  });
});

describe("bulk Create sign-in links", () => {
  it("reaches only students without a password, lists them with No password yet, and never replaces a working link unasked", async () => {
    await createUser({ name: "Batch C has password", email: "c1@bulk.test", password: "has-a-pass-1", assignedExamTypes: ["SET"] });
    for (let i = 2; i <= 4; i++) await createUser({ name: `Batch C ${i}`, email: `c${i}@bulk.test`, password: null, assignedExamTypes: ["SET"] });
    // the list's filter: no password yet
    const list = payload<any>(await run(usersRoute.loader, getRequest("/admin/users?q=Batch%20C&password=none", admin)));
    expect(list.rows.map((r: { name: string }) => r.name).sort()).toEqual(["Batch C 2", "Batch C 3", "Batch C 4"]);

    const first = await bulk({ q: "Batch C", all: "1", action: "links" });
    expect(flashOf(first)?.text).toBe("3 sign-in links created; 1 user skipped: they have a password");
    // asked again: the links already sent still work, and are not replaced
    const again = await bulk({ q: "Batch C", all: "1", action: "links" });
    expect(flashOf(again)?.text).toBe(
      "No sign-in links created; 1 user skipped: they have a password; 3 users skipped: a link sent earlier still works (tick Replace to send new ones)",
    );
    // unless the admin says so
    const replaced = await bulk({ q: "Batch C", all: "1", action: "links", replaceLinks: "on" });
    expect(flashOf(replaced)?.text).toBe("3 sign-in links created; 1 user skipped: they have a password");
  });
});
