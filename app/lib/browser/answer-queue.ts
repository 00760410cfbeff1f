/**
 * Browser side of an exam attempt's saving: every change is queued, sent to the server one at a time
 * and retried with back-off until it is stored; nothing else of the exam needs the network.
 * - Unsent changes are kept in localStorage, so a reload or a crashed tab sends them on the next load.
 * - Acknowledged changes are kept there too until the attempt is closed: on every load the page hands
 *   the server's answers to `reconcile`, and whatever the server lacks is sent again. Each change
 *   carries the time it was made (`at`, server clock), so an older change never overwrites a newer one.
 * - Finish is queued like an answer: it is sent once every change is stored, and retried until the
 *   server confirms; then `onFinished` gets the result's address.
 * A reply the server marks `retry` (503: busy or full database) or no reply at all is retried; a
 * refusal (bad question or option) is dropped; `closed` means the attempt is over. A request that was sent to
 * the sign-in page (the session ended: a new password, Sign out everywhere, another device) keeps every change and
 * Finish, says so (`signedOut`), and is retried: once the student signs in again the same changes go through.
 */
export type Change = { questionId: string; chosen?: number | null; marked?: boolean; starred?: boolean; visit?: boolean; at: number };
import { BELIEVED_DEADLINE, RESPOND_WITH_RESULTS, TIME_UP, TIMES_FIELD } from "../rules/page-handoff";

/** `pending`: changes not yet stored; `unsavedAnswers`: those of them that choose, clear or mark (a visit alone is not an answer). */
export type QueueStatus = { pending: number; unsavedAnswers: number; failing: boolean; signedOut: boolean; closed: boolean; finishing: boolean };
type ServerReply = {
  ok: boolean;
  serverNow?: number;
  deadlineAt?: number;
  closed?: boolean;
  retry?: boolean;
  error?: string;
  resultsUrl?: string;
  /** a time-up Finish refused because the academy gave more time: the attempt goes on until `deadlineAt` */
  extended?: boolean;
  /** the results page's data, sent with Finish's answer (app/lib/rules/page-handoff.ts) */
  results?: unknown;
  /** not a server reply: the request was sent to the sign-in page */
  signedOut?: boolean;
};
export type ServerAnswer = { chosen: number | null; marked: boolean; at: number; starred?: boolean };

/** A question as the exam page shows it (the palette's entry). */
export type ShownAnswer = { visited: boolean; chosen: number | null; marked: boolean; starred?: boolean };

/**
 * What a load shows: the server's answers with this device's unsent changes on top, each change giving only the
 * fields it carries. A review mark still unsent at a reload leaves the option the server stored; before, it showed
 * the question as unanswered (the mark's missing option read as "none").
 */
export function withUnsentChanges(
  shown: Readonly<Record<string, ShownAnswer | undefined>>,
  changes: readonly Pick<Change, "questionId" | "chosen" | "marked" | "starred">[],
): Record<string, ShownAnswer | undefined> {
  const next = { ...shown };
  for (const c of changes) {
    if (c.chosen === undefined && c.marked === undefined && c.starred === undefined) continue;
    next[c.questionId] = {
      visited: true,
      chosen: null,
      marked: false,
      ...next[c.questionId],
      ...(c.chosen !== undefined ? { chosen: c.chosen } : {}),
      ...(c.marked !== undefined ? { marked: c.marked } : {}),
      ...(c.starred !== undefined ? { starred: c.starred } : {}),
    };
  }
  return next;
}

export class AnswerQueue {
  private pending = new Map<string, Change>();
  private acked = new Map<string, Change>();
  private sending = false;
  private failing = false;
  private signedOut = false;
  private closed = false;
  private finishing = false;
  /** the page's time per question, sent with Finish (app/lib/browser/time-on-question.ts) */
  private times: Record<string, number> | undefined;
  private timeUp = false;
  private believedDeadline: number | undefined;
  private delay = 1000;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<(s: QueueStatus) => void>();
  private onOnline = () => this.retryNow();

