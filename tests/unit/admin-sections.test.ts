import { describe, expect, it } from "vitest";
import { currentTab } from "~/lib/rules/admin-sections";

describe("the admin section a page belongs to", () => {
  it("is its tab's, or the tab under whose address it is", () => {
    expect(currentTab("/admin").label).toBe("Overview & Analytics");
    expect(currentTab("/admin/tests").label).toBe("Test Management");
    expect(currentTab("/admin/tests/t1/edit").label).toBe("Test Management");
    expect(currentTab("/admin/users/u1").label).toBe("User Management");
    expect(currentTab("/admin/backup").label).toBe("Backup & Import");
  });

  it("counts the pages a section has at addresses of their own: the bank is Test Management's, batches User Management's", () => {
    expect(currentTab("/admin/bank").label).toBe("Test Management");
    expect(currentTab("/admin/bank/taken-out").label).toBe("Test Management");
    expect(currentTab("/admin/question-reports").label).toBe("Test Management");
    expect(currentTab("/admin/batches/b1").label).toBe("User Management");
    expect(currentTab("/admin/email").label).toBe("Backup & Import");
    expect(currentTab("/admin/reports/r1").label).toBe("Backup & Import");
  });

  it("leaves the other admin pages to the overview, and never takes a longer word for a section", () => {
    expect(currentTab("/admin/gradebook").label).toBe("Overview & Analytics");
    expect(currentTab("/admin/activity").label).toBe("Overview & Analytics");
    expect(currentTab("/admin/testsuite").label).toBe("Overview & Analytics");
    expect(currentTab("/admin/bankrupt").label).toBe("Overview & Analytics");
  });
});
