import { describe, expect, it } from "vitest";
import {
  answerReleaseOf,
  answersReleaseAt,
  answersReleased,
  parseAnswerRelease,
  parseReleaseOverride,
  ranksShown,
  releaseAtTheLatest,
  scoreHeldNoteApplies,
  scoreWithheld,
  scoreWithheldMessage,
} from "~/lib/rules/answer-release";

const HOUR = 3_600_000;

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

describe("the release waits for the last writer", () => {
  const test = { answerRelease: null, closesAt: CLOSE };
  const extended = CLOSE + 10 * 60_000;

  it("releases at the later of the close and the end of the last attempt that can still run", () => {
    expect(answersReleaseAt(test, extended)).toBe(extended);
    expect(answersReleaseAt(test, CLOSE - 60_000)).toBe(CLOSE);
    expect(answersReleased(test, CLOSE + 60_000, extended)).toBe(false);
    expect(answersReleased(test, extended, extended)).toBe(true);
    expect(ranksShown(test, CLOSE + 60_000, extended)).toBe(false);
    expect(ranksShown(test, extended, extended)).toBe(true);
    // a test without a window ranks as it goes
    expect(ranksShown({ answerRelease: null, closesAt: null }, 0, extended)).toBe(true);
  });

  it("tells the student the latest it can come: one whole attempt begun at the close, or the last writer if later", () => {
    expect(releaseAtTheLatest({ ...test, duration: 30 }, null, 15_000)).toBe(CLOSE + 30 * 60_000 + 15_000);
    expect(releaseAtTheLatest({ ...test, duration: 5 }, extended, 15_000)).toBe(extended);
    expect(releaseAtTheLatest({ answerRelease: "score_only", closesAt: CLOSE, duration: 30 }, null, 0)).toBeNull();
  });

  it("an admin holds it (nothing shows, whatever the time) or releases it now", () => {
    const held = { ...test, releaseOverride: "hold" };
    expect(answersReleaseAt(held)).toBe("held");
    expect(answersReleased(held, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(ranksShown(held, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(answersReleased({ ...test, releaseOverride: "now" }, CLOSE - HOUR, extended)).toBe(true);
    // score only stays score only
    expect(answersReleaseAt({ answerRelease: "score_only", closesAt: null, releaseOverride: "now" })).toBe("never");
    expect(parseReleaseOverride("later")).toBeNull();
  });
});

describe("the score of a test of several attempts before its release", () => {
  const test = { answerRelease: null, closesAt: CLOSE };
  it("is held back with the key when more than one attempt is allowed, and shown for one attempt or after the release", () => {
    expect(scoreWithheld(test, 3, CLOSE - HOUR)).toBe(true);
    expect(scoreWithheld(test, null, CLOSE - HOUR)).toBe(true);
    expect(scoreWithheld(test, 1, CLOSE - HOUR)).toBe(false);
    expect(scoreWithheld(test, 3, CLOSE)).toBe(false);
    expect(scoreWithheld({ answerRelease: "score_only", closesAt: CLOSE }, 3, CLOSE - HOUR)).toBe(false);
    expect(scoreWithheld({ ...test, releaseOverride: "hold" }, 3, CLOSE + HOUR)).toBe(true);
  });

  it("says when the score comes, and Edit Test says so for these settings", () => {
    expect(scoreWithheldMessage(CLOSE, "Asia/Kolkata")).toMatch(/^Submitted\. Your score and the answers are shown on .+ at the latest\.$/);
    expect(scoreWithheldMessage(null, "Asia/Kolkata")).toBe("Submitted. Your score and the answers are shown when the academy releases them.");
    expect(scoreHeldNoteApplies({ ...test, maxAttempts: 3 })).toBe(true);
    expect(scoreHeldNoteApplies({ ...test, maxAttempts: null })).toBe(true);
    expect(scoreHeldNoteApplies({ ...test, maxAttempts: 1 })).toBe(false);
    expect(scoreHeldNoteApplies({ answerRelease: null, closesAt: null, maxAttempts: 3 })).toBe(false);
  });
});
