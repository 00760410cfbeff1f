// What the hydrated start card does with Start's answer (app/lib/rules/page-handoff.ts).
import { describe, expect, it } from "vitest";
import { startEndpointOf, startStepOf } from "~/lib/rules/page-handoff";

const JSON_TYPE = "application/json; charset=utf-8";

describe("startStepOf", () => {
  it("shows the exam that came with the answer at its address", () => {
    const page = { state: "in-progress", current: 1 };
    expect(startStepOf(200, JSON_TYPE, { ok: true, href: "/test/t1?q=1", page })).toEqual({ kind: "show", href: "/test/t1?q=1", page });
  });

  it("moves to the address alone when no exam came with it", () => {
    expect(startStepOf(200, JSON_TYPE, { ok: true, href: "/test/t1" })).toEqual({ kind: "go", href: "/test/t1" });
  });

  it("shows a refusal's message on the card", () => {
    expect(startStepOf(403, JSON_TYPE, { ok: false, error: "Global Limit Reached" })).toEqual({ kind: "error", message: "Global Limit Reached" });
    expect(startStepOf(404, JSON_TYPE, { ok: false, error: "Test not found" })).toEqual({ kind: "error", message: "Test not found" });
  });

  it("lets the form post itself for anything else: a sign-in page, a proxy's error page, an odd reply", () => {
    expect(startStepOf(200, "text/html; charset=utf-8", null)).toEqual({ kind: "post" });
    expect(startStepOf(502, null, null)).toEqual({ kind: "post" });
    expect(startStepOf(200, JSON_TYPE, { ok: true })).toEqual({ kind: "post" });
    expect(startStepOf(500, JSON_TYPE, { ok: false })).toEqual({ kind: "post" });
    // never another site's address
    expect(startStepOf(200, JSON_TYPE, { ok: true, href: "https://elsewhere.example/x" })).toEqual({ kind: "post" });
  });

  it("posts to the test's own endpoint, its id escaped", () => {
    expect(startEndpointOf("t1")).toBe("/api/tests/t1/start");
    expect(startEndpointOf("a/b")).toBe("/api/tests/a%2Fb/start");
  });
});
