import { describe, expect, it } from "vitest";
import { announcementMail, passwordResetMail, reportAnswerMail, signInLinkMail } from "~/lib/rules/mail-messages";

describe("the e-mails' words", () => {
  it("a password reset names the link, how long it works, and what to do if it was not asked for", () => {
    const mail = passwordResetMail("Divya", "https://t.example/welcome/abc", 30);
    expect(mail.subject).toMatch(/^Reset your password/);
    expect(mail.body).toContain("Hello Divya,");
    expect(mail.body).toContain("https://t.example/welcome/abc");
    expect(mail.body).toContain("for 30 minutes");
    expect(mail.body).toContain("If you did not ask, ignore this e-mail");
  });

  it("a sign-in link says until when it works, in the academy's time", () => {
    const mail = signInLinkMail("Arun", "https://t.example/welcome/x", Date.UTC(2026, 11, 1, 12, 0), "Asia/Kolkata");
    expect(mail.body).toContain("https://t.example/welcome/x");
    expect(mail.body).toMatch(/until 1 Dec 2026.*5:30/);
  });

  it("an announcement and a report's answer", () => {
    expect(announcementMail("Mock on Sunday", "Bring a pencil.", "https://t.example/").body).toContain(
      "Bring a pencil.\n\nSee it on the site: https://t.example/",
    );
    const answer = reportAnswerMail("Meena", "NET Mock 3", 12, "B and C accepted.", "https://t.example/dashboard");
    expect(answer.body).toContain("question 12 of NET Mock 3");
    expect(answer.body).toContain("B and C accepted.");
  });
});
