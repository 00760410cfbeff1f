// Without SMTP_URL the site sends no e-mail and says so: "Forgot password?" tells whom to ask, nothing is queued,
// and Admin → E-mail explains how to turn it on.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { enqueueMail } from "~/models/outbox.server";
import * as forgot from "~/routes/_auth+/forgot-password";
import * as emailPage from "~/routes/admin+/_backup+/email";
import { getRequest, OWNER, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

beforeAll(async () => {
  delete process.env.SMTP_URL;
  await seedBase();
});

describe("without a mail server", () => {
  it("Forgot password says whom to ask, and takes no address", async () => {
    const page = payload<{ canEmail: boolean; contact: { phone: string } }>(await run(forgot.loader, getRequest("/forgot-password")));
    expect(page.canEmail).toBe(false);
    expect(page.contact.phone).toBeTruthy();
    expect(statusOf(await run(forgot.action, postRequest("/forgot-password", { email: "someone@example.test" })))).toBe(404);
  });

  it("queues nothing, and Admin → E-mail says e-mail is off", async () => {
    expect(enqueueMail("announcement", [{ to: "a@example.test", subject: "s", body: "b" }])).toBe(0);
    expect((rawDb().prepare("SELECT COUNT(*) AS n FROM outbox").get() as { n: number }).n).toBe(0);
    const admin = await signIn(OWNER.email, OWNER.password);
    expect(payload<{ configured: boolean }>(await run(emailPage.loader, getRequest("/admin/email", admin))).configured).toBe(false);
  });
});
