import { describe, expect, it } from "vitest";
import { isSiteTextKey, paragraphsOf, SITE_TEXTS } from "~/lib/rules/site-texts";

describe("site texts", () => {
  it("splits a text into paragraphs at blank lines, keeping single line breaks", () => {
    expect(paragraphsOf("One\r\n\r\nTwo\nstill two\n\n\n  Three  ")).toEqual(["One", "Two\nstill two", "Three"]);
    expect(paragraphsOf("   ")).toEqual([]);
  });

  it("knows only its two pages, each with a default that names the academy", () => {
    expect(isSiteTextKey("terms")).toBe(true);
    expect(isSiteTextKey("toString")).toBe(false);
    expect(SITE_TEXTS.privacy.text).toContain("Nothing is sold");
  });
});
