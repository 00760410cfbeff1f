// Batches and the question bank on a bad day: oversized and malformed input, batches that are gone, a second tab
// adding the same students, a window that closes before it opens, hostile counts. Each gets its message and writes
// nothing it should not.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { batches, batchMembers, testBatches, users } from "~/db/schema.server";
import { createTest } from "~/models/test.server";
import * as testBatchesRoute from "~/routes/admin+/_tests+/tests_.$testId.batches";
import * as generateRoute from "~/routes/admin+/_tests+/bank_.generate";
import * as batchNew from "~/routes/admin+/_users+/batches.new";
import * as batchPage from "~/routes/admin+/_users+/batches_.$batchId";
import * as bulkRoute from "~/routes/admin+/_users+/users.bulk";
import { flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

let admin: string;
let batchId: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
  const res = (await run(batchNew.action, postRequest("/admin/batches/new", { name: "Hostile batch" }, { cookie: admin }))) as Response;
  batchId = (res.headers.get("Location") ?? "").split("/").pop() ?? "";
});

describe("batches on a bad day", () => {
  it("a name over 80 characters, or of markup, is refused or kept as text", async () => {
    const long = await run(batchNew.action, postRequest("/admin/batches/new", { name: "x".repeat(81) }, { cookie: admin }));
    expect(statusOf(long)).toBe(400);
    expect(JSON.stringify(payload(long))).toContain("The name is too long (at most 80 characters)");
    const markup = (await run(batchNew.action, postRequest("/admin/batches/new", { name: "<script>alert(1)</script>" }, { cookie: admin }))) as Response;
    expect(markup.status).toBe(302);
    expect(db().select().from(batches).where(eq(batches.name, "<script>alert(1)</script>")).get()).toBeDefined();
  });

  it("a second tab adding the same students adds nobody twice; an admin or an unknown id is never a member", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const add = (ids: string[]) =>
      run(batchPage.action, postRequest(`/admin/batches/${batchId}`, { intent: "add", ids }, { cookie: admin }), { batchId }) as Promise<Response>;
    expect(flashOf(await add([s.user.id]))?.text).toBe("1 student added to Hostile batch");
    expect(flashOf(await add([s.user.id]))?.text).toBe("0 students added to Hostile batch");
    const owner = db().select({ id: users.id }).from(users).where(eq(users.role, "admin")).get();
    expect(flashOf(await add([owner?.id ?? "x", "no-such-user"]))?.text).toBe("0 students added to Hostile batch");
    expect(db().select().from(batchMembers).where(eq(batchMembers.batchId, batchId)).all()).toHaveLength(1);
    const gone = await run(batchPage.loader, getRequest("/admin/batches/no-such-batch", admin), { batchId: "no-such-batch" }).catch((e) => e);
    expect(statusOf(gone)).toBe(404);
  });

  it("a batch that is gone is named as such in the bulk action and in Give to a batch", async () => {
    const s = await makeStudent({ examTypes: ["NET"] });
    const bulk = await run(
      bulkRoute.action,
      postRequest("/admin/users/bulk", { all: "1", q: s.email, action: "add-batch", batchId: "gone" }, { cookie: admin }),
    );
    expect(statusOf(bulk)).toBe(400);
    expect(JSON.stringify(payload(bulk))).toContain("That batch is gone: choose another");
    expect(db().select().from(batchMembers).where(eq(batchMembers.userId, s.user.id)).all()).toHaveLength(0);
    const t = createTest({ title: "Hostile window test", examType: "NET" }, TWO_QUESTIONS);
    const give = await run(testBatchesRoute.action, postRequest(`/admin/tests/${t.id}/batches`, { intent: "give", batchId: "gone" }, { cookie: admin }), {
      testId: t.id,
    });
    expect(JSON.stringify(payload(give))).toContain("That batch is gone: choose another");
  });

  it("a batch window that closes before it opens, or a date that is not one, is refused", async () => {
    const t = createTest({ title: "Hostile order test", examType: "NET" }, TWO_QUESTIONS);
    const post = (fields: Record<string, string>) =>
      run(testBatchesRoute.action, postRequest(`/admin/tests/${t.id}/batches`, { intent: "give", batchId, ...fields }, { cookie: admin }), { testId: t.id });
    const order = await post({ opensAt: "2026-12-06T10:00", closesAt: "2026-12-06T09:00" });
    expect(JSON.stringify(payload(order))).toContain("The closing time must be after the opening time");
    const junk = await post({ opensAt: "next sunday" });
    expect(statusOf(junk)).toBe(400);
    const release = await post({ answerRelease: "whenever" });
    expect(statusOf(release)).toBe(400);
    expect(db().select().from(testBatches).where(eq(testBatches.testId, t.id)).all()).toHaveLength(0);
  });
});

describe("Generate a Test on a bad day", () => {
  const base = { title: "Hostile generate", examType: "NET", "picks[0].kind": "topic", "picks[0].tag": "Chaucer" };
  const generate = (fields: Record<string, string>) =>
    run(generateRoute.action, postRequest("/admin/bank/generate", { ...base, ...fields }, { cookie: admin }));
  it("a negative, fractional or huge count, an unknown kind, or an unknown batch is refused with its message", async () => {
    expect(JSON.stringify(payload(await generate({ "picks[0].count": "-1" })))).toContain("A count is a whole number from 0 to 200");
    expect(JSON.stringify(payload(await generate({ "picks[0].count": "1.5" })))).toContain("A count is a whole number from 0 to 200");
    expect(JSON.stringify(payload(await generate({ "picks[0].count": "9999" })))).toContain("A count is a whole number from 0 to 200");
    expect(statusOf(await generate({ "picks[0].count": "1", "picks[0].kind": "author" }))).toBe(400);
    expect(JSON.stringify(payload(await generate({ "picks[0].count": "1", preferUnseenBy: "gone" })))).toContain("That batch is gone: choose another");
  });
});
