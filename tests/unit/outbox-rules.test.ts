import { describe, expect, it } from "vitest";
import { MAX_MAIL_ATTEMPTS, mailErrorText, retryDelayMs } from "~/lib/rules/outbox-rules";

describe("the outbox's retries", () => {
  it("waits a minute after the first failure, then doubles up to six hours, then gives up", () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(120_000);
    expect(retryDelayMs(3)).toBe(240_000);
    expect(retryDelayMs(MAX_MAIL_ATTEMPTS - 1)).toBeLessThanOrEqual(6 * 3_600_000);
    expect(retryDelayMs(MAX_MAIL_ATTEMPTS)).toBeNull();
  });

  it("words a refusal on one line without the account's password", () => {
    expect(mailErrorText(new Error("connect ECONNREFUSED smtp://tests:s3cret@mail.example:587\n  at x"))).toBe(
      "connect ECONNREFUSED smtp://tests:***@mail.example:587 at x",
    );
    expect(mailErrorText("x".repeat(400))).toHaveLength(300);
  });
});
