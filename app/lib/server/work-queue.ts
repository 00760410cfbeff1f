/**
 * A bounded queue for expensive work (password hashing; the requests Remix answers, in
 * server/start.js): at most `concurrency` jobs run at once, the rest wait in order. `admission()`
 * tells a caller that may be turned away (a sign-in, a page) whether the expected wait — jobs ahead of
 * it times the average job time, shared by the running slots — is under `maxWaitMs`; from there on the
 * caller answers "busy, retry in n seconds" instead of queueing (`maxWaitMs` 0 turns every such caller
 * away). What the queue holds is bounded by that wait.
 * Jobs already admitted always run: nothing in the queue is dropped.
 */
export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * When a turned-away caller should come back: once the queue is expected to have drained to half the
 * bound (2 to 30 s; the client adds up to as much again of jitter). Sooner brings the refused back
 * into a full queue, and their refusals take CPU too; waiting for the whole queue to drain (as at
 * first) kept a refused student out for 30-60 s after everyone else was in.
 */
export function retryAfterSeconds(expectedWaitMs: number, maxWaitMs: number): number {
  return Math.min(30, Math.max(2, Math.ceil((expectedWaitMs - maxWaitMs / 2) / 1000)));
}

export class WorkQueue {
  readonly concurrency: number;
  readonly maxWaitMs: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** moving average of a job's duration (ms) */
  private averageMs: number;

  constructor(options: { concurrency: number; maxWaitMs: number; initialEstimateMs: number }) {
    this.concurrency = Math.max(1, options.concurrency);
    this.maxWaitMs = options.maxWaitMs;
    this.averageMs = options.initialEstimateMs;
  }

  /** Jobs running or waiting. */
  get pending(): number {
    return this.running + this.waiting.length;
  }

  /** How long a job added now would wait before it starts (ms, estimated). */
  expectedWaitMs(): number {
    const ahead = this.running + this.waiting.length - this.concurrency + 1;
    return ahead <= 0 ? 0 : (ahead * this.averageMs) / this.concurrency;
  }

  admission(): Admission {
    const wait = this.expectedWaitMs();
    if (wait < this.maxWaitMs) return { ok: true };
    return { ok: false, retryAfterSeconds: retryAfterSeconds(wait, this.maxWaitMs) };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1;
      const next = this.waiting.shift();
      // the slot passes straight to the next job in line (running stays the same)
      if (next) next();
      else this.running -= 1;
    }
  }
}
