import { describe, expect, it } from "vitest";
import { fixesFor, isSameQuestion, writingKeyNote, writingRegradeNote } from "~/lib/rules/regrade-rules";

const q = (id: string, options: string[], correctAnswer: number) => ({ id, options, correctAnswer });

describe("fixesFor", () => {
  const v1 = [q("q1", ["Keats", "Shelley", "Byron"], 0), q("q2", ["A", "B", "C"], 2), q("q3", ["x", "y"], 0)];

  it("takes the current key for a question whose key changed", () => {
    const v2 = [q("q1", ["Keats", "Shelley", "Byron"], 1), q("q2", ["A", "B", "C"], 2), q("q3", ["x", "y"], 0)];
    expect(fixesFor(v1, v2).map((f) => [f.id, f.correctAnswer, f.change])).toEqual([
      ["q1", 1, "key"],
      ["q2", 2, null],
      ["q3", 0, null],
    ]);
  });

  it("matches the right option by its text, so reordered options mark right", () => {
    const v2 = [q("q1", ["Byron", "Keats", "Shelley"], 2), ...v1.slice(1)];
    expect(fixesFor(v1, v2)[0]).toEqual({ id: "q1", correctAnswer: 1, dropped: false, change: "key" });
  });

  it("drops a question the current version no longer has, and keeps a key whose option text was rewritten", () => {
    const v2 = [q("q1", ["Keats (1795)", "Shelley", "Byron"], 0), q("q3", ["x", "y"], 0)];
    const fixes = fixesFor(v1, v2);
    expect(fixes[0]).toMatchObject({ correctAnswer: 0, change: null });
    expect(fixes[1]).toMatchObject({ id: "q2", dropped: true, change: "dropped" });
  });

  it("is idempotent: a second regrade against the same version changes nothing", () => {
    const v2 = [q("q1", ["Keats", "Shelley", "Byron"], 1), q("q3", ["x", "y"], 1)];
    const once = fixesFor(v1, v2).map((f, i) => ({ ...v1[i], correctAnswer: f.correctAnswer, dropped: f.dropped }));
    expect(fixesFor(once, v2).every((f) => f.change === null)).toBe(true);
  });
});

describe("isSameQuestion", () => {
  it("is the same question with a fixed typo in the text or in one option, not when rewritten under the same id", () => {
    const before = { id: "q1", question: "Who wrote Beowulf?", options: ["Anon", "Chaucer", "Bede", "Alfred"], correctAnswer: 0 };
    expect(isSameQuestion(before, { ...before, question: "Who wrote Beowulf ?" })).toBe(true);
    expect(isSameQuestion(before, { ...before, question: "Who wrote *Beowulf*?", options: ["Anonymous", "Chaucer", "Bede", "Alfred"] })).toBe(true);
    expect(isSameQuestion(before, { id: "q1", question: "A brand new question?", options: ["X", "Y", "Z"], correctAnswer: 2 })).toBe(false);
    expect(isSameQuestion(before, { ...before, id: "q2" })).toBe(false);
  });
});

describe("while students are writing", () => {
  it("the editor and the regrade page say how many, and what happens to their attempts", () => {
    expect(writingKeyNote(2)).toBe(
      "2 students are writing this test right now. A changed answer key does not reach their attempts: they keep the key they started with. When they have finished, Regrade carries the corrected key to them.",
    );
    expect(writingRegradeNote(1)).toBe(
      "1 student is still writing this test: that attempt is marked with the key it started with and is not in this list until finished. Regrade again once it is.",
    );
  });
});
