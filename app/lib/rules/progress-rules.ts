/** The "My progress" page's small rules (pure; unit-tested). */

/** Percentage 0–100, rounded; null when there were no questions. */
export function accuracy(correct: number, questions: number): number | null {
  return questions > 0 ? Math.round((correct * 100) / questions) : null;
}

/** The median of a list (the mean of the two middle values for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export type UnitAccuracy = { key: string; label: string; correct: number; questions: number; attempts: number };

/**
 * The units to practise next: the lowest accuracy first (ties: more questions answered first, then the
 * label), only units with at least `minQuestions` questions answered, and only below `below` percent.
 */
export function weakestUnits<T extends UnitAccuracy>(units: readonly T[], { count = 3, minQuestions = 10, below = 75 } = {}): T[] {
  return units
    .filter((u) => u.questions >= minQuestions && (accuracy(u.correct, u.questions) ?? 100) < below)
    .sort((a, b) => a.correct / a.questions - b.correct / b.questions || b.questions - a.questions || a.label.localeCompare(b.label))
    .slice(0, count);
}

export type TrendPoint = { percent: number };

/**
 * The score-trend chart's geometry in a `width` × `height` box with `pad` around the plot (`padLeft`
 * on the left, where the percentages are written): one point
 * per attempt, oldest on the left, 0 % at the bottom and 100 % at the top.
 */
export function trendGeometry(points: readonly TrendPoint[], options: { width?: number; height?: number; pad?: number; padLeft?: number } = {}) {
  const { width = 360, height = 180, pad = 30 } = options;
  const padLeft = options.padLeft ?? pad + 12;
  const plotW = width - padLeft - pad;
  const plotH = height - pad * 2;
  const x = (i: number) => padLeft + (points.length <= 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  // negative marking can take a score below 0: the axis then starts at the next 25 below the lowest, never hiding it at 0
  const floor = Math.min(0, Math.floor(Math.min(0, ...points.map((p) => p.percent)) / 25) * 25);
  const span = 100 - floor;
  const y = (percent: number) => pad + plotH - ((Math.max(floor, Math.min(100, percent)) - floor) * plotH) / span;
  const dots = points.map((p, i) => ({ cx: Math.round(x(i) * 10) / 10, cy: Math.round(y(p.percent) * 10) / 10 }));
  return {
    width,
    height,
    dots,
    line: dots.map((d) => `${d.cx},${d.cy}`).join(" "),
    gridlines: Array.from({ length: span / 25 + 1 }, (_, i) => floor + i * 25).map((percent) => ({
      percent,
      label: formatPercent(percent),
      y: Math.round(y(percent) * 10) / 10,
    })),
    left: padLeft,
    right: width - pad,
  };
}

/** A percent as the site writes it: a true minus sign for a negative score ("−33%"), as marks are written. */
export function formatPercent(value: number): string {
  return `${String(value + 0).replace("-", "\u2212")}%`;
}
