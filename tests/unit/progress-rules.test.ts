import { describe, expect, it } from "vitest";
import { accuracy, formatPercent, median, trendGeometry, weakestUnits } from "~/lib/rules/progress-rules";

describe("progress rules", () => {
  it("accuracy rounds and says nothing for no questions", () => {
    expect(accuracy(2, 3)).toBe(67);
    expect(accuracy(0, 10)).toBe(0);
    expect(accuracy(0, 0)).toBeNull();
  });

  it("median of odd and even counts, none for an empty list", () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it("the weakest units: lowest accuracy first, enough questions, under the bar", () => {
    const units = [
      { key: "a", label: "Unit 1", correct: 30, questions: 50, attempts: 1 }, // 60 %
      { key: "b", label: "Unit 2", correct: 10, questions: 50, attempts: 1 }, // 20 %
      { key: "c", label: "Unit 3", correct: 1, questions: 5, attempts: 1 }, // too few questions
      { key: "d", label: "Unit 4", correct: 45, questions: 50, attempts: 1 }, // 90 %: fine
      { key: "e", label: "Unit 5", correct: 20, questions: 100, attempts: 2 }, // 20 %, more questions
    ];
    expect(weakestUnits(units).map((u) => u.key)).toEqual(["e", "b", "a"]);
    expect(weakestUnits(units, { count: 1 }).map((u) => u.key)).toEqual(["e"]);
    expect(weakestUnits([])).toEqual([]);
  });

  it("the trend chart: oldest left, 100 % at the top, one point centred", () => {
    const g = trendGeometry([{ percent: 0 }, { percent: 100 }], { width: 200, height: 120, pad: 10, padLeft: 10 });
    expect(g.dots).toEqual([
      { cx: 10, cy: 110 },
      { cx: 190, cy: 10 },
    ]);
    expect(g.line).toBe("10,110 190,10");
    expect(g.gridlines.map((l) => l.y)).toEqual([110, 85, 60, 35, 10]);
    expect(trendGeometry([{ percent: 50 }], { width: 200, height: 120, pad: 10, padLeft: 10 }).dots).toEqual([{ cx: 100, cy: 60 }]);
    // the left margin holds the percentages
    expect(trendGeometry([{ percent: 50 }, { percent: 60 }], { width: 200, height: 120, pad: 10, padLeft: 40 }).dots[0].cx).toBe(40);
    // out-of-range values stay inside the plot
    expect(trendGeometry([{ percent: 140 }], { width: 200, height: 120, pad: 10 }).dots[0].cy).toBe(10);
  });
});

describe("negative scores on the trend", () => {
  it("draws a score below 0 below the 0 line, with an axis that reaches it, and writes it with a true minus", () => {
    const g = trendGeometry([{ percent: -33 }, { percent: 50 }], { width: 200, height: 120, pad: 10, padLeft: 10 });
    expect(g.gridlines.map((l) => l.label)).toEqual(["−50%", "−25%", "0%", "25%", "50%", "75%", "100%"]);
    const zero = g.gridlines.find((l) => l.percent === 0)?.y ?? 0;
    expect(g.dots[0].cy).toBeGreaterThan(zero);
    // without negative scores the axis is 0–100 as before
    expect(trendGeometry([{ percent: 10 }]).gridlines.map((l) => l.percent)).toEqual([0, 25, 50, 75, 100]);
    expect(formatPercent(-33)).toBe("−33%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(-0)).toBe("0%");
  });
});
