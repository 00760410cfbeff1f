// E-mail through a real SMTP server started here (tests/test-smtp.ts): "Forgot password?" (a one-time link for 30
// minutes, the same answer for an unknown address, throttled), the outbox's retries after a refusal, nothing lost
// or sent twice across a crash, and the messages the admin sends (sign-in links, announcements, report answers).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp } from "../test-smtp";

const smtp = await startTestSmtp();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = '"Minerva English Academy" <tests@academy.test>';

const { rawDb } = await import("~/db/db.server");
const { deliverDueMail, enqueueMail } = await import("~/models/outbox.server");
const { findSignInLink } = await import("~/models/sign-in-links.server");
const forgot = await import("~/routes/_auth+/forgot-password");
const welcome = await import("~/routes/_auth+/welcome.$token");
const bulk = await import("~/routes/admin+/_users+/users.bulk");
const newAnnouncement = await import("~/routes/admin+/_content+/announcements.new");
const { createUser } = await import("~/models/user.server");
const { createTest } = await import("~/models/test.server");
const { reportQuestion, resolveReports, emailReportAnswers } = await import("~/models/question-reports.server");
const { linkIn } = await import("../test-smtp");
const { flashOf, getRequest, makeStudent, OWNER, payload, postRequest, run, seedBase, signIn, uniqueAddress } = await import("../helpers");

let admin = "";
beforeAll(async () => {
  await seedBase();
  admin = await signIn(OWNER.email, OWNER.password);
});
afterAll(async () => {
  await smtp.close();
});

const outboxRows = () => rawDb().prepare("SELECT * FROM outbox ORDER BY created_at").all() as Array<Record<string, unknown>>;
const clearOutbox = () => rawDb().prepare("DELETE FROM outbox").run();
const ask = (email: string, address = uniqueAddress()) => run(forgot.action, postRequest("/forgot-password", { email }, { address }));

