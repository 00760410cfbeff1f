import { describe, expect, it } from "vitest";
import { likePattern } from "~/lib/rules/search";

describe("a search box's LIKE pattern", () => {
  it("is 'contains', lower-cased, with %, _ and \\ taken literally", () => {
    expect(likePattern("Chaucer")).toBe("%chaucer%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(likePattern("")).toBe("%%");
  });
});
