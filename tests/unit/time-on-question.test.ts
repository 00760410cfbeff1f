import { describe, expect, it } from "vitest";
import { TimeOnQuestion } from "~/lib/browser/time-on-question";
import { dwellSeconds, timesFromPage } from "~/lib/rules/exam-rules";

describe("TimeOnQuestion (a hydrated page's count)", () => {
  it("adds each stay to its question, pauses while hidden, caps a stay at half an hour", () => {
    const t = new TimeOnQuestion();
    t.show("q1", 0);
    t.show("q2", 30_000); // 30 s on q1
    t.pause(40_000); // 10 s on q2, then hidden for a minute
    t.resume(100_000);
    t.show("q1", 105_000); // 5 s more on q2
    expect(t.totals(125_000)).toEqual({ q1: 50, q2: 15 });
    // a stay of two hours counts half an hour
    t.show("q3", 125_000);
    expect(t.totals(125_000 + 7_200_000).q3).toBe(1800);
  });
});

describe("dwellSeconds and timesFromPage (the server's side)", () => {
  it("counts whole seconds, never backwards, capped", () => {
    expect(dwellSeconds(1000, 43_400)).toBe(42);
    expect(dwellSeconds(50_000, 1000)).toBe(0);
    expect(dwellSeconds(undefined, 1000)).toBe(0);
    expect(dwellSeconds(0, 10_000_000)).toBe(1800);
  });
  it("keeps only question ids with positive numbers", () => {
    expect([...timesFromPage('{"q1": 12, "q2": -3, "x": 5, "q3": "7", "q4": 2.6}')]).toEqual([
      ["q1", 12],
      ["q4", 3],
    ]);
    expect(timesFromPage("not json").size).toBe(0);
    expect(timesFromPage("[1,2]").size).toBe(0);
    expect([...timesFromPage('{"q1": 5, "q9": 5}', new Set(["q1"]))]).toEqual([["q1", 5]]);
  });
});
