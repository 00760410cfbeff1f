import { describe, expect, it } from "vitest";
import { answerReleaseOf, answersReleaseAt, answersReleased, parseAnswerRelease } from "~/lib/rules/answer-release";

const CLOSE = Date.UTC(2026, 10, 29, 7, 30);

describe("when answers are released", () => {
  it("defaults to after the window closes for a test with a closing time, else right after each attempt", () => {
    expect(answerReleaseOf({ answerRelease: null, closesAt: CLOSE })).toBe("after_window");
    expect(answerReleaseOf({ answerRelease: null, closesAt: null })).toBe("after_attempt");
    expect(answerReleaseOf({ answerRelease: "score_only", closesAt: null })).toBe("score_only");
    expect(answerReleaseOf({ answerRelease: "after_attempt", closesAt: CLOSE })).toBe("after_attempt");
  });

  it("reads only the three choices from a form or a backup", () => {
    expect(parseAnswerRelease("after_window")).toBe("after_window");
    expect(parseAnswerRelease("")).toBeNull();
    expect(parseAnswerRelease("always")).toBeNull();
    expect(parseAnswerRelease(3)).toBeNull();
    // an unknown stored value falls back to the default
    expect(answerReleaseOf({ answerRelease: "bogus", closesAt: null })).toBe("after_attempt");
  });

  it("releases at the window's close, never for score only, at once otherwise", () => {
    expect(answersReleaseAt({ answerRelease: null, closesAt: new Date(CLOSE) })).toBe(CLOSE);
    expect(answersReleaseAt({ answerRelease: "score_only", closesAt: CLOSE })).toBe("never");
    expect(answersReleaseAt({ answerRelease: "after_attempt", closesAt: CLOSE })).toBe("now");
    // nothing to wait for without a closing time
    expect(answersReleaseAt({ answerRelease: "after_window", closesAt: null })).toBe("now");
  });

  it("is released from the closing instant on, not a millisecond before", () => {
    const test = { answerRelease: null, closesAt: CLOSE };
    expect(answersReleased(test, CLOSE - 1)).toBe(false);
    expect(answersReleased(test, CLOSE)).toBe(true);
    expect(answersReleased({ answerRelease: "score_only", closesAt: null }, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(answersReleased({ answerRelease: null, closesAt: null }, 0)).toBe(true);
  });
});
