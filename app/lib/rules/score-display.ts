// How a result is shown: its percent, the colour of its band, the time it took (unit-tested in
// tests/unit/exam-rules.test.ts). Apart from exam-rules.ts: the running exam never downloads it.

export type Band = "green" | "yellow" | "red";

/** Score percent, rounded to a whole number; 0 when there are no questions. */
export function percent(score: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.round((score / total) * 100);
}

/** Result colours: 80 or more green, 60 or more yellow, otherwise red. */
export function band(pct: number): Band {
  if (pct >= 80) return "green";
  if (pct >= 60) return "yellow";
  return "red";
}

export const bandClasses: Record<Band, string> = {
  green: "bg-green-100 text-green-800",
  yellow: "bg-yellow-100 text-yellow-800",
  red: "bg-red-100 text-red-800",
};

/** "12m 5s", "1h 3m", "45s" */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${sec}s`;
  return `${sec}s`;
}
