import { describe, expect, it } from "vitest";
import { isTokenShaped, LINK_EXPIRED, LINK_UNKNOWN, LINK_USED, linkMessage, linkState } from "~/lib/rules/sign-in-link-rules";

describe("one-time sign-in links", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it("is valid until it expires, and used once used", () => {
    expect(linkState({ expiresAt: now + 1, usedAt: null }, now)).toBe("valid");
    expect(linkState({ expiresAt: now, usedAt: null }, now)).toBe("expired");
    expect(linkState({ expiresAt: now + 1000, usedAt: now - 5 }, now)).toBe("used");
    expect(linkState(undefined, now)).toBe("unknown");
  });
  it("says clearly what is wrong", () => {
    expect(linkMessage("used")).toBe(LINK_USED);
    expect(linkMessage("expired")).toBe(LINK_EXPIRED);
    expect(linkMessage("unknown")).toBe(LINK_UNKNOWN);
  });
  it("only reads tokens of the right shape", () => {
    expect(isTokenShaped("a".repeat(43))).toBe(true);
    expect(isTokenShaped("a".repeat(42))).toBe(false);
    expect(isTokenShaped(`${"a".repeat(42)}/`)).toBe(false);
  });
});
