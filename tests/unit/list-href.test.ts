import { describe, expect, it } from "vitest";
import { listHref, testListHref } from "~/lib/rules/list-href";

describe("listHref", () => {
  it("keeps only the list's own filters, in order", () => {
    expect(listHref("/admin/tests", "?q=Keats&ids=a&ids=b&page=2&step=delete", ["q", "page"])).toBe("/admin/tests?q=Keats&page=2");
  });
  it("is the bare path when no filter is set", () => {
    expect(listHref("/admin/users", "?clone=1", ["q"])).toBe("/admin/users");
    expect(testListHref("http://x/admin/tests/upload")).toBe("/admin/tests");
  });
  it("keeps a filter's encoded value", () => {
    expect(testListHref("http://x/admin/tests/t1/clone?q=a%26b&type=NET")).toBe("/admin/tests?q=a%26b&type=NET");
  });
});
