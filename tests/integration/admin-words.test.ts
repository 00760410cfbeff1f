// What the admin's messages say after bulk operations: each test counted for what happened to it
// (deleted, or archived because students had taken it), in words that agree with their numbers.
import { beforeAll, describe, expect, it } from "vitest";
import { createTest } from "~/models/test.server";
import * as bulkRoute from "~/routes/admin+/_tests+/tests.bulk";
import * as examRoute from "~/routes/_exam+/test.$testId";
import { flashOf, makeStudent, OWNER, postRequest, run, seedBase, signIn, TWO_QUESTIONS } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

describe("bulk delete", () => {
  it("says how many tests were deleted and how many archived because students had taken them", async () => {
    const untouched = createTest({ title: "Nobody took this", examType: "NET", duration: 30 }, TWO_QUESTIONS).id;
    const taken = createTest({ title: "Somebody took this", examType: "NET", duration: 30 }, TWO_QUESTIONS).id;
    const { cookie } = await makeStudent();
    await run(examRoute.action, postRequest(`/test/${taken}`, { intent: "start" }, { cookie }), { testId: taken });
    const res = (await run(
      bulkRoute.action,
      postRequest("/admin/tests/bulk", { intent: "delete-selected", ids: [untouched, taken] }, { cookie: admin }),
    )) as Response;
    expect(flashOf(res)).toEqual({ type: "success", text: "Bulk delete complete: 1 deleted, 1 archived (students had taken it), 0 errors" });
  });

  it("keeps the spec's words when nothing was archived", async () => {
    const ids = [1, 2].map((i) => createTest({ title: `Spare ${i}`, examType: "NET", duration: 30 }, TWO_QUESTIONS).id);
    const res = (await run(bulkRoute.action, postRequest("/admin/tests/bulk", { intent: "delete-selected", ids }, { cookie: admin }))) as Response;
    expect(flashOf(res)).toEqual({ type: "success", text: "Bulk delete complete: 2 deleted, 0 errors" });
  });
});
