import { describe, expect, it } from "vitest";
import { inAppHref } from "~/lib/browser/link-clicks";

const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const link = (href: string | null, extra: Partial<{ target: string; download: boolean }> = {}) => ({ href, target: "", download: false, ...extra });

describe("inAppHref", () => {
  it("takes a plain left click on a link of this site inside the app", () => {
    expect(inAppHref(plain, link("/test/t1?q=3"))).toBe("/test/t1?q=3");
    expect(inAppHref(plain, link("/dashboard", { target: "_self" }))).toBe("/dashboard");
  });
  it("leaves modified, middle and already handled clicks to the browser", () => {
    for (const click of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      expect(inAppHref({ ...plain, ...click }, link("/dashboard"))).toBeNull();
    }
  });
  it("leaves new-tab, download and other-site links, and clicks outside links, to the browser", () => {
    expect(inAppHref(plain, link("/dashboard", { target: "_blank" }))).toBeNull();
    expect(inAppHref(plain, link("/admin/backup/export", { download: true }))).toBeNull();
    expect(inAppHref(plain, link("https://example.com/"))).toBeNull();
    expect(inAppHref(plain, link("//example.com/"))).toBeNull();
    expect(inAppHref(plain, link(null))).toBeNull();
    expect(inAppHref(plain, null)).toBeNull();
  });
});
