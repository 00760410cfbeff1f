// A way in after sign-up: the exams the academy opens to self sign-up, a batch's join code (at sign-up, on the
// dashboard, on My account), and the academy's contact for a student with nothing assigned (Admin → Academy
// settings).
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { createBatch, giveTestToBatch, JOIN_CODE_UNKNOWN, setJoinCode } from "~/models/batches.server";
import { createTest } from "~/models/test.server";
import * as login from "~/routes/_auth+/login";
import * as account from "~/routes/_account+/account";
import * as settings from "~/routes/admin+/_content+/settings";
import * as joinCodeRoute from "~/routes/admin+/_users+/batches_.$batchId.join-code";
import * as dashboard from "~/routes/_student+/dashboard";
import { cookieFrom, flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, uniqueAddress } from "../helpers";

let admin = "";
let batchId = "";
let code = "";
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
  const made = createBatch("Sunday SET batch");
  if (!made.ok) throw new Error(made.error);
  batchId = made.id;
  const t = createTest({ title: "SET paper 1", examType: "SET" }, [{ question: "Q", options: ["a", "b"], correctAnswer: 0 }]);
  giveTestToBatch(t.id, batchId, { opensAt: null, closesAt: null, answerRelease: null });
  code = setJoinCode(batchId, true) ?? "";
});

const examTypesOf = (email: string) =>
  (
    rawDb().prepare("SELECT e.exam_type AS t FROM user_exam_types e JOIN users u ON u.id = e.user_id WHERE u.email = ? ORDER BY 1").all(email) as Array<{
      t: string;
    }>
  ).map((r) => r.t);
const inBatch = (email: string) =>
  Boolean(rawDb().prepare("SELECT 1 FROM batch_members m JOIN users u ON u.id = m.user_id WHERE u.email = ? AND m.batch_id = ?").get(email, batchId));
const register = (fields: Record<string, string | string[]>) =>
  run(login.action, postRequest("/login", { mode: "register", name: "New Student", password: "secret12", ...fields }, { address: uniqueAddress() }));

