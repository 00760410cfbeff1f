import { describe, expect, it } from "vitest";
import { changeWords, namedTests } from "~/lib/rules/change-words";

describe("what an edit changed, for the activity log", () => {
  it("names each changed field with its value before and after, and nothing unchanged", () => {
    const labels = { title: "Title", duration: "Duration (min)", isActive: "Active", closesAt: "Closes" };
    expect(
      changeWords(
        { title: "Mock 1", duration: 60, isActive: true, closesAt: null },
        { title: "Mock 1", duration: 45, isActive: false, closesAt: "1 Dec 2026, 6:00 pm" },
        labels,
      ),
    ).toBe("Duration (min): 60 → 45; Active: yes → no; Closes: none → 1 Dec 2026, 6:00 pm");
    expect(changeWords({ title: "A" }, { title: "A" }, labels)).toBe("");
    expect(changeWords({ title: "x".repeat(100) }, { title: "y" }, labels)).toMatch(/^Title: x{57}… → y$/);
  });

  it("names the tests of a bulk action, the first five and how many more", () => {
    expect(namedTests(["A", "B"])).toBe("“A”, “B”");
    expect(namedTests(["1", "2", "3", "4", "5", "6", "7"])).toBe("“1”, “2”, “3”, “4”, “5” and 2 more");
    expect(namedTests([])).toBe("no test");
  });
});
