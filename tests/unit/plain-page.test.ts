import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { hasRunScript, SCRIPTED_COOKIE_VALUE, sendsPlainPage, UPGRADE_SCRIPT } from "~/lib/rules/plain-page";

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

describe("which pages are sent plain", () => {
  it("a page one of whose routes says plain, to a browser that has never run the script, with no message waiting", () => {
    const root = undefined;
    const exam = { plain: true, focused: () => true };
    const fresh = { scripted: false, flash: null };
    expect(sendsPlainPage([root, exam], fresh)).toBe(true);
    expect(sendsPlainPage([root, exam], { scripted: true, flash: null })).toBe(false);
    expect(sendsPlainPage([root, exam], { scripted: false, flash: { text: "Saved" } })).toBe(false);
    expect(sendsPlainPage([root, exam], undefined)).toBe(false);
    expect(sendsPlainPage([root, { focused: () => true }], fresh)).toBe(false);
    expect(sendsPlainPage([root, { plain: "yes" }], fresh)).toBe(false);
    expect(sendsPlainPage([], fresh)).toBe(false);
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
