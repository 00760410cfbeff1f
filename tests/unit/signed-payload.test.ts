import { describe, expect, it } from "vitest";
import { PAYLOAD_LIFETIME_MS, signPayload, verifyPayload } from "~/lib/server/signed-payload.server";

describe("signed payloads", () => {
  const now = Date.UTC(2026, 10, 29, 9, 0);
  it("give back what was signed, until they expire", () => {
    const token = signPayload({ title: "Milton mock", rows: 50 }, now);
    expect(verifyPayload(token, now + 60_000)).toEqual({ title: "Milton mock", rows: 50 });
    expect(verifyPayload(token, now + PAYLOAD_LIFETIME_MS - 1)).not.toBeNull();
    expect(verifyPayload(token, now + PAYLOAD_LIFETIME_MS)).toBeNull();
  });

  it("refuse a changed body, a changed signature, and an unsigned or expiry-less token", () => {
    const [body, sig] = signPayload({ rows: 1 }, now).split(".");
    const changed = Buffer.from(JSON.stringify({ v: { rows: 999 }, exp: now + PAYLOAD_LIFETIME_MS }), "utf8").toString("base64url");
    expect(verifyPayload(`${changed}.${sig}`, now)).toBeNull();
    expect(verifyPayload(`${body}.${sig.slice(1)}x`, now)).toBeNull();
    expect(verifyPayload(body, now)).toBeNull();
    expect(verifyPayload(null, now)).toBeNull();
  });
});
