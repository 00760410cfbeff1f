import { describe, expect, it } from "vitest";
import { WorkQueue, retryAfterSeconds } from "~/lib/server/work-queue";

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("WorkQueue", () => {
  it("runs at most `concurrency` jobs at once, in arrival order", async () => {
    const pool = new WorkQueue({ concurrency: 2, maxWaitMs: 1000, initialEstimateMs: 10 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 7 }, (_, i) =>
      pool.run(async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(i);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        return i * 2;
      }),
    );
    expect(await Promise.all(jobs)).toEqual([0, 2, 4, 6, 8, 10, 12]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(pool.pending).toBe(0);
  });

  it("admits while the expected wait is under maxWaitMs, then says when to come back", async () => {
    const pool = new WorkQueue({ concurrency: 1, maxWaitMs: 101, initialEstimateMs: 20 });
    expect(pool.admission()).toEqual({ ok: true });
    const { opened, open } = gate();
    const held = Array.from({ length: 5 }, () => pool.run(() => opened));
    // one running, four waiting: a sixth would wait 5 × 20 ms = 100 ms — still admitted
    expect(pool.expectedWaitMs()).toBe(100);
    expect(pool.admission()).toEqual({ ok: true });
    held.push(pool.run(() => opened));
    expect(pool.admission()).toEqual({ ok: false, retryAfterSeconds: 2 });
    open();
    await Promise.all(held);
    expect(pool.admission()).toEqual({ ok: true });
  });

  it("asks the turned away to come back once the queue has drained to half the bound, between 2 and 30 s", () => {
    // the sign-in bound: 30 s
    expect(retryAfterSeconds(30_000, 30_000)).toBe(15);
    expect(retryAfterSeconds(31_500, 30_000)).toBe(17);
    expect(retryAfterSeconds(90_000, 30_000)).toBe(30);
    expect(retryAfterSeconds(100, 101)).toBe(2);
    expect(retryAfterSeconds(0, 0)).toBe(2);
  });

  it("maxWaitMs 0 turns everyone away, even with an empty queue", () => {
    expect(new WorkQueue({ concurrency: 1, maxWaitMs: 0, initialEstimateMs: 20 }).admission()).toEqual({ ok: false, retryAfterSeconds: 2 });
  });

  it("a failing job frees its slot", async () => {
    const pool = new WorkQueue({ concurrency: 1, maxWaitMs: 100, initialEstimateMs: 20 });
    await expect(pool.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await pool.run(async () => "next")).toBe("next");
    expect(pool.pending).toBe(0);
  });
});
