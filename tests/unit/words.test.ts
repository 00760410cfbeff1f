import { describe, expect, it } from "vitest";
import { lineBreaksAsLf, plural } from "~/lib/rules/words";

describe("plural", () => {
  it("says one thing in the singular and the rest in the plural", () => {
    expect(plural(1, "test")).toBe("1 test");
    expect(plural(0, "test")).toBe("0 tests");
    expect(plural(22, "answer")).toBe("22 answers");
    expect(plural(1, "copy", "copies")).toBe("1 copy");
    expect(plural(2, "copy", "copies")).toBe("2 copies");
    expect(plural(1200, "attempt")).toBe("1,200 attempts");
  });

  it("line breaks as one \\n, however they were sent", () => {
    expect(lineBreaksAsLf("Whan that Aprille\r\nwith his shoures\rsoote\nthe droghte")).toBe("Whan that Aprille\nwith his shoures\nsoote\nthe droghte");
  });
});
