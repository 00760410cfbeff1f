import { describe, expect, it } from "vitest";
import { coreChunks, STUDENT_ROUTES } from "../../scripts/merge-client-chunks.js";

const KB = 1024;
const sizes: Record<string, number> = {
  "/build/_shared/react.js": 260 * KB,
  "/build/_shared/runtime.js": 1 * KB,
  "/build/_shared/layout.js": 1 * KB,
  "/build/_shared/timer.js": 2 * KB,
  "/build/_shared/forms.js": 450 * KB,
  "/build/_shared/admin-table.js": 6 * KB,
};
const manifest = {
  entry: { module: "/build/entry.client.js", imports: ["/build/_shared/react.js", "/build/_shared/runtime.js"] },
  routes: {
    root: { module: "/build/root.js", imports: ["/build/_shared/layout.js"] },
    "routes/test.$testId": { module: "/build/routes/exam.js", imports: ["/build/_shared/timer.js", "/build/_shared/react.js"] },
    "routes/login": { module: "/build/routes/login.js", imports: ["/build/_shared/forms.js"] },
    "routes/admin.tests": { module: "/build/routes/admin.tests.js", imports: ["/build/_shared/admin-table.js"] },
  },
};

describe("the chunks merged into core", () => {
  const core = coreChunks(manifest, (u: string) => sizes[u]);

  it("holds what the entry and the root load, whatever its size", () => {
    expect(core.has("/build/_shared/react.js")).toBe(true);
    expect(core.has("/build/_shared/runtime.js")).toBe(true);
    expect(core.has("/build/_shared/layout.js")).toBe(true);
  });

  it("holds the small shared chunks of the pages students load (the exam's timer)", () => {
    expect(STUDENT_ROUTES).toContain("routes/test.$testId");
    expect(core.has("/build/_shared/timer.js")).toBe(true);
  });

  it("leaves out a large library only one student page needs, and everything only admin pages use", () => {
    expect(core.has("/build/_shared/forms.js")).toBe(false);
    expect(core.has("/build/_shared/admin-table.js")).toBe(false);
    expect(core.size).toBe(4);
  });
});
