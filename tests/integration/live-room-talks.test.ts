// The live room talks back: more time and its message reach a running exam page through the status endpoint (and
// the page without JavaScript on its next load); the room names who has not started and who finished, with each
// writer's accommodation on their row.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { saveAccommodation } from "~/models/accommodations.server";
import { extendAttempts, liveRoomPage, sendLiveMessage } from "~/models/live-room.server";
import { createTest, findTest } from "~/models/test.server";
import * as examRoute from "~/routes/_exam+/test.$testId";
import * as statusRoute from "~/routes/api+/attempts.$attemptId.status";
import { attemptsAt, examApi, getRequest, makeStudent, payload, postRequest, run, seedBase, TWO_QUESTIONS } from "../helpers";

let testId = "";
beforeAll(async () => {
  await seedBase();
  testId = createTest({ title: "Live Talk Mock", examType: "SET" }, TWO_QUESTIONS).id;
});

type Status = { ok: boolean; closed: boolean; deadlineAt: number; message: { text: string; at: number } | null };
const statusOf = async (attemptId: string, cookie: string) =>
  (await ((await run(statusRoute.loader, getRequest(`/api/attempts/${attemptId}/status`, cookie), { attemptId })) as Response).json()) as Status;

describe("the live room talks back", () => {
  it("more time and the room's message reach the running exam", async () => {
    const s = await makeStudent({ name: "Writer One", examTypes: ["SET"] });
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: s.cookie }), { testId });
    const attemptId = attemptsAt(testId, s.user.id)[0].id;
    const before = await statusOf(attemptId, s.cookie);
    expect(before).toMatchObject({ ok: true, closed: false, message: null });

    expect(extendAttempts(testId, { minutes: 10, reason: "Power cut" }, "Owner")).toBe(1);
    sendLiveMessage(testId, "Question 2: read 1798.", "Owner");
    const after = await statusOf(attemptId, s.cookie);
    expect(after.deadlineAt).toBe(before.deadlineAt + 10 * 60_000);
    expect(after.message?.text).toBe("Question 2: read 1798.");
    // the page without JavaScript shows it on its next load
    const page = payload<{ message: { text: string } | null }>(await run(examRoute.loader, getRequest(`/test/${testId}`, s.cookie), { testId }));
    expect(page.message?.text).toBe("Question 2: read 1798.");
    // another student cannot read this attempt's status
    const other = await makeStudent({ examTypes: ["SET"] });
    expect(((await run(statusRoute.loader, getRequest(`/api/attempts/${attemptId}/status`, other.cookie), { attemptId })) as Response).status).toBe(404);
    // a message from before an attempt began is not shown in it
    await examApi(`/api/attempts/${attemptId}/finish`, s.cookie);
  });

  it("names who has not started and who finished, and shows a writer's accommodation on the row", async () => {
    const absent = await makeStudent({ name: "Absent Anand", examTypes: ["SET"] });
    const writer = await makeStudent({ name: "Writer Two", examTypes: ["SET"] });
    saveAccommodation(writer.user.id, { testId: null, extraMinutes: 20, extraPercent: 0, extraAttempts: 0, note: "" });
    await run(examRoute.action, postRequest(`/test/${testId}`, { intent: "start" }, { cookie: writer.cookie }), { testId });
    const test = findTest(testId);
    if (!test) throw new Error("no test");
    const room = liveRoomPage(test, new URL(`http://x/admin/tests/${testId}/live`));
    expect(room.absent.notStarted.map((p) => p.name)).toContain("Absent Anand");
    expect(room.absent.finished.map((p) => p.name)).toContain("Writer One");
    expect(room.rows.find((r) => r.name === "Writer Two")).toMatchObject({ extraMinutes: 20, extraPercent: 0 });
    expect(absent.user.id).toBeTruthy();
    expect(rawDb().prepare("SELECT COUNT(*) AS n FROM test_messages").get()).toEqual({ n: 1 });
  });
});