describe("e-mail", () => {
  it("Forgot password: the link arrives, works once for 30 minutes, and an unknown address gets the same answer", async () => {
    clearOutbox();
    smtp.inbox.length = 0;
    const s = await makeStudent({ name: "Divya R" });
    const page = payload<{ canEmail: boolean }>(await run(forgot.loader, getRequest("/forgot-password")));
    expect(page.canEmail).toBe(true);

    const known = (await ask(s.email.toUpperCase())) as Response;
    const unknown = (await ask("nobody-here@example.test")) as Response;
    expect([known.status, known.headers.get("Location")]).toEqual([302, "/forgot-password?sent=1"]);
    expect([unknown.status, unknown.headers.get("Location")]).toEqual([known.status, known.headers.get("Location")]);
    expect(outboxRows()).toHaveLength(1);

    expect(await deliverDueMail()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.inbox).toHaveLength(1);
    const [mail] = smtp.inbox;
    expect(mail.to).toEqual([s.email]);
    expect(mail.subject).toMatch(/^Reset your password/);
    expect(mail.text).toContain("Hello Divya R,");
    expect(mail.raw).toMatch(/From: "?Minerva English Academy"? <tests@academy.test>/);
    // sent: the body (with its link) is no longer kept
    expect(outboxRows()[0]).toMatchObject({ body: "", attempts: 1 });

    const token = linkIn(mail).split("/welcome/")[1];
    expect(findSignInLink(token).state).toBe("valid");
    expect(findSignInLink(token, Date.now() + 31 * 60_000).state).toBe("expired");
    const used = await run(welcome.action, postRequest(`/welcome/${token}`, { password: "after-reset-1", confirm: "after-reset-1" }), { token });
    expect(used instanceof Response && used.status).toBe(302);
    expect(await signIn(s.email, "after-reset-1")).toMatch(/^__session=/);
    const again = await run(welcome.action, postRequest(`/welcome/${token}`, { password: "second-try-1", confirm: "second-try-1" }), { token });
    expect(again instanceof Response ? again.status : (again as { init?: { status?: number } }).init?.status).toBe(410);
  });

  it("asking again and again sends no more than three e-mails an hour to one address", async () => {
    clearOutbox();
    const s = await makeStudent();
    for (let i = 0; i < 5; i++) await ask(s.email);
    expect(outboxRows()).toHaveLength(3);
  });

  it("a message the mail server refused is tried again later and then delivered; nothing is lost", async () => {
    clearOutbox();
    smtp.inbox.length = 0;
    enqueueMail("announcement", [{ to: "refused@example.test", subject: "Retry me", body: "Hello" }]);
    smtp.refuseNext(1);
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 1 });
    const [row] = outboxRows();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(String(row.last_error)).toMatch(/451|try again later/);
    expect(Number(row.next_attempt_at)).toBeGreaterThan(Date.now() + 50_000);
    // not due yet: nothing is tried
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueMail({ now: () => Date.now() + 61_000 })).toEqual({ sent: 1, failed: 0 });
    expect(smtp.inbox.map((m) => m.subject)).toEqual(["Retry me"]);
  });

  it("a sender that died mid-send leaves the message to be sent once after its claim ends (a restart loses nothing)", async () => {
    clearOutbox();
    smtp.inbox.length = 0;
    enqueueMail("announcement", [{ to: "crash@example.test", subject: "Sent once", body: "Hello" }]);
    // a process took the message and was killed before the mail server answered
    rawDb()
      .prepare("UPDATE outbox SET claimed_until = ?, attempts = attempts + 1")
      .run(Date.now() + 120_000);
    expect(await deliverDueMail()).toEqual({ sent: 0, failed: 0 });
    // the next process, after the claim ran out
    expect(await deliverDueMail({ now: () => Date.now() + 121_000 })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail({ now: () => Date.now() + 240_000 })).toEqual({ sent: 0, failed: 0 });
    expect(smtp.inbox.map((m) => m.subject)).toEqual(["Sent once"]);
  });

  it("the admin e-mails sign-in links to the ticked students who have an e-mail address", async () => {
    clearOutbox();
    smtp.inbox.length = 0;
    const withEmail = await createUser({ name: "Has Mail", email: "has-mail@example.test", password: null, assignedExamTypes: ["NET"] });
    const withRoll = await createUser({ name: "Roll Only", email: null, rollNumber: "TRB2026999", password: null, assignedExamTypes: ["NET"] });
    const res = await run(
      bulk.action,
      postRequest("/admin/users/bulk", { action: "links", emailLinks: "on", ids: [withEmail.id, withRoll.id] }, { cookie: admin }),
    );
    expect(flashOf(res as Response)?.text).toMatch(/^2 sign-in links created; 1 link e-mailed/);
    await deliverDueMail();
    expect(smtp.inbox.map((m) => m.to[0])).toEqual(["has-mail@example.test"]);
    expect(findSignInLink(linkIn(smtp.inbox[0]).split("/welcome/")[1]).state).toBe("valid");
  });

  it("a new announcement can be e-mailed to its audience", async () => {
    clearOutbox();
    smtp.inbox.length = 0;
    const net = await makeStudent({ examTypes: ["NET"] });
    await makeStudent({ examTypes: ["TET"] });
    const res = await run(
      newAnnouncement.action,
      postRequest(
        "/admin/announcements/new",
        {
          title: "NET mock on Sunday",
          content: "Bring your hall ticket.",
          type: "test",
          targetType: "examType",
          targetExamTypes: "NET",
          isActive: "on",
          emailIt: "on",
        },
        { cookie: admin },
      ),
    );
    expect(flashOf(res as Response)?.text).toMatch(/^Announcement created successfully, and e-mailed to \d+ students?$/);
    await deliverDueMail({ limit: 500 });
    const to = smtp.inbox.map((m) => m.to[0]);
    expect(to).toContain(net.email);
    expect(smtp.inbox.every((m) => m.subject.startsWith("NET mock on Sunday"))).toBe(true);
    expect(to.some((address) => address.includes("tet"))).toBe(false);
  });

  it("answering a question's reports e-mails the students who sent them", async () => {
    clearOutbox();
    smtp.inbox.length = 0;
    const t = createTest({ title: "Spenser mock", examType: "NET" }, [
      { question: "Who wrote The Faerie Queene?", options: ["Spenser", "Sidney"], correctAnswer: 1 },
    ]);
    const questionId = (rawDb().prepare("SELECT id FROM questions WHERE test_id = ?").get(t.id) as { id: string }).id;
    const s = await makeStudent({ name: "Meena" });
    reportQuestion(s.user.id, { testId: t.id, version: 1, questionId }, "wrong-key", "It is Spenser");
    const told = resolveReports(t.id, questionId, "Key corrected to A; regraded.");
    expect(emailReportAnswers(t.id, questionId, told, "Key corrected to A; regraded.", "https://tests.example/dashboard")).toBe(1);
    await deliverDueMail();
    expect(smtp.inbox).toHaveLength(1);
    expect(smtp.inbox[0].text).toContain("question 1 of Spenser mock");
    expect(smtp.inbox[0].text).toContain("Key corrected to A; regraded.");
  });
});
