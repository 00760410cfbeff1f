import { describe, expect, it } from "vitest";
import { errorMessageOf, SOMETHING_WENT_WRONG } from "~/lib/rules/error-messages";

describe("what an error page says", () => {
  it("says the route's own words: a thrown text, or { error } / { message }", () => {
    expect(errorMessageOf(404, "User not found")).toBe("User not found");
    expect(errorMessageOf(403, { error: "Only administrators can import data" })).toBe("Only administrators can import data");
    expect(errorMessageOf(400, { message: "Unknown action" })).toBe("Unknown action");
  });

  it("else the status's own words, never 'Page not found' for what is not a 404", () => {
    expect(errorMessageOf(404, null)).toBe("Page not found");
    expect(errorMessageOf(403, "")).toBe("Access Denied");
    expect(errorMessageOf(503, undefined)).toBe("The site is busy right now. Please try again in a few seconds.");
    expect(errorMessageOf(500, null)).toBe(SOMETHING_WENT_WRONG);
    expect(errorMessageOf(418, null)).toBe(SOMETHING_WENT_WRONG);
  });

  it("does not show a page of HTML or an overlong text as the message", () => {
    expect(errorMessageOf(502, "<html><body>Bad gateway</body></html>")).toBe(SOMETHING_WENT_WRONG);
    expect(errorMessageOf(404, "x".repeat(201))).toBe("Page not found");
    // the framework's own words for a developer
    expect(errorMessageOf(405, 'Error: You made a POST request to "/progress" but did not provide an `action`')).toBe("That page cannot take this request.");
    expect(errorMessageOf(500, "TypeError: x is undefined")).toBe(SOMETHING_WENT_WRONG);
  });
});