  constructor(
    private base: string,
    private storageKey: string,
    private hooks: {
      onServerTime: (serverNow: number, deadlineAt: number) => void;
      onFinished: (resultsUrl: string, results: unknown) => void;
      onClosed: () => void;
      /** a time-up Finish found more time given: the page goes on (onServerTime has the new deadline) */
      onExtended?: () => void;
    },
  ) {
    for (const c of this.read(storageKey)) this.merge(c);
    for (const c of this.read(`${storageKey}:acked`)) this.acked.set(c.questionId, c);
    if (typeof window !== "undefined") {
      window.addEventListener("online", this.onOnline);
      // back from signing in again in another tab: send at once
      window.addEventListener("focus", this.onOnline);
    }
    if (this.pending.size) void this.pump();
  }

  dispose() {
    if (typeof window !== "undefined") {
      window.removeEventListener("online", this.onOnline);
      window.removeEventListener("focus", this.onOnline);
    }
    if (this.timer) clearTimeout(this.timer);
  }

  subscribe(fn: (s: QueueStatus) => void) {
    this.listeners.add(fn);
    fn(this.status());
    return () => this.listeners.delete(fn);
  }

  status(): QueueStatus {
    let unsavedAnswers = 0;
    for (const c of this.pending.values()) if (c.chosen !== undefined || c.marked !== undefined) unsavedAnswers++;
    return {
      pending: this.pending.size,
      unsavedAnswers,
      failing: this.failing,
      signedOut: this.signedOut,
      closed: this.closed,
      finishing: this.finishing,
    };
  }

  /** Changes not yet stored on the server, newest per question (to show on screen after a reload). */
  unsent(): Change[] {
    return [...this.pending.values()];
  }

  push(change: Change) {
    if (this.closed) return;
    this.merge(change);
    this.persist();
    this.emit();
    void this.pump();
  }

  /**
   * Compares what this device knows was stored with what the server has now; sends again what the
   * server lacks (a restored database, a save lost between two servers).
   */
  reconcile(server: Record<string, ServerAnswer | undefined>) {
    for (const [questionId, mine] of this.acked) {
      const theirs = server[questionId];
      if (theirs && theirs.at >= mine.at) continue;
      const differs =
        !theirs ||
        (mine.chosen !== undefined && mine.chosen !== theirs.chosen) ||
        (mine.marked !== undefined && mine.marked !== theirs.marked) ||
        (mine.starred !== undefined && mine.starred !== (theirs.starred ?? false));
      if (differs && !this.pending.has(questionId)) this.merge({ ...mine, visit: false });
    }
    this.persist();
    this.emit();
    void this.pump();
  }

  /**
   * Queues Finish: sent once every change is stored, retried until the server confirms. `timeUp`: the
   * countdown reached zero (the server then stores the attempt as time up, not as submitted).
   */
  /** Finish once every change is stored; `timeUp` with the deadline the page counted down to. */
  finish(timeUp = false, believedDeadline?: number, times?: Record<string, number>) {
    if (this.finishing) return;
    this.finishing = true;
    this.timeUp = timeUp;
    this.believedDeadline = believedDeadline;
    this.times = times;
    this.emit();
    this.retryNow();
  }

