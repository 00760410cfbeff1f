// The admin area's sections, its tabs (app/routes/admin+/_layout.tsx; unit-tested in tests/unit/admin-sections.test.ts).

/** The admin's sections; `also`: the pages of a section that have addresses of their own (the bank is a part of tests). */
export const ADMIN_TABS = [
  { to: "/admin", label: "Overview & Analytics", also: [] },
  { to: "/admin/tests", label: "Test Management", also: ["/admin/bank", "/admin/question-reports"] },
  { to: "/admin/users", label: "User Management", also: ["/admin/batches"] },
  { to: "/admin/materials", label: "Study Materials", also: [] },
  { to: "/admin/books", label: "Books", also: [] },
  { to: "/admin/announcements", label: "Announcements", also: [] },
  { to: "/admin/csv", label: "CSV Management", also: [] },
  { to: "/admin/exam-types", label: "Exam Types", also: [] },
  { to: "/admin/backup", label: "Backup & Import", also: ["/admin/email", "/admin/reports"] },
] as const;

/**
 * The section a page belongs to: its tab's address or one of its `also`, or the address under one of them. Any other
 * admin page (the gradebook, the activity log, the settings, the site texts) is the overview's.
 */
export function currentTab(pathname: string): (typeof ADMIN_TABS)[number] {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  return ADMIN_TABS.find((tab) => tab.to !== "/admin" && [tab.to, ...tab.also].some(under)) ?? ADMIN_TABS[0];
}
