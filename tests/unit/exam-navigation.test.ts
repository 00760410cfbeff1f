import { describe, expect, it } from "vitest";
import { examNavigation } from "~/lib/rules/exam-rules";

describe("examNavigation: every exam control keeps the option chosen on the page", () => {
  it("Save & Next keeps the choice, clears the mark and moves on", () => {
    expect(examNavigation("next", 2, 3, 10)).toEqual({ change: { chosen: 2, marked: false }, target: 4, confirm: false });
  });
  it("Next, Previous and a navigator number keep the choice and leave the mark alone", () => {
    expect(examNavigation("skip", 1, 3, 10)).toEqual({ change: { chosen: 1 }, target: 4, confirm: false });
    expect(examNavigation("prev", 1, 3, 10)).toEqual({ change: { chosen: 1 }, target: 2, confirm: false });
    expect(examNavigation("goto", 0, 3, 10, 8)).toEqual({ change: { chosen: 0 }, target: 8, confirm: false });
  });
  it("Finish keeps the choice, stays and asks for confirmation", () => {
    expect(examNavigation("finish", 3, 5, 10)).toEqual({ change: { chosen: 3 }, target: 5, confirm: true });
  });
  it("Mark for Review & Next marks, Clear Response clears both", () => {
    expect(examNavigation("mark-next", undefined, 1, 10)).toEqual({ change: { marked: true }, target: 2, confirm: false });
    expect(examNavigation("clear", 2, 4, 10)).toEqual({ change: { chosen: null, marked: false }, target: 4, confirm: false });
  });
  it("nothing chosen changes nothing but the mark; targets stay within the test", () => {
    expect(examNavigation("skip", undefined, 10, 10)).toEqual({ change: {}, target: 10, confirm: false });
    expect(examNavigation("prev", undefined, 1, 10).target).toBe(1);
    expect(examNavigation("goto", undefined, 1, 10, 99).target).toBe(10);
  });
});
