import { describe, expect, it } from "vitest";
import { answerKeyIndex } from "~/lib/rules/answer-key";

const four = ["Milton", "Spenser", "Donne", "Marvell"];

describe("the correct answer as Indian spreadsheets write it", () => {
  it.each([
    ["a", 0],
    ["B", 1],
    ["(a)", 0],
    ["(C)", 2],
    ["b)", 1],
    ["D.", 3],
    ["d )", 3],
    ["Option A", 0],
    ["option c", 2],
    ["Opt. B", 1],
    ["Ans: D", 3],
    ["Answer - b", 1],
    ["1", 0],
    ["(2)", 1],
    ["3.", 2],
    ["4.0", 3],
    ["1.00", 0],
    ["Spenser", 1],
    ["  donne ", 2],
    ["[c]", 2],
  ] as const)("%s → option %i", (given, index) => {
    expect(answerKeyIndex(given, four)).toBe(index);
  });

  it("names no option: null", () => {
    for (const given of ["", "E", "(5)", "0", "1.5", "Shakespeare", "Option G", "ab"]) expect(answerKeyIndex(given, four)).toBeNull();
  });

  it("an option whose text is a number or a year is found by its text", () => {
    expect(answerKeyIndex("1798", ["1789", "1798", "1802"])).toBe(1);
    // a key "2" is the option number, even when an option reads "2"
    expect(answerKeyIndex("2", ["1", "2", "3"])).toBe(1);
    expect(answerKeyIndex("3", ["3", "2", "1"])).toBe(2);
  });

  it("Tamil and Hindi option text, in another Unicode form", () => {
    expect(answerKeyIndex("கம்பர்", ["இளங்கோ", "கம்பர்"])).toBe(1);
    expect(answerKeyIndex("कबीर", ["तुलसी", "कबीर"])).toBe(1);
  });
});
