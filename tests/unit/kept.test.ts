import { describe, expect, it } from "vitest";
import { Kept, keptPer, keptRegister } from "~/lib/server/kept.server";

const rule = (name: string, extra: Partial<ConstructorParameters<typeof Kept>[0]> = {}) => ({
  name,
  keeps: "test values",
  key: "a string",
  invalidated: "by age",
  maxEntries: 2,
  ...extra,
});

describe("kept values", () => {
  it("keeps a value until it is older than its maximum age, or the clock goes back", () => {
    const kept = new Kept<number>(rule("aging", { maxAgeMs: 1000 }));
    kept.set("t1", 5, 10_000);
    expect(kept.get("t1", 10_999)).toBe(5);
    expect(kept.get("t1", 11_000)).toBeUndefined();
    kept.set("t1", 6, 10_000);
    expect(kept.get("t1", 9_000)).toBeUndefined();
  });

  it("pushes out the least recently used entry when full", () => {
    const kept = new Kept<string>(rule("bounded"));
    kept.set("a", "A");
    kept.set("b", "B");
    expect(kept.get("a")).toBe("A");
    kept.set("c", "C");
    expect([kept.get("a"), kept.get("b"), kept.get("c")]).toEqual(["A", undefined, "C"]);
    expect(kept.size).toBe(2);
  });

  it("loads a missing value once", () => {
    const kept = new Kept<number>(rule("loading"));
    let loads = 0;
    const load = () => {
      loads += 1;
      return 42;
    };
    expect([kept.getOrLoad("x", load), kept.getOrLoad("x", load)]).toEqual([42, 42]);
    expect(loads).toBe(1);
  });

  it("keeps one store per owner under one rule, and lists every rule in the register", () => {
    const storeOf = keptPer<object, number>(rule("per-owner"));
    const [first, second] = [{}, {}];
    storeOf(first).set("k", 1);
    expect(storeOf(second).get("k")).toBeUndefined();
    expect(storeOf(first).get("k")).toBe(1);
    expect(keptRegister().map((r) => r.name)).toEqual(expect.arrayContaining(["aging", "bounded", "loading", "per-owner"]));
  });
});
