import { describe, expect, it } from "vitest";
import { type BankCandidate, bankKeyOf, drawQuestions, NO_TAG, pickName, seededRandom } from "~/lib/rules/bank";

describe("a question's bank identity", () => {
  it("is the same for the same words and options, whatever the case and spacing; another option order or word is another question", () => {
    const key = bankKeyOf("Who wrote  Paradise Lost?", ["Milton", "Spenser"]);
    expect(key).toMatch(/^[0-9a-f]{26}$/);
    expect(bankKeyOf(" who wrote paradise lost? ", ["MILTON", " Spenser "])).toBe(key);
    expect(bankKeyOf("Who wrote Paradise Lost?", ["Spenser", "Milton"])).not.toBe(key);
    expect(bankKeyOf("Who wrote Paradise Regained?", ["Milton", "Spenser"])).not.toBe(key);
    // the words run together differently are different questions
    expect(bankKeyOf("ab", ["c"])).not.toBe(bankKeyOf("a", ["bc"]));
  });
});

const candidates = (tag: string, n: number, seen: (i: number) => number = () => 0): BankCandidate[] =>
  Array.from({ length: n }, (_, i) => ({ key: `${tag}-${i}`, topic: tag, section: i % 2 ? "Paper 2" : "Paper 1", seen: seen(i) }));

describe("drawing a generated test's questions", () => {
  it("draws each topic's count, never one question twice, and repeats with the same seed", () => {
    const pool = [...candidates("Chaucer", 12), ...candidates("Romantic poetry", 10)];
    const picks = [
      { kind: "topic" as const, tag: "Chaucer", count: 10 },
      { kind: "topic" as const, tag: "Romantic poetry", count: 3 },
      { kind: "section" as const, tag: "Paper 1", count: 2 },
    ];
    const a = drawQuestions(picks, pool, { preferUnseen: false, random: seededRandom(7) });
    if (!a.ok) throw new Error("short");
    expect(a.keys).toHaveLength(15);
    expect(new Set(a.keys).size).toBe(15);
    expect(a.keys.slice(0, 10).every((k) => k.startsWith("Chaucer-"))).toBe(true);
    expect(a.keys.slice(10, 13).every((k) => k.startsWith("Romantic poetry-"))).toBe(true);
    expect(drawQuestions(picks, pool, { preferUnseen: false, random: seededRandom(7) })).toEqual(a);
  });

  it("with prefer unseen: every unseen question first, then the least seen", () => {
    // 5 questions; 0, 1 and 2 seen by 3, 1 and 2 students; 3 and 4 never seen
    const pool = candidates("Pedagogy", 5, (i) => [3, 1, 2, 0, 0][i]);
    for (let seed = 1; seed <= 20; seed++) {
      const r = drawQuestions([{ kind: "topic", tag: "Pedagogy", count: 3 }], pool, { preferUnseen: true, random: seededRandom(seed) });
      if (!r.ok) throw new Error("short");
      expect(new Set(r.keys)).toEqual(new Set(["Pedagogy-3", "Pedagogy-4", "Pedagogy-1"]));
    }
  });

  it("a pick the bank cannot fill is reported with what it has, and nothing is drawn", () => {
    const r = drawQuestions(
      [
        { kind: "topic", tag: "Chaucer", count: 2 },
        { kind: "topic", tag: "Milton", count: 4 },
      ],
      [...candidates("Chaucer", 3), ...candidates("Milton", 1)],
      { preferUnseen: false, random: seededRandom(1) },
    );
    expect(r).toEqual({ ok: false, short: [{ pick: { kind: "topic", tag: "Milton", count: 4 }, available: 1 }] });
  });

  it("questions without a topic are drawn by the pick without a tag, and named so", () => {
    const pool = [
      { key: "bare-1", topic: null, section: null, seen: 0 },
      { key: "bare-2", topic: null, section: "Paper 1", seen: 0 },
      { key: "tagged", topic: "Chaucer", section: null, seen: 0 },
    ];
    const r = drawQuestions([{ kind: "topic", tag: NO_TAG, count: 2 }], pool, { preferUnseen: false, random: seededRandom(3) });
    expect(r.ok && new Set(r.keys)).toEqual(new Set(["bare-1", "bare-2"]));
    expect(drawQuestions([{ kind: "section", tag: NO_TAG, count: 3 }], pool, { preferUnseen: false, random: seededRandom(3) })).toMatchObject({
      ok: false,
      short: [{ available: 2 }],
    });
    expect(pickName({ kind: "topic", tag: NO_TAG })).toBe("questions without a topic");
    expect(pickName({ kind: "section", tag: "Paper 1" })).toBe("the section “Paper 1”");
  });
});
