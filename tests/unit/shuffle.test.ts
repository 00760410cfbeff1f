import { describe, expect, it } from "vitest";
import { newShuffleSeed, orderForAttempt, permutation, SHUFFLE_OPTIONS, SHUFFLE_QUESTIONS, shuffleModeOf } from "~/lib/rules/shuffle";

const QUESTIONS = Array.from({ length: 12 }, (_, i) => ({ id: `q${i + 1}`, options: ["A", "B", "C", "D"], text: `Question ${i + 1}` }));

describe("shuffle", () => {
  it("a permutation: every index once, the same for the same seed, another for another seed", () => {
    for (const seed of [1, 42, 123_456_789, 2_147_483_646]) {
      const p = permutation(30, seed);
      expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
      expect(permutation(30, seed)).toEqual(p);
    }
    expect(permutation(30, 1)).not.toEqual(permutation(30, 2));
    expect(permutation(0, 5)).toEqual([]);
    expect(permutation(1, 5)).toEqual([0]);
  });

  it("off: the questions as they are, no option order", () => {
    expect(orderForAttempt(QUESTIONS, { mode: 0, seed: 7 }).map((q) => [q.id, q.optionOrder])).toEqual(QUESTIONS.map((q) => [q.id, null]));
    expect(orderForAttempt(QUESTIONS, { mode: SHUFFLE_QUESTIONS, seed: null }).map((q) => q.id)).toEqual(QUESTIONS.map((q) => q.id));
  });

  it("questions only: a stable reordering of the same questions, options untouched", () => {
    const a = orderForAttempt(QUESTIONS, { mode: SHUFFLE_QUESTIONS, seed: 99 });
    expect(a.map((q) => q.id)).not.toEqual(QUESTIONS.map((q) => q.id));
    expect([...a.map((q) => q.id)].sort()).toEqual([...QUESTIONS.map((q) => q.id)].sort());
    expect(orderForAttempt(QUESTIONS, { mode: SHUFFLE_QUESTIONS, seed: 99 })).toEqual(a);
    expect(a.every((q) => q.optionOrder === null)).toBe(true);
    // the question's own content travels with it
    for (const q of a) expect(q.text).toBe(`Question ${q.id.slice(1)}`);
  });

  it("options only: question order kept, each question's options a permutation of its own (original indexes kept)", () => {
    const a = orderForAttempt(QUESTIONS, { mode: SHUFFLE_OPTIONS, seed: 5 });
    expect(a.map((q) => q.id)).toEqual(QUESTIONS.map((q) => q.id));
    for (const q of a) expect([...(q.optionOrder ?? [])].sort()).toEqual([0, 1, 2, 3]);
    // not every question gets the same order
    expect(new Set(a.map((q) => q.optionOrder?.join(""))).size).toBeGreaterThan(1);
    expect(orderForAttempt(QUESTIONS, { mode: SHUFFLE_OPTIONS, seed: 5 })).toEqual(a);
  });

  it("both, and the mode from a test's settings", () => {
    const a = orderForAttempt(QUESTIONS, { mode: SHUFFLE_QUESTIONS | SHUFFLE_OPTIONS, seed: 11 });
    expect(a.map((q) => q.id)).not.toEqual(QUESTIONS.map((q) => q.id));
    expect(a.every((q) => q.optionOrder !== null)).toBe(true);
    expect(shuffleModeOf({ shuffleQuestions: false, shuffleOptions: false })).toBe(0);
    expect(shuffleModeOf({ shuffleQuestions: true, shuffleOptions: true })).toBe(3);
    expect(shuffleModeOf({ shuffleQuestions: false, shuffleOptions: true })).toBe(SHUFFLE_OPTIONS);
  });

  it("a new seed is a positive 31-bit integer", () => {
    expect(newShuffleSeed(() => 0)).toBe(1);
    expect(newShuffleSeed(() => 0.999999999)).toBeLessThanOrEqual(0x7fffffff);
  });
});
