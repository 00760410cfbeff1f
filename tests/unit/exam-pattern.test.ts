import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasDisputes, hasPattern, isRightAnswer, markAnswers, patternLabel, roundMarks } from "~/lib/rules/exam-pattern";
import { formatMarks, questionMarksLabel } from "~/lib/rules/marks-text";
import { marksInputText, parseMarks } from "~/lib/rules/marks-input";

describe("markAnswers without a pattern (the specification's score)", () => {
  it("counts right answers of the questions that count", () => {
    const key = [
      { id: "q1", correctAnswer: 1, dropped: false },
      { id: "q2", correctAnswer: 0, dropped: true },
      { id: "q3", correctAnswer: 0, dropped: false },
    ];
    const marked = markAnswers(
      new Map([
        ["q1", 1],
        ["q2", 0],
        ["q3", null],
      ]),
      key,
    );
    expect({ score: marked.correct, total: marked.total }).toEqual({ score: 1, total: 2 });
    // no pattern: no marks are kept, the score is the count
    expect(marked.marks).toBeNull();
    expect(marked.maxMarks).toBeNull();
  });

  it("never scores more than the questions that count (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ correctAnswer: fc.nat(5), dropped: fc.boolean(), chosen: fc.option(fc.nat(5), { nil: null }) }), { maxLength: 30 }),
        (rows) => {
          const key = rows.map((r, i) => ({ id: `q${i}`, correctAnswer: r.correctAnswer, dropped: r.dropped }));
          const answers = new Map(rows.map((r, i) => [`q${i}`, r.chosen]));
          const { correct, total } = markAnswers(answers, key);
          expect(total).toBe(rows.filter((r) => !r.dropped).length);
          expect(correct).toBe(rows.filter((r) => !r.dropped && r.chosen === r.correctAnswer).length);
        },
      ),
    );
  });
});

describe("markAnswers with a pattern", () => {
  const key = [
    { id: "q1", correctAnswer: 0 },
    { id: "q2", correctAnswer: 1 },
    { id: "q3", correctAnswer: 2 },
    { id: "q4", correctAnswer: 3 },
    { id: "q5", correctAnswer: 0 },
  ];
  // right: q1, q2; wrong: q3, q4; unanswered: q5
  const answers = new Map<string, number | null>([
    ["q1", 0],
    ["q2", 1],
    ["q3", 0],
    ["q4", 0],
    ["q5", null],
  ]);

  it("+2 / −0.5: 2 × 2 − 2 × 0.5 = 3 of 10", () => {
    expect(markAnswers(answers, key, { marksPerCorrect: 2, negativeMarks: 0.5 })).toEqual({
      correct: 2,
      wrong: 2,
      total: 5,
      marks: 3,
      maxMarks: 10,
      gained: 4,
      lost: 1,
    });
  });

  it("+1 / −1/3: three wrong answers take off exactly 1", () => {
    const threeWrong = new Map<string, number | null>([...answers, ["q5", 3]]);
    const marked = markAnswers(threeWrong, key, { marksPerCorrect: 1, negativeMarks: 1 / 3 });
    expect(marked).toMatchObject({ correct: 2, wrong: 3, marks: 1, maxMarks: 5, lost: 1 });
  });

  it("a score can go below zero", () => {
    const allWrong = new Map<string, number | null>(key.map((q) => [q.id, (q.correctAnswer + 1) % 4]));
    expect(markAnswers(allWrong, key, { marksPerCorrect: 1, negativeMarks: 0.25 }).marks).toBe(-1.25);
  });

  it("a question's own marks replace the test's; dropped questions count for nothing", () => {
    const own = [{ ...key[0], marks: 4 }, key[1], { ...key[2], dropped: true }, key[3], key[4]];
    // right: q1 (4) + q2 (1) = 5; wrong: q4 (q3 dropped) × 0.25; max 4 + 1 + 1 + 1
    expect(markAnswers(answers, own, { marksPerCorrect: 1, negativeMarks: 0.25 })).toMatchObject({ marks: 4.75, maxMarks: 7, wrong: 1, total: 4 });
    // question marks alone make a pattern
    expect(markAnswers(answers, own).marks).toBe(5);
  });
});

describe("hasPattern", () => {
  it("is false only for +1 / 0 with no question marks", () => {
    expect(hasPattern({ marksPerCorrect: 1, negativeMarks: 0 })).toBe(false);
    expect(hasPattern({ marksPerCorrect: 1, negativeMarks: 0 }, [{ marks: null }, {}])).toBe(false);
    expect(hasPattern({ marksPerCorrect: 2, negativeMarks: 0 })).toBe(true);
    expect(hasPattern({ marksPerCorrect: 1, negativeMarks: 0.25 })).toBe(true);
    expect(hasPattern({ marksPerCorrect: 1, negativeMarks: 0 }, [{ marks: 1 }])).toBe(true);
  });
});

