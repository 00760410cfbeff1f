import type { Availability } from "./availability";

/**
 * All my tests (/tests): the filters a student can pick and the order of the list (pure; unit-tested).
 */
export const TEST_FILTERS = [
  { value: "open", label: "Open now" },
  { value: "upcoming", label: "Upcoming" },
  { value: "closed", label: "Closed" },
  { value: "not-attempted", label: "Not attempted" },
  { value: "attempts-left", label: "Attempts left" },
] as const;
export type TestFilter = (typeof TEST_FILTERS)[number]["value"];

export function testFilterOf(value: string | null): TestFilter | null {
  return TEST_FILTERS.some((f) => f.value === value) ? (value as TestFilter) : null;
}

export type ListedTest = {
  availability: Availability;
  allowed: boolean;
  inProgress: boolean;
  timeUp: boolean;
  attempts: number;
  /** null: unlimited */
  remaining: number | null;
  opensAt: number | null;
  closesAt: number | null;
};

export function matchesTestFilter(t: ListedTest, filter: TestFilter | null): boolean {
  switch (filter) {
    case null:
      return true;
    case "open":
      return t.inProgress || t.timeUp || (t.availability === "open" && t.allowed);
    case "upcoming":
      return t.availability === "upcoming";
    case "closed":
      return t.availability === "closed" && !t.inProgress && !t.timeUp;
    case "not-attempted":
      return t.attempts === 0 && !t.inProgress && !t.timeUp;
    case "attempts-left":
      return t.availability !== "closed" && (t.remaining === null || t.remaining > 0);
  }
}

/** A running attempt first, then what can be started now, then what opens soonest, then what closed last. */
export function byStudentInterest(a: ListedTest, b: ListedTest): number {
  const rank = (t: ListedTest) => (t.inProgress || t.timeUp ? 0 : t.availability === "open" ? (t.allowed ? 1 : 2) : t.availability === "upcoming" ? 3 : 4);
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (a.availability === "upcoming") return (a.opensAt ?? 0) - (b.opensAt ?? 0);
  if (a.availability === "closed") return (b.closesAt ?? 0) - (a.closesAt ?? 0);
  return 0;
}
