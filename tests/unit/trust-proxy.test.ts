import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "~/lib/server/trust-proxy";

describe("TRUST_PROXY", () => {
  it('reads a number as a hop count (fly.toml\'s "1"), not as the address 0.0.0.1', () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy(" 2 ")).toBe(2);
  });

  it("reads true and false as booleans", () => {
    expect(parseTrustProxy("true")).toBe(true);
    expect(parseTrustProxy("FALSE")).toBe(false);
  });

  it("reads a list of addresses, subnets and Express's names", () => {
    expect(parseTrustProxy("loopback, 10.0.0.0/8, fd00::/8, 192.0.2.1")).toEqual(["loopback", "10.0.0.0/8", "fd00::/8", "192.0.2.1"]);
  });

  it("is unset when empty", () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy("")).toBeUndefined();
  });

  it("stops with a clear message on anything else", () => {
    expect(() => parseTrustProxy("yes")).toThrow(/TRUST_PROXY: "yes" is not a hop count/);
    expect(() => parseTrustProxy("10.0.0.0/99")).toThrow(/TRUST_PROXY/);
  });
});
