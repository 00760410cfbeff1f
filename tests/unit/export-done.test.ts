import { describe, expect, it } from "vitest";
import { EXPORTED_MESSAGES, exportDone, exportDoneCookie } from "~/lib/browser/export-done";

describe("the export-done signal", () => {
  it("echoes a well-formed token in a cookie the page can read", () => {
    expect(exportDoneCookie("abcdef0123456789")).toBe("export-done=abcdef0123456789; Path=/admin; Max-Age=300; SameSite=Lax");
  });
  it("ignores missing, short, long or hostile tokens", () => {
    for (const token of [null, undefined, "", "abc", "x".repeat(65), "abcdefgh; Path=/", "abcdefgh\r\nSet-Cookie: a=b", 12345678]) {
      expect(exportDoneCookie(token)).toBeNull();
    }
  });
  it("finds the page's own token among its cookies, and only that one", () => {
    expect(exportDone("theme=dark; export-done=abcdef0123; other=1", "abcdef0123")).toBe(true);
    expect(exportDone("export-done=abcdef0123", "abcdef0123")).toBe(true);
    expect(exportDone("export-done=abcdef0123", "ffffffffff")).toBe(false);
    expect(exportDone("", "abcdef0123")).toBe(false);
  });
  it("says what was exported in the spec's words", () => {
    expect(EXPORTED_MESSAGES.json).toBe("Data exported successfully as JSON");
    expect(EXPORTED_MESSAGES.csv).toBe("Data exported successfully as CSV files");
  });
});
