import { describe, expect, it } from "vitest";
import { boldQuoted, parseBold, plainText } from "~/lib/rules/markup";

describe("bold markup", () => {
  it("splits text into plain and bold segments", () => {
    expect(parseBold('Who wrote **"Ode to a Nightingale"**?')).toEqual([
      { text: "Who wrote ", bold: false },
      { text: '"Ode to a Nightingale"', bold: true },
      { text: "?", bold: false },
    ]);
  });
  it("leaves text without markup alone, including HTML", () => {
    expect(parseBold("<script>alert(1)</script>")).toEqual([{ text: "<script>alert(1)</script>", bold: false }]);
  });
  it("makes double-quoted text bold, keeping the quotes", () => {
    expect(boldQuoted('The poem "Kubla Khan" and "Christabel"')).toBe('The poem **"Kubla Khan"** and **"Christabel"**');
    expect(boldQuoted("no quotes")).toBe("no quotes");
  });
  it("strips markup for plain text", () => {
    expect(plainText('A **"b"** c')).toBe('A "b" c');
  });
});
