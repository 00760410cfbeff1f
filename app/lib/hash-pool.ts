/**
 * A bounded queue for expensive work (password hashing): at most `concurrency` jobs run at once, the
 * rest wait in order. `admission()` tells a caller that may be turned away (a sign-in) whether the
 * expected wait — jobs ahead of it times the average job time, shared by the running slots — is
 * under `maxWaitMs`; from there on the caller answers "busy, retry in n seconds" instead of queueing
 * (`maxWaitMs` 0 turns every such caller away).
 * Jobs already admitted always run: nothing in the queue is dropped.
 */
export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export class HashPool {
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
    // come back when the queue ahead has drained (2 to 30 s); the client adds its own jitter
    return { ok: false, retryAfterSeconds: Math.min(30, Math.max(2, Math.ceil(wait / 1000))) };
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
