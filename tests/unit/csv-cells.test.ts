import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { neutraliseFormula, restoreFormula } from "~/lib/rules/csv-cells";

describe("CSV formula cells", () => {
  it("prefixes text a spreadsheet would run as a formula", () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil.test","x")')).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(neutraliseFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(neutraliseFormula("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(neutraliseFormula("-1+1")).toBe("'-1+1");
    expect(neutraliseFormula("\t=1")).toBe("'\t=1");
    expect(neutraliseFormula("\r=1")).toBe("'\r=1");
    expect(neutraliseFormula("Shakespeare = the Bard")).toBe("Shakespeare = the Bard");
    expect(neutraliseFormula(42)).toBe(42);
  });

  it("round-trips every string through export and our import unchanged", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(restoreFormula(neutraliseFormula(s) as string)).toBe(s);
      }),
      { numRuns: 2000 },
    );
    for (const s of ["'=1", "''+2", "'plain", "=1", "'"]) expect(restoreFormula(neutraliseFormula(s) as string)).toBe(s);
  });
});
