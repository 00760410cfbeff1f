import { describe, expect, it } from "vitest";
import { availabilityOf, ranksVisible, windowMessage } from "~/lib/rules/availability";
import { fromZonedInput } from "~/lib/rules/zoned-input";

describe("a test's availability window", () => {
  // 10:00 to 12:00 on 1 Dec 2026 in Kolkata (04:30 to 06:30 UTC)
  const opensAt = fromZonedInput("2026-12-01T10:00", "Asia/Kolkata")!;
  const closesAt = fromZonedInput("2026-12-01T12:00", "Asia/Kolkata")!;
  const w = { opensAt, closesAt };

  it("opens at its opening minute (inclusive) and closes at its closing minute (exclusive)", () => {
    expect(availabilityOf(w, +opensAt - 1)).toBe("upcoming");
    expect(availabilityOf(w, +opensAt)).toBe("open");
    expect(availabilityOf(w, +closesAt - 1)).toBe("open");
    expect(availabilityOf(w, +closesAt)).toBe("closed");
    expect(availabilityOf({ opensAt: null, closesAt: null }, 0)).toBe("open");
    expect(availabilityOf({ opensAt: null, closesAt }, +closesAt + 1)).toBe("closed");
  });

  it("says when, in the academy's time zone", () => {
    expect(opensAt.toISOString()).toBe("2026-12-01T04:30:00.000Z");
    expect(windowMessage(w, "upcoming", "Asia/Kolkata")).toMatch(/^Opens on 1 Dec 2026, 10:00 am/);
    expect(windowMessage(w, "closed", "Asia/Kolkata")).toMatch(/^Closed on 1 Dec 2026, 12:00 pm/);
    expect(windowMessage(w, "open", "Asia/Kolkata")).toBeNull();
  });

  it("a window across midnight in the academy's zone is still one window", () => {
    const late = { opensAt: fromZonedInput("2026-12-31T23:30", "Asia/Kolkata")!, closesAt: fromZonedInput("2027-01-01T00:30", "Asia/Kolkata")! };
    expect(availabilityOf(late, Date.UTC(2026, 11, 31, 18, 45))).toBe("open"); // 00:15 in Kolkata
    expect(availabilityOf(late, Date.UTC(2026, 11, 31, 19, 0))).toBe("closed"); // 00:30 in Kolkata
  });

  it("ranks of a scheduled test show once it has closed", () => {
    expect(ranksVisible(w, +closesAt - 1)).toBe(false);
    expect(ranksVisible(w, +closesAt)).toBe(true);
    expect(ranksVisible({ opensAt: null, closesAt: null })).toBe(true);
  });
});

describe("a typed date-time", () => {
  it("names the instant in the academy's time zone, and nothing when the date or time does not exist", () => {
    expect(fromZonedInput("2030-01-05T10:00", "Asia/Kolkata")?.toISOString()).toBe("2030-01-05T04:30:00.000Z");
    for (const impossible of ["2030-02-31T10:00", "2030-13-01T10:00", "2030-01-05T25:00", "2030-01-05T10:99", "2030-00-10T10:00"])
      expect(fromZonedInput(impossible, "Asia/Kolkata"), impossible).toBeNull();
    // 29 February only in a leap year
    expect(fromZonedInput("2028-02-29T09:00", "Asia/Kolkata")).not.toBeNull();
    expect(fromZonedInput("2030-02-29T09:00", "Asia/Kolkata")).toBeNull();
  });
});
