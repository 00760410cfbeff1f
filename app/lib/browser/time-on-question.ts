/**
 * Time on each question as a hydrated exam page counts it (sent with Finish; the review shows it). Only while the
 * page is in sight: a hidden tab pauses the count. Times are milliseconds from `now` arguments (the page's clock:
 * only differences matter).
 */
export class TimeOnQuestion {
  private readonly ms = new Map<string, number>();
  private current: string | null = null;
  private since: number | null = null;

  /** The question on screen changed (null: none). */
  show(questionId: string | null, now: number) {
    this.flush(now);
    this.current = questionId;
    this.since = questionId ? now : null;
  }

  /** The page went out of sight. */
  pause(now: number) {
    this.flush(now);
    this.since = null;
  }

  /** The page is in sight again. */
  resume(now: number) {
    if (this.current && this.since === null) this.since = now;
  }

  /** Whole seconds per question so far (the question on screen included). */
  totals(now: number): Record<string, number> {
    this.flush(now);
    if (this.current) this.since = now;
    const out: Record<string, number> = {};
    for (const [id, ms] of this.ms) if (ms >= 500) out[id] = Math.round(ms / 1000);
    return out;
  }

  private flush(now: number) {
    if (this.current && this.since !== null && now > this.since) {
      // one stay counts at most half an hour (a page left open is not study time)
      this.ms.set(this.current, (this.ms.get(this.current) ?? 0) + Math.min(now - this.since, 1_800_000));
    }
    this.since = this.current ? now : null;
  }
}
