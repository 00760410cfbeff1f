// My account (/account): a student renames themselves, changes their own password (the current one required;
// the other sessions end, this one stays) and signs their other devices out.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { CURRENT_PASSWORD_WRONG, SAME_PASSWORD } from "~/lib/schemas/account-schemas";
import { addMembers, createBatch } from "~/models/batches.server";
import * as account from "~/routes/_account+/account";
import * as dashboard from "~/routes/_student+/dashboard";
import { flashOf, getRequest, makeStudent, payload, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

beforeAll(async () => {
  await seedBase();
});

const locationOf = (res: unknown) => (res instanceof Response ? res.headers.get("Location") : null);
const signedIn = async (cookie: string) => statusOf(await run(dashboard.loader, getRequest("/dashboard", cookie))) === 200;
type Page = { name: string; email: string | null; batches: string[]; examTypes: string[]; otherDevices: number };
type Reply = { intent: string; result: { error?: Record<string, string[] | null> } };

describe("my account", () => {
  it("shows how the student signs in, their batches and exam types, and how many other devices are signed in", async () => {
    const { user, email, password, cookie } = await makeStudent({ name: "Kavya", examTypes: ["NET", "TET"] });
    const made = createBatch(`Account batch ${Date.now()}`);
    if (!made.ok) throw new Error(made.error);
    addMembers(made.id, [user.id]);
    await signIn(email, password);
    const page = payload<Page>(await run(account.loader, getRequest("/account", cookie)));
    expect(page.name).toBe("Kavya");
    expect(page.email).toBe(email);
    expect(page.batches).toEqual([expect.stringMatching(/^Account batch/)]);
    expect(page.examTypes).toEqual(expect.arrayContaining([expect.stringMatching(/NET/), expect.stringMatching(/TET/)]));
    expect(page.otherDevices).toBe(1);
  });

  it("is for signed-in people only", async () => {
    expect(locationOf(await run(account.loader, getRequest("/account")))).toBe("/login?redirectTo=%2Faccount");
  });

  it("saves a new name, trimmed, and refuses an empty one", async () => {
    const { user, cookie } = await makeStudent({ name: "Old Name" });
    const empty = await run(account.action, postRequest("/account", { intent: "name", name: "   " }, { cookie }));
    expect(statusOf(empty)).toBe(400);
    expect(payload<Reply>(empty).result.error?.name).toEqual(["Enter your name"]);
    const saved = await run(account.action, postRequest("/account", { intent: "name", name: "  Divya R  " }, { cookie }));
    expect(locationOf(saved)).toBe("/account");
    expect(flashOf(saved as Response)?.text).toBe("Your name is saved.");
    expect((rawDb().prepare("SELECT name FROM users WHERE id = ?").get(user.id) as { name: string }).name).toBe("Divya R");
  });

  it("a password change needs the current password, ends the other sessions and keeps this one", async () => {
    const { user, email, password, cookie } = await makeStudent();
    const phone = await signIn(email, password);
    const wrong = await run(
      account.action,
      postRequest("/account", { intent: "password", current: "not-it", password: "fresh-pass-9", confirm: "fresh-pass-9" }, { cookie }),
    );
    expect(statusOf(wrong)).toBe(400);
    expect(payload<Reply>(wrong).result.error?.current).toEqual([CURRENT_PASSWORD_WRONG]);
    expect(await signedIn(phone)).toBe(true);

    const same = await run(account.action, postRequest("/account", { intent: "password", current: password, password, confirm: password }, { cookie }));
    expect(payload<Reply>(same).result.error?.password).toEqual([SAME_PASSWORD]);

    const changed = await run(
      account.action,
      postRequest("/account", { intent: "password", current: password, password: "fresh-pass-9", confirm: "fresh-pass-9" }, { cookie }),
    );
    expect(locationOf(changed)).toBe("/account");
    expect(flashOf(changed as Response)?.text).toBe("Your password is changed. Your other device was signed out.");
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect((rawDb().prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").get(user.id) as { n: number }).n).toBe(1);
    // the new password signs in, the old one no longer does
    await expect(signIn(email, password)).rejects.toThrow(/sign-in failed/);
    expect(await signIn(email, "fresh-pass-9")).toMatch(/^__session=/);
  });

  it("guessing the current password is throttled like a sign-in", async () => {
    const { cookie } = await makeStudent();
    let last: unknown;
    for (let i = 0; i < 12; i++)
      last = await run(
        account.action,
        postRequest("/account", { intent: "password", current: `guess-${i}`, password: "fresh-pass-9", confirm: "fresh-pass-9" }, { cookie }),
      );
    expect(statusOf(last)).toBe(429);
  });

  it("signs out the other devices and keeps this one", async () => {
    const { email, password, cookie } = await makeStudent();
    const laptop = await signIn(email, password);
    const tablet = await signIn(email, password);
    const res = await run(account.action, postRequest("/account", { intent: "sign-out-others" }, { cookie }));
    expect(flashOf(res as Response)?.text).toBe("Your 2 other devices were signed out.");
    expect(await signedIn(cookie)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    expect(payload<Page>(await run(account.loader, getRequest("/account", cookie))).otherDevices).toBe(0);
  });
});
