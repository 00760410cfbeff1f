// Bulk Operations' change of many tests: the ticked ones or every test the list's filters match (read again
// when the change is made); activate, deactivate, set when answers are shown, clear the window.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { tests } from "~/db/schema.server";
import { createTest } from "~/models/test.server";
import * as bulkRoute from "~/routes/admin+/_tests+/tests.bulk";
import { flashOf, getRequest, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, TWO_QUESTIONS } from "../helpers";

let admin: string;
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});

const rowsOf = (ids: string[]) => db().select().from(tests).where(inArray(tests.id, ids)).all();
const change = (query: string, fields: Record<string, string | string[]>) =>
  run(bulkRoute.action, postRequest(`/admin/tests/bulk${query}`, { intent: "change-selected", ...fields }, { cookie: admin })) as Promise<Response>;

describe("changing many tests at once", () => {
  it("the ticked tests: the confirmation names them, then each change is made to them only", async () => {
    const a = createTest({ title: "Bulk A", examType: "SET", isActive: false }, TWO_QUESTIONS);
    const b = createTest({ title: "Bulk B", examType: "SET", isActive: false }, TWO_QUESTIONS);
    const untouched = createTest({ title: "Bulk untouched", examType: "SET", isActive: false }, TWO_QUESTIONS);
    const page = payload<any>(await run(bulkRoute.loader, getRequest(`/admin/tests/bulk?step=change-selected&ids=${a.id}&ids=${b.id}`, admin)));
    expect(page.toChange).toMatchObject({ count: 2, titles: ["Bulk A", "Bulk B"] });

    expect(flashOf(await change("", { ids: [a.id, b.id], change: "activate" }))?.text).toBe("2 tests changed: activated");
    expect(rowsOf([a.id, b.id, untouched.id]).map((t) => [t.title, t.isActive])).toEqual(
      expect.arrayContaining([
        ["Bulk A", true],
        ["Bulk B", true],
        ["Bulk untouched", false],
      ]),
    );
    await change("", { ids: [a.id], change: "release", answerRelease: "score_only" });
    expect(rowsOf([a.id])[0].answerRelease).toBe("score_only");
    db()
      .update(tests)
      .set({ opensAt: new Date(), closesAt: new Date(Date.now() + 3_600_000) })
      .where(eq(tests.id, b.id))
      .run();
    expect(flashOf(await change("", { ids: [b.id], change: "clear-window" }))?.text).toBe("1 test changed: window cleared");
    expect(rowsOf([b.id])[0]).toMatchObject({ opensAt: null, closesAt: null });
  });

  it("every test matching the filters, read again when the change is made", async () => {
    const type = "UG_TRB";
    const one = createTest({ title: "Matching one", examType: type, isActive: false }, TWO_QUESTIONS);
    const page = payload<any>(await run(bulkRoute.loader, getRequest(`/admin/tests/bulk?step=change-matching&type=${type}`, admin)));
    expect(page.toChange.titles).toContain("Matching one");
    // a test added after the confirmation opened is changed too: "all matching" means now
    const two = createTest({ title: "Matching two", examType: type, isActive: false }, TWO_QUESTIONS);
    const other = createTest({ title: "Not matching", examType: "NET", isActive: false }, TWO_QUESTIONS);
    const res = await change(`?type=${type}`, { matching: "1", change: "activate" });
    expect(res.status).toBe(302);
    expect(rowsOf([one.id, two.id, other.id]).map((t) => [t.title, t.isActive])).toEqual(
      expect.arrayContaining([
        ["Matching one", true],
        ["Matching two", true],
        ["Not matching", false],
      ]),
    );
  });

  it("sets the window (academy time), the exam type and the unit of the ticked tests", async () => {
    const a = createTest({ title: "Bulk window A", examType: "SET" }, TWO_QUESTIONS);
    const b = createTest({ title: "Bulk window B", examType: "SET", unitNumber: 2, unitName: "Old unit" }, TWO_QUESTIONS);
    const res = await change("", { ids: [a.id, b.id], change: "set-window", opensAt: "2030-01-05T10:00", closesAt: "2030-01-05T13:00" });
    expect(flashOf(res)?.text).toBe("2 tests changed: window set");
    expect(rowsOf([a.id, b.id]).map((t) => [t.opensAt?.toISOString(), t.closesAt?.toISOString()])).toEqual([
      ["2030-01-05T04:30:00.000Z", "2030-01-05T07:30:00.000Z"],
      ["2030-01-05T04:30:00.000Z", "2030-01-05T07:30:00.000Z"],
    ]);
    expect(flashOf(await change("", { ids: [a.id, b.id], change: "exam-type", examType: "PG_TRB" }))?.text).toBe("2 tests changed: exam type set");
    expect(rowsOf([a.id, b.id]).map((t) => t.examType)).toEqual(["PG_TRB", "PG_TRB"]);
    await change("", { ids: [a.id, b.id], change: "unit", unitNumber: "3", unitName: "Romantic poetry" });
    expect(rowsOf([a.id, b.id]).map((t) => [t.unitNumber, t.unitName])).toEqual([
      [3, "Romantic poetry"],
      [3, "Romantic poetry"],
    ]);
    await change("", { ids: [b.id], change: "unit", unitNumber: "" });
    expect(rowsOf([b.id]).map((t) => [t.unitNumber, t.unitName])).toEqual([[null, null]]);
    // refused beside their fields: a backwards window, no time at all, an exam type that does not exist
    const backwards = await change("", { ids: [a.id], change: "set-window", opensAt: "2030-01-05T10:00", closesAt: "2030-01-04T10:00" });
    expect(payload<any>(backwards).result.error.closesAt).toEqual(["The closing time must be after the opening time"]);
    expect(payload<any>(await change("", { ids: [a.id], change: "set-window" })).result.error.opensAt).toEqual(["Give an opening or a closing time"]);
    expect(payload<any>(await change("", { ids: [a.id], change: "exam-type", examType: "NOPE" })).result.error.examType).toEqual(["Choose an exam type"]);
    expect(rowsOf([a.id])[0].examType).toBe("PG_TRB");
  });

  it("refuses without a change chosen, and says so when nothing is ticked", async () => {
    const t = createTest({ title: "Bulk refused", examType: "SET" }, TWO_QUESTIONS);
    const refused = await change("", { ids: [t.id] });
    expect(statusOf(refused)).toBe(400);
    expect(payload<any>(refused).result.error.change).toEqual(["Choose what to change"]);
    expect(flashOf(await change("", { change: "activate" }))?.text).toBe("Select at least one test to change");
  });
});