describe("parseMarks", () => {
  it("reads decimals and fractions", () => {
    expect(parseMarks("0.25")).toBe(0.25);
    expect(parseMarks(" 2 ")).toBe(2);
    expect(parseMarks(".5")).toBe(0.5);
    expect(parseMarks("1/3")).toBeCloseTo(0.3333, 4);
    expect(parseMarks("1 / 4")).toBe(0.25);
    expect(parseMarks("0")).toBe(0);
  });
  it("refuses anything else", () => {
    for (const bad of ["", "-1", "abc", "1/0", "2e3", "1,5", "101", "0x10", "Infinity"]) expect(parseMarks(bad), bad).toBeNull();
  });
});

describe("marksInputText", () => {
  it("gives back what the admin typed", () => {
    expect(marksInputText(1 / 3)).toBe("1/3");
    expect(marksInputText(2 / 3)).toBe("2/3");
    expect(marksInputText(0.25)).toBe("0.25");
    expect(marksInputText(2)).toBe("2");
    expect(parseMarks(marksInputText(1 / 3))).toBe(1 / 3);
  });
});

describe("formatMarks and the label", () => {
  it("writes at most two decimals", () => {
    expect(formatMarks(3)).toBe("3");
    expect(formatMarks(0.25)).toBe("0.25");
    expect(formatMarks(1 / 3)).toBe("0.33");
    expect(formatMarks(-1.5)).toBe("−1.5");
    expect(formatMarks(roundMarks(-0))).toBe("0");
  });
  it("says how a test is marked", () => {
    expect(patternLabel({ marksPerCorrect: 1, negativeMarks: 0 })).toBeNull();
    expect(patternLabel({ marksPerCorrect: 2, negativeMarks: 0.5 })).toBe("+2 for a right answer, −0.5 for a wrong one, 0 for a question left unanswered");
    // questions with their own marks: the range over the questions that count
    expect(patternLabel({ marksPerCorrect: 1, negativeMarks: 0 }, [{ marks: 4 }, { marks: null }, { marks: 9, dropped: true }])).toBe(
      "+1 to +4 for a right answer (each question's own), no marks off for a wrong one, 0 for a question left unanswered",
    );
    expect(patternLabel({ marksPerCorrect: 1, negativeMarks: 1 / 3 }, [{ marks: 2 }, { marks: 2 }])).toBe(
      "+2 for a right answer, −0.33 for a wrong one, 0 for a question left unanswered",
    );
  });
});

describe("a question's marks beside it in the exam", () => {
  it("says the marks for a right answer, and the marks off for a wrong one when there are", () => {
    expect(questionMarksLabel(2, 0.5)).toEqual({ text: "+2 / −0.5", spoken: "2 marks for a right answer, 0.5 off for a wrong one" });
    expect(questionMarksLabel(1, 0)).toEqual({ text: "+1", spoken: "1 mark for a right answer" });
    expect(questionMarksLabel(1.5, 1 / 3).text).toBe("+1.5 / −0.33");
  });
});

describe("key disputes in the marking", () => {
  const key = [
    { id: "q1", correctAnswer: 0, accepted: [2] },
    { id: "q2", correctAnswer: 1, bonus: true },
    { id: "q3", correctAnswer: 1 },
  ];
  it("an accepted option is right; a bonus question gives everyone its marks, answered or not", () => {
    const pattern = { marksPerCorrect: 2, negativeMarks: 0.5 };
    expect(
      markAnswers(
        new Map([
          ["q1", 2],
          ["q3", 0],
        ]),
        key,
        pattern,
      ),
    ).toMatchObject({ correct: 2, wrong: 1, total: 3, marks: 3.5, maxMarks: 6 });
    expect(markAnswers(new Map([["q2", 0]]), key, pattern)).toMatchObject({ correct: 1, wrong: 0, marks: 2 });
    expect(isRightAnswer(key[0], 2)).toBe(true);
    expect(isRightAnswer(key[0], 1)).toBe(false);
    expect(isRightAnswer(key[0], null)).toBe(false);
    expect(hasDisputes(key)).toBe(true);
    expect(hasDisputes([{ accepted: null }, { bonus: false }])).toBe(false);
  });
});