  private retryNow() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    void this.pump();
  }

  private read(key: string): Change[] {
    try {
      return JSON.parse(localStorage.getItem(key) ?? "[]") as Change[];
    } catch {
      return [];
    }
  }

  private merge(change: Change) {
    const prev = this.pending.get(change.questionId);
    if (!prev) {
      this.pending.set(change.questionId, { ...change });
      return;
    }
    const next: Change = { ...prev, ...change, at: Math.max(prev.at, change.at) };
    if (change.visit && (prev.chosen !== undefined || prev.marked !== undefined || prev.starred !== undefined)) next.visit = false;
    if (!change.visit && (change.chosen !== undefined || change.marked !== undefined || change.starred !== undefined)) next.visit = false;
    this.pending.set(change.questionId, next);
  }

  private persist() {
    try {
      if (this.closed) {
        localStorage.removeItem(this.storageKey);
        localStorage.removeItem(`${this.storageKey}:acked`);
        return;
      }
      if (this.pending.size) localStorage.setItem(this.storageKey, JSON.stringify([...this.pending.values()]));
      else localStorage.removeItem(this.storageKey);
      if (this.acked.size) localStorage.setItem(`${this.storageKey}:acked`, JSON.stringify([...this.acked.values()]));
    } catch {
      // private mode or full storage: the in-memory queue still retries
    }
  }

  private emit() {
    const s = this.status();
    for (const l of this.listeners) l(s);
  }

  private async post(path: string, body: URLSearchParams): Promise<ServerReply | null> {
    try {
      const res = await fetch(`${this.base}/${path}`, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (sentToSignIn(res)) return { ok: false, signedOut: true };
      const reply = (await res.json()) as ServerReply;
      // a busy or full database (503) and any server error are passing: try again
      if (res.status >= 500) return null;
      return reply;
    } catch {
      return null;
    }
  }

  private fail(signedOut = false) {
    this.failing = true;
    this.signedOut = signedOut;
    this.delay = Math.min(this.delay * 2, 15_000);
    this.emit();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.pump();
    }, this.delay);
  }

  private succeed() {
    this.failing = false;
    this.signedOut = false;
    this.delay = 1000;
  }

  private close() {
    this.closed = true;
    this.pending.clear();
    this.acked.clear();
    this.persist();
    this.emit();
  }

  private async pump() {
    if (this.sending || this.closed || this.timer) return;
    const next = this.pending.values().next();
    if (next.done) {
      if (this.finishing) await this.sendFinish();
      return;
    }
    const change = next.value;
    this.sending = true;
    const body = new URLSearchParams({ questionId: change.questionId, at: String(Math.round(change.at)) });
    if (change.visit) body.set("visit", "1");
    if (change.chosen !== undefined) body.set("chosen", change.chosen === null ? "" : String(change.chosen));
    if (change.marked !== undefined) body.set("marked", change.marked ? "true" : "false");
    if (change.starred !== undefined) body.set("starred", change.starred ? "true" : "false");
    const reply = await this.post("answers", body);
    this.sending = false;
    if (reply?.ok) {
      // only drop the change if it was not replaced while in flight
      if (this.pending.get(change.questionId) === change) this.pending.delete(change.questionId);
      if (!change.visit) this.acked.set(change.questionId, { ...this.acked.get(change.questionId), ...change });
      this.succeed();
      if (reply.serverNow && reply.deadlineAt) this.hooks.onServerTime(reply.serverNow, reply.deadlineAt);
    } else if (reply?.closed) {
      this.close();
      this.hooks.onClosed();
      return;
    } else if (reply?.signedOut) {
      // kept, and sent once the student has signed in again
      this.persist();
      this.fail(true);
      return;
    } else if (reply && !reply.ok) {
      // refused for good (bad question or option): drop it rather than retry forever
      this.pending.delete(change.questionId);
    } else {
      this.persist();
      this.fail();
      return;
    }
    this.persist();
    this.emit();
    void this.pump();
  }

  private async sendFinish() {
    this.sending = true;
    const fields = new URLSearchParams([[RESPOND_WITH_RESULTS.name, RESPOND_WITH_RESULTS.value]]);
    if (this.timeUp) fields.set(TIME_UP.name, TIME_UP.value);
    if (this.timeUp && this.believedDeadline) fields.set(BELIEVED_DEADLINE, String(this.believedDeadline));
    if (this.times && Object.keys(this.times).length) fields.set(TIMES_FIELD, JSON.stringify(this.times));
    const reply = await this.post("finish", fields);
    this.sending = false;
    if (reply?.ok && reply.extended && reply.deadlineAt && reply.serverNow) {
      this.finishing = false;
      this.timeUp = false;
      this.hooks.onServerTime(reply.serverNow, reply.deadlineAt);
      this.hooks.onExtended?.();
      this.emit();
      void this.pump();
    } else if (reply?.ok && reply.resultsUrl) {
      this.close();
      this.hooks.onFinished(reply.resultsUrl, reply.results);
    } else if (reply?.signedOut) {
      this.fail(true);
    } else if (reply && !reply.ok) {
      // the attempt is gone (deleted by the academy): nothing more to send
      this.close();
      this.hooks.onClosed();
    } else {
      this.fail();
    }
  }
}

/**
 * Whether a request of the queue was sent to the sign-in page instead of being answered: a signed-out request to the
 * exam's endpoints is redirected there (app/models/auth.server.ts), and fetch follows the redirect.
 */
export function sentToSignIn(res: { redirected?: boolean; url?: string }): boolean {
  if (!res.redirected || !res.url) return false;
  try {
    return new URL(res.url).pathname === "/login";
  } catch {
    return false;
  }
}
