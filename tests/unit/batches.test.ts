import { describe, expect, it } from "vitest";
import { batchNamesOf, batchRowFor, releaseCloseFor, testForBatches } from "~/lib/rules/batches";

const test = { opensAt: null, closesAt: 1000, answerRelease: null };
const row = (opensAt: number | null, closesAt: number | null, answerRelease: string | null = null) => ({ opensAt, closesAt, answerRelease });

describe("the batch window a student gets", () => {
  it("with no batch row, the test itself; with one, its times and rule over the test's where it has them", () => {
    expect(testForBatches(test, [])).toBe(test);
    expect(testForBatches(test, [row(100, null)], 50)).toEqual({ opensAt: 100, closesAt: 1000, answerRelease: null });
    expect(testForBatches(test, [row(null, 2000, "score_only")], 50)).toEqual({ opensAt: null, closesAt: 2000, answerRelease: "score_only" });
  });

  it("of several: the one open now, else the next to open, else the last to close", () => {
    const first = row(100, 200);
    const second = row(300, 400);
    const third = row(500, 600);
    expect(batchRowFor(test, [third, second, first], 350)).toBe(second);
    expect(batchRowFor(test, [third, second, first], 250)).toBe(second);
    expect(batchRowFor(test, [first, third], 50)).toBe(first);
    expect(batchRowFor(test, [first, second], 450)).toBe(second);
    expect(batchRowFor(test, [], 450)).toBeNull();
  });
});

describe("the close a student's answers wait for", () => {
  it("the test's rule waits for the last close of every batch and personal window", () => {
    expect(releaseCloseFor(test, null, [3000, null, 2000], [2500])).toEqual(new Date(3000));
    expect(releaseCloseFor(test, row(null, 500), [500], [])).toEqual(new Date(1000));
    // a test with no close anywhere: released as before (a personal window only extends a close there is)
    expect(releaseCloseFor({ ...test, closesAt: null }, null, [], [4000])).toBeNull();
    // no close of its own, but batches close: the last of them
    expect(releaseCloseFor({ ...test, closesAt: null }, null, [700, 900], [])).toEqual(new Date(900));
  });

  it("a batch with its own release waits for its own close (and its students' personal ones) only", () => {
    expect(releaseCloseFor(test, row(null, 500, "after_window"), [500, 3000], [])).toEqual(new Date(500));
    expect(releaseCloseFor(test, row(null, 500, "after_window"), [500, 3000], [800])).toEqual(new Date(800));
    // its own rule on the test's window
    expect(releaseCloseFor(test, row(null, null, "after_window"), [3000], [])).toEqual(new Date(1000));
  });
});

describe("the import's batches cell", () => {
  it("splits on ; or |, trims, collapses spaces, keeps each once in any case, at most 20", () => {
    expect(batchNamesOf(" NET  morning ; PG TRB weekend| net MORNING ;; ")).toEqual(["NET morning", "PG TRB weekend"]);
    expect(batchNamesOf("")).toEqual([]);
    expect(batchNamesOf(undefined)).toEqual([]);
    expect(batchNamesOf(Array.from({ length: 30 }, (_, i) => `B${i}`).join(";"))).toHaveLength(20);
    expect(batchNamesOf("x".repeat(200))[0]).toHaveLength(80);
  });
});
