import { describe, expect, it } from "vitest";
import { chunkFor, startingPointOf } from "../../scripts/client-chunks.js";

// a small module graph: module → its importers
const graph: Record<string, string[]> = {
  "/r/app/entry.client.tsx": [],
  "/r/app/root.tsx": [],
  "/r/app/routes/_exam+/test.$testId.tsx": [],
  "/r/app/routes/_student+/dashboard.tsx": [],
  "/r/app/routes/_auth+/login.tsx": [],
  "/r/app/routes/admin+/_tests+/tests.tsx": [],
  "/r/node_modules/react-dom/index.js": ["/r/app/entry.client.tsx"],
  "/r/app/components/NavBar.tsx": ["/r/app/root.tsx"],
  "/r/app/lib/rules/time.ts": ["/r/app/routes/_exam+/test.$testId.tsx", "/r/app/routes/_student+/dashboard.tsx"],
  "/r/app/lib/browser/answer-queue.ts": ["/r/app/routes/_exam+/test.$testId.tsx"],
  "/r/app/routes/_student+/tests.tsx": [],
  "/r/app/routes/_exam+/test.$testId_.results.tsx": [],
  "/r/app/routes/_student+/mistakes.tsx": [],
  "/r/app/components/results/BookmarkButton.tsx": ["/r/app/routes/_exam+/test.$testId_.results.tsx", "/r/app/routes/_student+/mistakes.tsx"],
  "/r/app/routes/_student+/__TestCard.tsx": ["/r/app/routes/_student+/dashboard.tsx", "/r/app/routes/_student+/tests.tsx"],
  "/r/node_modules/@conform-to/react/index.js": ["/r/app/routes/_auth+/login.tsx", "/r/app/routes/admin+/_tests+/tests.tsx"],
  "/r/app/components/admin/ui.tsx": ["/r/app/routes/admin+/_tests+/tests.tsx"],
  // a cycle reaches the entry through the root
  "/r/app/lib/a.ts": ["/r/app/lib/b.ts"],
  "/r/app/lib/b.ts": ["/r/app/lib/a.ts", "/r/app/components/NavBar.tsx"],
};
const importersOf = (id: string) => graph[id] ?? [];

describe("how the browser build is split", () => {
  it("names the starting points: the entry, the root and the student pages (not the admin's)", () => {
    expect(startingPointOf("/r/app/entry.client.tsx")).toBe("entry");
    expect(startingPointOf("/r/app/root.tsx?client-route=1")).toBe("root");
    expect(startingPointOf("/r/app/routes/_exam+/test.$testId.tsx")).toBe("/app/routes/_exam+/test.$testId.tsx");
    expect(startingPointOf("/r/app/routes/admin+/_tests+/tests.tsx")).toBeNull();
    // every student page counts, new ones included (My mistakes and practice were missing from a list once)
    expect(startingPointOf("/r/app/routes/_student+/mistakes.tsx")).toBe("/app/routes/_student+/mistakes.tsx");
    expect(startingPointOf("/r/app/routes/_student+/practice.$roundId.tsx?client-route=1")).toBe("/app/routes/_student+/practice.$roundId.tsx");
    expect(startingPointOf("/r/app/routes/api+/tests.$testId.start.ts")).toBeNull();
  });

  it("puts what the entry or the root needs, and what two student pages share, into core", () => {
    expect(chunkFor("/r/node_modules/react-dom/index.js", importersOf)).toBe("core");
    expect(chunkFor("/r/app/components/NavBar.tsx", importersOf)).toBe("core");
    expect(chunkFor("/r/app/lib/rules/time.ts", importersOf)).toBe("core");
    expect(chunkFor("/r/app/lib/a.ts", importersOf)).toBe("core");
  });

  it("puts what only the other student pages share into pages, which the exam page never loads", () => {
    expect(chunkFor("/r/app/routes/_student+/__TestCard.tsx", importersOf)).toBe("pages");
    // the results page is one of them: what it shares with My mistakes stays off the running exam's budget
    expect(chunkFor("/r/app/components/results/BookmarkButton.tsx", importersOf)).toBe("pages");
    // a route's part is placed like a component; a route module is its own file
    expect(chunkFor("/r/app/routes/_student+/tests.tsx", importersOf)).toBeUndefined();
  });

  it("leaves a module one page needs with that page, and admin-only modules to Rollup", () => {
    expect(chunkFor("/r/app/lib/browser/answer-queue.ts", importersOf)).toBeUndefined();
    expect(chunkFor("/r/node_modules/@conform-to/react/index.js", importersOf)).toBeUndefined();
    expect(chunkFor("/r/app/components/admin/ui.tsx", importersOf)).toBeUndefined();
    // route modules are their own files
    expect(chunkFor("/r/app/routes/_exam+/test.$testId.tsx", importersOf)).toBeUndefined();
  });
});
