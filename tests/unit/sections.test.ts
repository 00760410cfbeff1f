import { describe, expect, it } from "vitest";
import { cohortFigures, fitTimesTo, groupBySection, sectionAt, sectionFigures, sectionRanges, tagOf, weakestTopics } from "~/lib/rules/sections";
import { orderForAttempt, SHUFFLE_QUESTIONS } from "~/lib/rules/shuffle";

const q = (id: string, section: string | null, topic: string | null = null) => ({ id, section, topic });

describe("tagOf", () => {
  it("trims, collapses spaces, and treats empty as none", () => {
    expect(tagOf("  Paper   1 ")).toBe("Paper 1");
    expect(tagOf("   ")).toBeNull();
    expect(tagOf(null)).toBeNull();
  });
});

describe("groupBySection", () => {
  it("keeps the sections in the order they first appear, and each section's questions in their order", () => {
    const list = [q("a", "P1"), q("b", "P2"), q("c", "P1"), q("d", "P3"), q("e", "P2")];
    expect(groupBySection(list).map((x) => x.id)).toEqual(["a", "c", "b", "e", "d"]);
  });
  it("leaves a list without sections as it is; an unnamed question joins the section before it", () => {
    const plain = [q("a", null), q("b", null)];
    expect(groupBySection(plain)).toEqual(plain);
    expect(groupBySection([q("a", null), q("b", "P1"), q("c", null), q("d", "P2"), q("e", "P1")]).map((x) => x.id)).toEqual(["a", "b", "c", "e", "d"]);
  });
});

describe("sectionRanges", () => {
  it("gives each section its first and last question; questions before the first section are General", () => {
    const list = [q("a", null), q("b", "Paper 1"), q("c", null), q("d", "Paper 2")];
    expect(sectionRanges(list)).toEqual([
      { name: "General", from: 1, to: 1 },
      { name: "Paper 1", from: 2, to: 3 },
      { name: "Paper 2", from: 4, to: 4 },
    ]);
    expect(sectionAt(sectionRanges(list), 3)?.name).toBe("Paper 1");
    expect(sectionRanges([q("a", null)])).toEqual([]);
  });
});

describe("sectionFigures (hand-computed)", () => {
  const review = [
    { section: "Literature", topic: "Chaucer", outcome: "correct" as const, marks: 2, seconds: 40 },
    { section: "Literature", topic: "Chaucer", outcome: "wrong" as const, marks: 2, seconds: 25 },
    { section: "Literature", topic: "Romantics", outcome: "unanswered" as const, marks: 2 },
    { section: "Pedagogy", topic: "Pedagogy", outcome: "correct" as const, marks: 1 },
    { section: "Pedagogy", topic: "Pedagogy", outcome: "correct" as const, marks: 1 },
  ];
  it("counts questions, attempted, right, wrong, accuracy and marks per section", () => {
    expect(sectionFigures(review, 0.5)).toEqual([
      // 2 − 1 × 0.5 = 1.5 of 6; 1 of 2 answered right
      { name: "Literature", questions: 3, attempted: 2, correct: 1, wrong: 1, accuracy: 50, marks: 1.5, maxMarks: 6, seconds: 65 },
      { name: "Pedagogy", questions: 2, attempted: 2, correct: 2, wrong: 0, accuracy: 100, marks: 2, maxMarks: 2, seconds: 0 },
    ]);
    // without a pattern each question is worth 1
    expect(sectionFigures(review.map(({ marks: _m, ...r }) => r))[0]).toMatchObject({ marks: 1, maxMarks: 3 });
    expect(sectionFigures(review.map((r) => ({ ...r, section: null })))).toEqual([]);
  });
  it("names the weakest topics of the attempt, worst first", () => {
    expect(weakestTopics(review)).toEqual([
      { topic: "Romantics", questions: 1, correct: 0, percent: 0 },
      { topic: "Chaucer", questions: 2, correct: 1, percent: 50 },
    ]);
  });
});

describe("shuffling a sectioned test", () => {
  it("shuffles inside each section: the sections keep their order and stay together", () => {
    const list = [
      ...Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, options: [1, 2], section: "A" })),
      ...Array.from({ length: 6 }, (_, i) => ({ id: `b${i}`, options: [1, 2], section: "B" })),
    ];
    for (const seed of [1, 7, 99, 12345]) {
      const order = orderForAttempt(list, { mode: SHUFFLE_QUESTIONS, seed }).map((x) => x.section);
      expect(order).toEqual([..."AAAAAA", ..."BBBBBB"]);
    }
    const ids = orderForAttempt(list, { mode: SHUFFLE_QUESTIONS, seed: 7 }).map((x) => x.id);
    expect(ids).not.toEqual(list.map((x) => x.id));
    expect([...ids].sort()).toEqual(list.map((x) => x.id).sort());
  });
});

describe("cohortFigures (hand-computed)", () => {
  const key = [
    { id: "q1", correctAnswer: 0 },
    { id: "q2", correctAnswer: 2 },
  ];
  it("gives the share right and the most chosen wrong option per question", () => {
    // 8 finished: q1 right 6, wrong B 1, C 1 (tie: B); q2 right 2, wrong A 3, D 2, 1 unanswered
    const picks = [
      { id: "q1", chosen: 0, n: 6 },
      { id: "q1", chosen: 2, n: 1 },
      { id: "q1", chosen: 1, n: 1 },
      { id: "q2", chosen: 2, n: 2 },
      { id: "q2", chosen: 0, n: 3 },
      { id: "q2", chosen: 3, n: 2 },
    ];
    const figures = cohortFigures(8, key, picks, new Map([["q1", 41.6]]));
    expect(figures.get("q1")).toEqual({ percentRight: 75, commonWrong: 1, commonWrongPercent: 13, averageSeconds: 42 });
    expect(figures.get("q2")).toEqual({ percentRight: 25, commonWrong: 0, commonWrongPercent: 38, averageSeconds: null });
  });
  it("counts an option a key dispute accepted as right (it is then never the most chosen wrong one)", () => {
    // 8 finished on q2 (key C, B accepted too): C 2, B 3, A 2 → 5 right (63%), most chosen wrong A
    const picks = [
      { id: "q2", chosen: 2, n: 2 },
      { id: "q2", chosen: 1, n: 3 },
      { id: "q2", chosen: 0, n: 2 },
    ];
    const figures = cohortFigures(8, [{ id: "q2", correctAnswer: 2, accepted: [1] }], picks);
    expect(figures.get("q2")).toEqual({ percentRight: 63, commonWrong: 0, commonWrongPercent: 25, averageSeconds: null });
  });
  it("says nothing under five finished attempts; no wrong answer is null", () => {
    expect(cohortFigures(4, key, []).size).toBe(0);
    expect(cohortFigures(5, key, [{ id: "q1", chosen: 0, n: 5 }]).get("q1")).toEqual({
      percentRight: 100,
      commonWrong: null,
      commonWrongPercent: null,
      averageSeconds: null,
    });
  });
});

describe("fitTimesTo", () => {
  it("keeps counts that fit, and scales ones that overlap down to exactly the time used", () => {
    expect(fitTimesTo([42, 5], 60)).toEqual([42, 5]);
    expect(fitTimesTo([5, 125], 120)).toEqual([5, 115]);
    expect(fitTimesTo([10, 10, 10], 20).reduce((a, b) => a + b, 0)).toBe(20);
    expect(fitTimesTo([-3, 10], 5)).toEqual([0, 5]);
    expect(fitTimesTo([7, 3], 0)).toEqual([0, 0]);
  });
});
