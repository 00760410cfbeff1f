import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hasRunScript, isPlainPagePath, plainTargetOf, SCRIPTED_COOKIE_VALUE, UPGRADE_SCRIPT } from "~/lib/rules/plain-page";

describe("which browsers have run the site's script", () => {
  it("reads the cookie the app sets, and nothing like it", () => {
    expect(hasRunScript(undefined)).toBe(false);
    expect(hasRunScript("")).toBe(false);
    expect(hasRunScript("__session=abc")).toBe(false);
    expect(hasRunScript("__session=abc; scripted=1")).toBe(true);
    expect(hasRunScript("scripted=1;__session=abc")).toBe(true);
    expect(hasRunScript("notscripted=1; scripted=0")).toBe(false);
    expect(SCRIPTED_COOKIE_VALUE.startsWith("scripted=1;")).toBe(true);
  });
});

describe("the addresses that have a plain page", () => {
  it("are the exam page and the results page, never their data requests or anything else", () => {
    expect(plainTargetOf("/test/t0")).toEqual({ page: "exam", rawTestId: "t0" });
    expect(plainTargetOf("/test/a%20b/results")).toEqual({ page: "results", rawTestId: "a%20b" });
    for (const other of ["/test/t0.data", "/test/t0/results.data", "/test/", "/test/t0/results/x", "/tests", "/dashboard", "/test/t0/"]) {
      expect(isPlainPagePath(other), other).toBe(false);
    }
  });
});

describe("the upgrade script", () => {
  it("holds no character React escapes in a script's text, so the browser runs it as written", () => {
    expect(UPGRADE_SCRIPT).not.toMatch(/[&<>"']/);
    expect(renderToStaticMarkup(createElement("script", { type: "module" }, UPGRADE_SCRIPT))).toContain(UPGRADE_SCRIPT);
  });

  it("reloads only once the cookie is stored (a browser refusing cookies stays on the plain page)", () => {
    const run = (stores: boolean) => {
      let stored = "";
      const replaced: string[] = [];
      const document = {
        get cookie() {
          return stored;
        },
        set cookie(value: string) {
          if (stores) stored = value.split(";")[0];
        },
      };
      const location = { href: "/test/t0?q=2", replace: (to: string) => replaced.push(to) };
      new Function("document", "location", UPGRADE_SCRIPT)(document, location);
      return replaced;
    };
    expect(run(true)).toEqual(["/test/t0?q=2"]);
    expect(run(false)).toEqual([]);
  });
});
