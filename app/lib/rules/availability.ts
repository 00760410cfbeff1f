import { formatDateTime } from "./time";

/**
 * A test's availability window (pure; unit-tested). New attempts may start from `opensAt` (inclusive)
 * until `closesAt` (exclusive); an attempt already running keeps its own deadline.
 */
export type Window = { opensAt: Date | number | null; closesAt: Date | number | null };
export type Availability = "open" | "upcoming" | "closed";

export function availabilityOf(w: Window, now: number = Date.now()): Availability {
  if (w.opensAt !== null && now < +w.opensAt) return "upcoming";
  if (w.closesAt !== null && now >= +w.closesAt) return "closed";
  return "open";
}

/** What the student is told instead of Start: "Opens on …" / "Closed on …" (in the academy's time zone). */
export function windowMessage(w: Window, state: Availability, timeZone: string): string | null {
  if (state === "upcoming" && w.opensAt !== null) return `Opens on ${formatDateTime(w.opensAt, timeZone)}`;
  if (state === "closed" && w.closesAt !== null) return `Closed on ${formatDateTime(w.closesAt, timeZone)}`;
  return null;
}

/** What an open test with a closing time says on its card and start card: "Closes on …"; null otherwise. */
export function closingMessage(w: Window, state: Availability, timeZone: string): string | null {
  return state === "open" && w.closesAt !== null ? `Closes on ${formatDateTime(w.closesAt, timeZone)}` : null;
}

/** Ranks of a scheduled test are shown once it has closed (everyone sat it); an unscheduled test always shows them. */
export function ranksVisible(w: Window, now: number = Date.now()): boolean {
  return w.closesAt === null || now >= +w.closesAt;
}
