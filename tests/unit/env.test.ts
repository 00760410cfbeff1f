import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/server/env.server";

describe("parseEnv", () => {
  it("fills defaults", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("./data/app.db");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.ACADEMY_TIME_ZONE).toBe("Asia/Kolkata");
  });
  it("reads SEED_DEMO=false", () => {
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
  });
  it("refuses a bad admin e-mail with the variable's name", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "not-an-email" })).toThrow(/ADMIN_EMAIL/);
  });
  it("refuses a short session secret", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });
  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: required in production/);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).NODE_ENV).toBe("production");
  });
  it("allows a generated secret under npm start", () => {
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET_AUTOGEN: "true" }).SESSION_SECRET).toBeUndefined();
  });
});
