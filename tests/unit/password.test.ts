import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/lib/password.server";

describe("password hashing", () => {
  it("round-trips and is salted", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("correct horse", b)).toBe(true);
  });
  it("refuses a wrong password, an empty hash and a malformed hash", async () => {
    const h = await hashPassword("secret-1");
    expect(await verifyPassword("secret-2", h)).toBe(false);
    expect(await verifyPassword("secret-1", null)).toBe(false);
    expect(await verifyPassword("secret-1", "md5$abc")).toBe(false);
  });
});
