import { describe, expect, it } from "vitest";
import { byStudentInterest, type ListedTest, matchesTestFilter, testFilterOf } from "~/lib/rules/test-list";

const test = (over: Partial<ListedTest>): ListedTest => ({
  availability: "open",
  allowed: true,
  inProgress: false,
  timeUp: false,
  attempts: 0,
  remaining: null,
  opensAt: null,
  closesAt: null,
  ...over,
});

describe("All my tests: filters", () => {
  it("reads only the filters it offers", () => {
    expect(testFilterOf("open")).toBe("open");
    expect(testFilterOf("attempts-left")).toBe("attempts-left");
    expect(testFilterOf("<script>")).toBeNull();
    expect(testFilterOf(null)).toBeNull();
  });

  it("open now: can be started or resumed now; not a test whose attempts are used up", () => {
    expect(matchesTestFilter(test({}), "open")).toBe(true);
    expect(matchesTestFilter(test({ allowed: false, remaining: 0 }), "open")).toBe(false);
    expect(matchesTestFilter(test({ availability: "closed", allowed: false, inProgress: true }), "open")).toBe(true);
    expect(matchesTestFilter(test({ availability: "upcoming", allowed: false }), "open")).toBe(false);
  });

  it("upcoming, closed, not attempted, attempts left", () => {
    expect(matchesTestFilter(test({ availability: "upcoming" }), "upcoming")).toBe(true);
    expect(matchesTestFilter(test({ availability: "closed" }), "closed")).toBe(true);
    expect(matchesTestFilter(test({ availability: "closed", timeUp: true }), "closed")).toBe(false);
    expect(matchesTestFilter(test({ attempts: 1 }), "not-attempted")).toBe(false);
    expect(matchesTestFilter(test({ attempts: 0 }), "not-attempted")).toBe(true);
    expect(matchesTestFilter(test({ remaining: 0 }), "attempts-left")).toBe(false);
    expect(matchesTestFilter(test({ remaining: 2 }), "attempts-left")).toBe(true);
    expect(matchesTestFilter(test({ remaining: 2, availability: "closed" }), "attempts-left")).toBe(false);
    expect(matchesTestFilter(test({ availability: "closed" }), null)).toBe(true);
  });

  it("orders a running attempt first, then open, then the soonest upcoming, then the latest closed", () => {
    const list = [
      test({ availability: "closed", closesAt: 100 }),
      test({ availability: "upcoming", opensAt: 900 }),
      test({ availability: "closed", closesAt: 300 }),
      test({ availability: "upcoming", opensAt: 500 }),
      test({ availability: "open" }),
      test({ inProgress: true }),
    ];
    const sorted = [...list].sort(byStudentInterest);
    expect(sorted.map((t) => [t.inProgress, t.availability, t.opensAt ?? t.closesAt])).toEqual([
      [true, "open", null],
      [false, "open", null],
      [false, "upcoming", 500],
      [false, "upcoming", 900],
      [false, "closed", 300],
      [false, "closed", 100],
    ]);
  });
});
