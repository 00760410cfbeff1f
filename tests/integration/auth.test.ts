import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/db.server";
import { users } from "~/db/schema.server";
const THROTTLED = /^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/;
import { findUserBySignInName, setUserStatus, assignedExamTypes } from "~/models/user.server";
import * as dashboard from "~/routes/_student+/dashboard";
import * as login from "~/routes/_auth+/login";
import { getRequest, OWNER, payload, postRequest, run, seedBase, signIn, statusOf, uniqueAddress } from "../helpers";

beforeAll(async () => {
  await seedBase();
});

describe("register", () => {
  it("creates a student with no exam types and lands on /dashboard", async () => {
    const res = await run(login.action, postRequest("/login", { mode: "register", name: "Kavya S", email: "Kavya@Example.test", password: "secret12" }));
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(302);
    expect((res as Response).headers.get("Location")).toBe("/dashboard");
    expect((res as Response).headers.get("Set-Cookie")).toMatch(/__session=.*HttpOnly.*SameSite=Lax/i);
    const user = findUserBySignInName("kavya@example.test");
    expect(user?.role).toBe("user");
    expect(user?.status).toBe("active");
    expect(user?.lastLogin).toBeInstanceOf(Date);
    expect(assignedExamTypes(user!.id)).toEqual([]);
  });

  it("refuses missing fields with the spec's message and keeps the input", async () => {
    const res = await run(login.action, postRequest("/login", { mode: "register", name: "", email: "x@example.test", password: "secret12" }));
    expect(statusOf(res)).toBe(400);
    expect(payload(res)).toMatchObject({ error: "Please fill in all required fields", values: { email: "x@example.test" } });
    expect(findUserBySignInName("x@example.test")).toBeUndefined();
  });

  it("refuses a duplicate e-mail", async () => {
    const res = await run(login.action, postRequest("/login", { mode: "register", name: "Again", email: "kavya@example.test", password: "secret12" }));
    expect(payload(res)).toMatchObject({ error: "User with this email already exists" });
  });
});

describe("sign in", () => {
  it("signs the owner in as admin with every exam type including CUSTOM", async () => {
    const res = await run(login.action, postRequest("/login", { mode: "login", email: OWNER.email, password: OWNER.password }, { address: uniqueAddress() }));
    expect((res as Response).headers.get("Location")).toBe("/admin");
    const owner = findUserBySignInName(OWNER.email)!;
    expect(owner.role).toBe("admin");
    expect(assignedExamTypes(owner.id)).toEqual(expect.arrayContaining(["TET", "SET", "NET", "UG_TRB", "PG_TRB", "COLLEGE_TRB", "CUSTOM"]));
  });

  it("forces the owner e-mail to admin even if demoted in the database", async () => {
    db().update(users).set({ role: "user" }).where(eq(users.email, OWNER.email)).run();
    await signIn(OWNER.email, OWNER.password);
    expect(findUserBySignInName(OWNER.email)?.role).toBe("admin");
  });

  it("refuses a wrong password without saying which part was wrong", async () => {
    const res = await run(login.action, postRequest("/login", { mode: "login", email: "kavya@example.test", password: "wrong" }, { address: uniqueAddress() }));
    expect(statusOf(res)).toBe(400);
    expect(payload(res)).toMatchObject({ error: "Invalid email or password" });
  });

  it("refuses empty fields", async () => {
    const res = await run(login.action, postRequest("/login", { mode: "login", email: "", password: "" }));
    expect(payload(res)).toMatchObject({ error: "Please fill in all required fields" });
  });

  it("refuses an inactive user with a clear message", async () => {
    const user = findUserBySignInName("kavya@example.test")!;
    setUserStatus(user.id, "inactive");
    const res = await run(
      login.action,
      postRequest("/login", { mode: "login", email: "kavya@example.test", password: "secret12" }, { address: uniqueAddress() }),
    );
    expect(payload(res)).toMatchObject({ error: "Your account is inactive. Please contact the academy." });
    setUserStatus(user.id, "active");
  });

  it("ends the sessions of a user who is deactivated", async () => {
    const cookie = await signIn("kavya@example.test", "secret12");
    const before = await run(dashboard.loader, getRequest("/dashboard", cookie));
    expect(statusOf(before)).toBe(200);
    const user = findUserBySignInName("kavya@example.test")!;
    setUserStatus(user.id, "inactive");
    setUserStatus(user.id, "active");
    const after = await run(dashboard.loader, getRequest("/dashboard", cookie));
    expect(after).toBeInstanceOf(Response);
    expect((after as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it("throttles after 5 failures for one e-mail from one address; the right password is then refused too", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 5; i++) {
      const res = await run(login.action, postRequest("/login", { mode: "login", email: "kavya@example.test", password: `bad${i}` }, { address }));
      expect(payload(res)).toMatchObject({ error: "Invalid email or password" });
    }
    const res = await run(login.action, postRequest("/login", { mode: "login", email: "kavya@example.test", password: "secret12" }, { address }));
    expect((payload(res) as { error: string }).error).toMatch(THROTTLED);
    // the student's own phone on another network still gets in
    const ok = await run(
      login.action,
      postRequest("/login", { mode: "login", email: "kavya@example.test", password: "secret12" }, { address: uniqueAddress() }),
    );
    expect((ok as Response).headers.get("Location")).toBe("/dashboard");
  });

  it("throttles one e-mail after 10 failures spread over many addresses", async () => {
    for (let i = 0; i < 10; i++) {
      await run(login.action, postRequest("/login", { mode: "login", email: OWNER.email, password: `bad${i}` }, { address: uniqueAddress() }));
    }
    const res = await run(login.action, postRequest("/login", { mode: "login", email: OWNER.email, password: OWNER.password }, { address: uniqueAddress() }));
    expect((payload(res) as { error: string }).error).toMatch(THROTTLED);
  });

  it("a classroom behind one address is not locked out by a few students' typos", async () => {
    const address = uniqueAddress();
    // 40 wrong guesses for 40 different accounts from the coaching centre's one address
    for (let i = 0; i < 40; i++) {
      await run(login.action, postRequest("/login", { mode: "login", email: `student${i}@example.test`, password: "typo" }, { address }));
    }
    const ok = await run(login.action, postRequest("/login", { mode: "login", email: "kavya@example.test", password: "secret12" }, { address }));
    expect((ok as Response).headers.get("Location")).toBe("/dashboard");
  });
});
