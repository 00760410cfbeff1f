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
  const y = (percent: number) => pad + plotH - (Math.max(0, Math.min(100, percent)) * plotH) / 100;
  const dots = points.map((p, i) => ({ cx: Math.round(x(i) * 10) / 10, cy: Math.round(y(p.percent) * 10) / 10 }));
  return {
    width,
    height,
    dots,
    line: dots.map((d) => `${d.cx},${d.cy}`).join(" "),
    gridlines: [0, 25, 50, 75, 100].map((percent) => ({ percent, y: Math.round(y(percent) * 10) / 10 })),
    left: padLeft,
    right: width - pad,
  };
}
