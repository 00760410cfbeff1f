import { describe, expect, it } from "vitest";
import { addUserSchema, assignExamTypesSchema, GLOBAL_LIMIT_MESSAGE, globalLimitSchema, perTestLimitSchema } from "~/lib/admin-schemas";
import { MAX_ATTEMPTS_MESSAGE } from "~/lib/test-record";

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe("the user record's schemas", () => {
  it("Add User: required fields, a lower-cased e-mail, a 6-character password, names in any script", () => {
    const ok = addUserSchema.parse({ name: "  தமிழ்செல்வி ", email: "Tamil@Example.TEST", password: "secret", examTypes: ["TET"] });
    expect(ok).toEqual({ name: "தமிழ்செல்வி", email: "tamil@example.test", password: "secret", role: "user", examTypes: ["TET"] });
    expect(messages(addUserSchema.safeParse({ name: "", email: "a@b.co", password: "secret" }))).toEqual(["Please fill in all fields"]);
    expect(messages(addUserSchema.safeParse({ name: "A", email: "not-mail", password: "secret" }))).toEqual(["Please enter a valid email address"]);
    expect(messages(addUserSchema.safeParse({ name: "A", email: "a@b.co", password: "12345" }))).toEqual(["Password must be at least 6 characters"]);
    expect(addUserSchema.safeParse({ name: "x".repeat(101), email: "a@b.co", password: "secret" }).success).toBe(false);
  });

  it("exam types: at most 60 characters each, none is fine", () => {
    expect(assignExamTypesSchema.parse({})).toEqual({ examTypes: [] });
    expect(assignExamTypesSchema.safeParse({ examTypes: ["x".repeat(61)] }).success).toBe(false);
  });

  it("global limit: empty is no limit, 0 to 1000 whole numbers, anything else the one message", () => {
    expect(globalLimitSchema.parse({ globalTestLimit: "" })).toEqual({ globalTestLimit: null });
    expect(globalLimitSchema.parse({})).toEqual({ globalTestLimit: null });
    expect(globalLimitSchema.parse({ globalTestLimit: " 3 " })).toEqual({ globalTestLimit: 3 });
    expect(globalLimitSchema.parse({ globalTestLimit: "0" })).toEqual({ globalTestLimit: 0 });
    for (const bad of ["-1", "1.5", "abc", "1001"]) expect(messages(globalLimitSchema.safeParse({ globalTestLimit: bad }))).toEqual([GLOBAL_LIMIT_MESSAGE]);
  });

  it("per-test limit: a test and the test record's max-attempts rule (empty removes)", () => {
    expect(perTestLimitSchema.parse({ testId: "t1", maxAttempts: "" })).toEqual({ testId: "t1", maxAttempts: null });
    expect(perTestLimitSchema.parse({ testId: "t1", maxAttempts: "2" })).toEqual({ testId: "t1", maxAttempts: 2 });
    expect(messages(perTestLimitSchema.safeParse({ testId: "t1", maxAttempts: "-1" }))).toEqual([MAX_ATTEMPTS_MESSAGE]);
    expect(messages(perTestLimitSchema.safeParse({ maxAttempts: "1" }))).toEqual(["Choose a test"]);
  });
});
