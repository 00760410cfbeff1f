/**
 * Browser side of answer saving: every change is queued, sent to the server one at a time and
 * retried with back-off until it is stored. Unsent changes are kept in localStorage, so a reload
 * or a crashed tab sends them on the next load. Listeners hear whether everything is saved.
 */
export type Change = { questionId: string; chosen?: number | null; marked?: boolean; visit?: boolean };
export type QueueStatus = { pending: number; failing: boolean; closed: boolean };
type ServerReply = { ok: boolean; serverNow?: number; deadlineAt?: number; closed?: boolean; error?: string };

export class AnswerQueue {
  private pending = new Map<string, Change>();
  private sending = false;
  private failing = false;
  private closed = false;
  private delay = 1000;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<(s: QueueStatus) => void>();
  private waiters: Array<() => void> = [];

  constructor(
    private url: string,
    private storageKey: string,
    private onServerTime: (serverNow: number, deadlineAt: number) => void,
  ) {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey) ?? "[]") as Change[];
      for (const c of saved) this.merge(c);
    } catch {
      // unreadable storage: nothing to resend
    }
    if (this.pending.size) void this.pump();
  }

  subscribe(fn: (s: QueueStatus) => void) {
    this.listeners.add(fn);
    fn(this.status());
    return () => this.listeners.delete(fn);
  }

  status(): QueueStatus {
    return { pending: this.pending.size, failing: this.failing, closed: this.closed };
  }

  push(change: Change) {
    this.merge(change);
    this.persist();
    this.emit();
    void this.pump();
  }

  /** Resolves when every queued change is stored (or the attempt is closed). */
  flush(timeoutMs = 8000): Promise<boolean> {
    if (!this.pending.size || this.closed) return Promise.resolve(this.pending.size === 0);
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      void this.pump();
    }
    return new Promise((resolve) => {
      const t = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(t);
        resolve(this.pending.size === 0);
      });
    });
  }

  private merge(change: Change) {
    const prev = this.pending.get(change.questionId);
    if (!prev) {
      this.pending.set(change.questionId, { ...change });
      return;
    }
    const next: Change = { ...prev, ...change };
    if (change.visit && (prev.chosen !== undefined || prev.marked !== undefined)) next.visit = false;
    if (!change.visit && (change.chosen !== undefined || change.marked !== undefined)) next.visit = false;
    this.pending.set(change.questionId, next);
  }

  private persist() {
    try {
      if (this.pending.size) localStorage.setItem(this.storageKey, JSON.stringify([...this.pending.values()]));
      else localStorage.removeItem(this.storageKey);
    } catch {
      // private mode or full storage: the in-memory queue still retries
    }
  }

  private emit() {
    const s = this.status();
    for (const l of this.listeners) l(s);
    if (!this.pending.size || this.closed) {
      const w = this.waiters;
      this.waiters = [];
      for (const fn of w) fn();
    }
  }

  private async pump() {
    if (this.sending || this.closed) return;
    const next = this.pending.values().next();
    if (next.done) return;
    const change = next.value;
    this.sending = true;
    const body = new URLSearchParams({ questionId: change.questionId });
    if (change.visit) body.set("visit", "1");
    if (change.chosen !== undefined) body.set("chosen", change.chosen === null ? "" : String(change.chosen));
    if (change.marked !== undefined) body.set("marked", change.marked ? "true" : "false");
    let reply: ServerReply | null = null;
    try {
      const res = await fetch(this.url, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
      reply = (await res.json()) as ServerReply;
    } catch {
      reply = null;
    }
    this.sending = false;
    if (reply?.ok) {
      // only drop the change if it was not replaced while in flight
      if (this.pending.get(change.questionId) === change) this.pending.delete(change.questionId);
      this.failing = false;
      this.delay = 1000;
      if (reply.serverNow && reply.deadlineAt) this.onServerTime(reply.serverNow, reply.deadlineAt);
    } else if (reply?.closed) {
      this.closed = true;
      this.pending.clear();
    } else if (reply && !reply.ok) {
      // refused for good (bad question or option): drop it rather than retry forever
      this.pending.delete(change.questionId);
    } else {
      this.failing = true;
      this.delay = Math.min(this.delay * 2, 15_000);
    }
    this.persist();
    this.emit();
    if (this.pending.size && !this.closed) {
      if (this.failing) this.timer = setTimeout(() => void this.pump(), this.delay);
      else void this.pump();
    }
  }
}
