// Server-side sessions: a cookie opens pages only while its row exists and is within its clocks.
import { beforeAll, describe, expect, it } from "vitest";
import { rawDb } from "~/db/db.server";
import { sweepEndedSessions } from "~/models/session.server";
import { setPassword } from "~/models/admin-users.server";
import * as dashboard from "~/routes/_student+/dashboard";
import * as logout from "~/routes/_auth+/logout";
import * as userPage from "~/routes/admin+/_users+/users_.$userId";
import { getRequest, makeStudent, OWNER, postRequest, run, seedBase, signIn, statusOf } from "../helpers";

beforeAll(async () => {
  await seedBase();
});

const locationOf = (res: unknown) => (res instanceof Response ? res.headers.get("Location") : null);
const sessionRows = (userId: string) => (rawDb().prepare("SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?").get(userId) as { n: number }).n;

describe("sessions", () => {
  it("logout ends the session on the server: the old cookie no longer opens the dashboard", async () => {
    const { user, cookie } = await makeStudent();
    expect(statusOf(await run(dashboard.loader, getRequest("/dashboard", cookie)))).toBe(200);
    const out = await run(logout.action, postRequest("/logout", {}, { cookie }));
    expect(locationOf(out)).toBe("/");
    expect((out as Response).headers.get("Set-Cookie")).toMatch(/__session=;.*Max-Age=0/);
    expect(sessionRows(user.id)).toBe(0);
    expect(locationOf(await run(dashboard.loader, getRequest("/dashboard", cookie)))).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("every sign-in gets a new session id", async () => {
    const { email, password, cookie } = await makeStudent();
    const again = await signIn(email, password);
    expect(again).not.toBe(cookie);
    expect(statusOf(await run(dashboard.loader, getRequest("/dashboard", cookie)))).toBe(200);
    expect(statusOf(await run(dashboard.loader, getRequest("/dashboard", again)))).toBe(200);
  });

  it("a password change signs the student out everywhere", async () => {
    const { user, cookie } = await makeStudent();
    await setPassword(user.id, "brand-new-pass");
    expect(locationOf(await run(dashboard.loader, getRequest("/dashboard", cookie)))).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("the admin's Sign out everywhere ends every session of the student", async () => {
    const { user, email, password, cookie } = await makeStudent();
    const second = await signIn(email, password);
    expect(sessionRows(user.id)).toBe(2);
    const admin = await signIn(OWNER.email, OWNER.password);
    const page = await run(userPage.loader, getRequest(`/admin/users/${user.id}`, admin), { userId: user.id });
    expect((page as { sessions: number }).sessions).toBe(2);
    const res = await run(userPage.action, postRequest(`/admin/users/${user.id}`, { intent: "sign-out-everywhere" }, { cookie: admin }), { userId: user.id });
    expect(locationOf(res)).toBe(`/admin/users/${user.id}`);
    expect(sessionRows(user.id)).toBe(0);
    for (const c of [cookie, second]) expect(locationOf(await run(dashboard.loader, getRequest("/dashboard", c)))).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("a student seen last week is still signed in; a session unused for two weeks ends, and so does one older than 30 days", async () => {
    const lastWeek = await makeStudent();
    rawDb()
      .prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = ?")
      .run(Date.now() - 8 * 86_400_000, lastWeek.user.id);
    expect(statusOf(await run(dashboard.loader, getRequest("/dashboard", lastWeek.cookie)))).toBe(200);

    const idle = await makeStudent();
    rawDb()
      .prepare("UPDATE sessions SET last_seen_at = ? WHERE user_id = ?")
      .run(Date.now() - 15 * 86_400_000, idle.user.id);
    expect(locationOf(await run(dashboard.loader, getRequest("/dashboard", idle.cookie)))).toBe("/login?redirectTo=%2Fdashboard");
    // a GET does not write: the ended row is removed by the sweep
    expect(sessionRows(idle.user.id)).toBe(1);
    expect(sweepEndedSessions()).toBeGreaterThanOrEqual(1);
    expect(sessionRows(idle.user.id)).toBe(0);
    expect(sessionRows(lastWeek.user.id)).toBe(1);

    const old = await makeStudent();
    rawDb()
      .prepare("UPDATE sessions SET expires_at = ? WHERE user_id = ?")
      .run(Date.now() - 1000, old.user.id);
    expect(locationOf(await run(dashboard.loader, getRequest("/dashboard", old.cookie)))).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("a copy of the database opens no session: only a hash of the id is stored", async () => {
    const { user, cookie } = await makeStudent();
    const stored = (rawDb().prepare("SELECT id_hash FROM sessions WHERE user_id = ?").get(user.id) as { id_hash: string }).id_hash;
    expect(decodeURIComponent(cookie)).not.toContain(stored);
  });
});
