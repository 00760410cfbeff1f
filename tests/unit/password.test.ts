import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "~/lib/server/password.server";

describe("password hashing", () => {
  it("round-trips and is salted", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).not.toBe(b);
    expect(a.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(needsRehash(a)).toBe(false);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("correct horse", b)).toBe(true);
  });
  it("refuses a wrong password, an empty hash and a malformed hash", async () => {
    const h = await hashPassword("secret-1");
    expect(await verifyPassword("secret-2", h)).toBe(false);
    expect(await verifyPassword("secret-1", null)).toBe(false);
    expect(await verifyPassword("secret-1", "md5$abc")).toBe(false);
    expect(await verifyPassword("secret-1", "$argon2id$v=19$m=19456,t=2,p=1$bad")).toBe(false);
  });
  it("asks for a re-hash of scrypt hashes and of argon2id hashes made with other settings", () => {
    expect(needsRehash("scrypt$32768$8$1$c2FsdA==$aGFzaA==")).toBe(true);
    expect(needsRehash("$argon2id$v=19$m=4096,t=3,p=1$c2FsdA$aGFzaA")).toBe(true);
    expect(needsRehash("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA")).toBe(false);
  });
});