describe("a way in after sign-up", () => {
  it("by default sign-up offers no exam and the new student's dashboard says whom to ask, with the academy's contact", async () => {
    const offered = payload<{ openExamTypes: unknown[] }>(await run(login.loader, getRequest("/login?mode=register")));
    expect(offered.openExamTypes).toEqual([]);
    const res = await register({ email: "plain@example.test", examTypes: ["NET"] });
    expect(res instanceof Response && res.status).toBe(302);
    // an exam the academy did not open is not taken from the form
    expect(examTypesOf("plain@example.test")).toEqual([]);
    const board = payload<{ hasTypes: boolean; contact: { phone: string; email: string } | null }>(
      await run(dashboard.loader, getRequest("/dashboard", cookieFrom(res as Response))),
    );
    expect(board.hasTypes).toBe(false);
    expect(board.contact?.email).toBeTruthy();
  });

  it("the admin opens exams to self sign-up and changes the contact; a new student chooses among the open exams", async () => {
    const bad = await run(settings.action, postRequest("/admin/settings", { phone: "", whatsappNumber: "12", email: "nope" }, { cookie: admin }));
    expect(statusOf(bad)).toBe(400);
    const saved = await run(
      settings.action,
      postRequest(
        "/admin/settings",
        { phone: "+91 44 2345 6789", whatsappNumber: "+91 98400 12345", email: "Office@Academy.test", address: "Chennai", selfSignUpExamTypes: ["NET", "TET"] },
        { cookie: admin },
      ),
    );
    expect(flashOf(saved as Response)?.text).toBe("Academy settings saved");
    const offered = payload<{ openExamTypes: Array<{ value: string }> }>(await run(login.loader, getRequest("/login?mode=register")));
    expect(offered.openExamTypes.map((o) => o.value)).toEqual(["NET", "TET"]);
    await register({ email: "chooser@example.test", examTypes: ["NET", "SET"] });
    expect(examTypesOf("chooser@example.test")).toEqual(["NET"]);
    const { cookie } = await makeStudent({ examTypes: [] });
    const board = payload<{ contact: { phone: string; whatsappNumber: string; email: string } }>(await run(dashboard.loader, getRequest("/dashboard", cookie)));
    expect(board.contact).toMatchObject({ phone: "+91 44 2345 6789", whatsappNumber: "919840012345", email: "office@academy.test" });
  });

  it("a join code at sign-up places the student in the batch with its tests' exams; an unknown code is refused before the account is made", async () => {
    const wrong = await register({ email: "typo@example.test", joinCode: "NOTACODE" });
    expect(payload<{ error: string }>(wrong).error).toBe(JOIN_CODE_UNKNOWN);
    expect(rawDb().prepare("SELECT 1 FROM users WHERE email = 'typo@example.test'").get()).toBeUndefined();
    // typed in lower case with a space: the same code
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
    const res = await register({ email: "joiner@example.test", joinCode: typed });
    expect(res instanceof Response && res.status).toBe(302);
    expect(inBatch("joiner@example.test")).toBe(true);
    expect(examTypesOf("joiner@example.test")).toEqual(["SET"]);
  });

  it("a signed-in student joins from the dashboard or My account; wrong codes are throttled", async () => {
    const s = await makeStudent({ examTypes: [] });
    const wrong = await run(dashboard.action, postRequest("/dashboard", { intent: "join", joinCode: "ZZZZZZZZ" }, { cookie: s.cookie }));
    expect(statusOf(wrong)).toBe(400);
    expect(payload<{ joinError: string }>(wrong).joinError).toBe(JOIN_CODE_UNKNOWN);
    const joined = await run(dashboard.action, postRequest("/dashboard", { intent: "join", joinCode: code }, { cookie: s.cookie }));
    expect(flashOf(joined as Response)?.text).toBe("You joined Sunday SET batch. Its tests are on your dashboard.");
    expect(inBatch(s.email)).toBe(true);
    expect(payload<{ hasTypes: boolean }>(await run(dashboard.loader, getRequest("/dashboard", s.cookie))).hasTypes).toBe(true);

    const t = await makeStudent({ examTypes: ["NET"] });
    const viaAccount = await run(account.action, postRequest("/account", { intent: "join", joinCode: code }, { cookie: t.cookie }));
    expect(flashOf(viaAccount as Response)?.text).toMatch(/^You joined Sunday SET batch/);

    const guesser = await makeStudent({ examTypes: [] });
    let last: unknown;
    for (let i = 0; i < 11; i++)
      last = await run(dashboard.action, postRequest("/dashboard", { intent: "join", joinCode: `GUESS${i}` }, { cookie: guesser.cookie }));
    expect(payload<{ joinError: string }>(last).joinError).toMatch(/^Too many join codes were tried/);
  });

  it("the admin makes a batch's join code on its page, and stops it", async () => {
    const made = createBatch("Weekday NET batch");
    if (!made.ok) throw new Error(made.error);
    const path = `/admin/batches/${made.id}/join-code`;
    const on = await run(joinCodeRoute.action, postRequest(path, { intent: "make" }, { cookie: admin }), { batchId: made.id });
    const shown = flashOf(on as Response)?.text ?? "";
    expect(shown).toMatch(/^Join code for Weekday NET batch: [A-HJ-NP-Z2-9]{8}\. Students type it at sign-up or on their dashboard\.$/);
    const off = await run(joinCodeRoute.action, postRequest(path, { intent: "stop" }, { cookie: admin }), { batchId: made.id });
    expect(flashOf(off as Response)?.text).toBe("Weekday NET batch has no join code now.");
    const student = await makeStudent();
    expect(statusOf(await run(joinCodeRoute.action, postRequest(path, { intent: "make" }, { cookie: student.cookie }), { batchId: made.id }))).not.toBe(200);
  });

  it("a stopped code, or an archived batch's, takes no one", async () => {
    const made = createBatch("Old batch");
    if (!made.ok) throw new Error(made.error);
    const old = setJoinCode(made.id, true) ?? "";
    setJoinCode(made.id, false);
    const s = await makeStudent({ examTypes: [] });
    const res = await run(dashboard.action, postRequest("/dashboard", { intent: "join", joinCode: old }, { cookie: s.cookie }));
    expect(payload<{ joinError: string }>(res).joinError).toBe(JOIN_CODE_UNKNOWN);
  });
});
