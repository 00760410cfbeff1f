// The exam page's save queue against a fake server: retries, 503, finish, and the device's copy.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AnswerQueue, sentToSignIn, withUnsentChanges } from "~/lib/browser/answer-queue";

/** "signed out": the request was redirected to the sign-in page (a 200 HTML page at /login) */
type Reply = { status: number; body: Record<string, unknown> } | "offline" | "signed out";

let replies: Reply[];
let sent: Array<{ path: string; body: Record<string, string> }>;
const store = new Map<string, string>();

beforeEach(() => {
  replies = [];
  sent = [];
  store.clear();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
  vi.stubGlobal("fetch", async (url: string, init: { body: URLSearchParams }) => {
    sent.push({ path: url.split("/").pop() ?? "", body: Object.fromEntries(init.body) });
    const reply = replies.shift() ?? { status: 200, body: { ok: true, serverNow: 1, deadlineAt: 2, resultsUrl: "/test/t/results?attempt=a" } };
    if (reply === "offline") throw new TypeError("Failed to fetch");
    if (reply === "signed out")
      return {
        status: 200,
        redirected: true,
        url: "http://localhost/login",
        json: async () => {
          throw new SyntaxError("Unexpected token '<'");
        },
      };
    return { status: reply.status, json: async () => reply.body };
  });
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function makeQueue() {
  const events = { finished: [] as string[], closed: 0 };
  const queue = new AnswerQueue("/api/attempts/a", "answers:a", {
    onServerTime: () => {},
    onFinished: (url) => events.finished.push(url),
    onClosed: () => {
      events.closed++;
    },
  });
  return { queue, events };
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(20_000);
};

describe("AnswerQueue", () => {
  it("sends a Bookmark like an answer, kept on the device while offline and sent when the connection is back", async () => {
    replies = ["offline", "offline"];
    const { queue } = makeQueue();
    queue.push({ questionId: "q3", starred: true, at: 10 });
    await vi.advanceTimersByTimeAsync(10);
    expect(JSON.parse(store.get("answers:a") ?? "[]")).toEqual([expect.objectContaining({ questionId: "q3", starred: true })]);
    await settle();
    expect(sent.at(-1)).toEqual({ path: "answers", body: { questionId: "q3", at: "10", starred: "true" } });
    expect(store.get("answers:a")).toBeUndefined();
    queue.dispose();
  });

  it("counts as unsaved answers only changes that choose or mark, not question visits", async () => {
    replies = ["offline", "offline", "offline", "offline", "offline", "offline"];
    const { queue } = makeQueue();
    queue.push({ questionId: "q1", visit: true, at: 1000 });
    queue.push({ questionId: "q1", chosen: 1, at: 1001 });
    queue.push({ questionId: "q2", visit: true, at: 1002 });
    queue.push({ questionId: "q2", marked: true, at: 1003 });
    queue.push({ questionId: "q3", visit: true, at: 1004 });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toMatchObject({ pending: 3, unsavedAnswers: 2, failing: true });
  });

  it("retries through a dropped link and a 503 until the answer is stored", async () => {
    replies = ["offline", { status: 503, body: { ok: false, retry: true, error: "busy" } }];
    const { queue } = makeQueue();
    queue.push({ questionId: "q1", chosen: 2, at: 1000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toMatchObject({ pending: 1, failing: true });
    await settle();
    expect(queue.status()).toMatchObject({ pending: 0, failing: false });
    expect(sent.map((s) => s.body.chosen)).toEqual(["2", "2", "2"]);
    expect(sent[2].body.at).toBe("1000");
  });

  it("drops a change the server refuses for good (bad option)", async () => {
    replies = [{ status: 400, body: { ok: false, error: "Invalid option" } }];
    const { queue } = makeQueue();
    queue.push({ questionId: "q1", chosen: 9, at: 1 });
    await settle();
    expect(queue.status().pending).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it("sends Finish only after every answer is stored, and reports the result's address", async () => {
    replies = ["offline"];
    const { queue, events } = makeQueue();
    queue.push({ questionId: "q1", chosen: 1, at: 1 });
    queue.finish();
    await settle();
    expect(sent.map((s) => s.path)).toEqual(["answers", "answers", "finish"]);
    expect(events.finished).toEqual(["/test/t/results?attempt=a"]);
    expect(store.size).toBe(0);
  });

  it("keeps unsent changes on the device and sends them from the next page load", async () => {
    replies = ["offline", "offline", "offline"];
    const first = makeQueue().queue;
    first.push({ questionId: "q3", chosen: 0, at: 5 });
    await vi.advanceTimersByTimeAsync(0);
    first.dispose();
    expect(JSON.parse(store.get("answers:a") ?? "[]")).toEqual([{ questionId: "q3", chosen: 0, at: 5 }]);
    replies = [];
    const second = makeQueue().queue;
    expect(second.unsent()).toEqual([{ questionId: "q3", chosen: 0, at: 5 }]);
    await settle();
    expect(second.status().pending).toBe(0);
  });

  it("re-sends an acknowledged answer the server no longer has, but not one the server has newer", async () => {
    const first = makeQueue().queue;
    first.push({ questionId: "q1", chosen: 1, at: 100 });
    first.push({ questionId: "q2", chosen: 3, at: 100 });
    await settle();
    first.dispose();
    sent = [];
    const second = makeQueue().queue;
    // the server lost q1 and has a newer q2 (changed in another tab)
    second.reconcile({ q2: { chosen: 0, marked: false, at: 200 } });
    await settle();
    expect(sent.map((s) => [s.body.questionId, s.body.chosen, s.body.at])).toEqual([["q1", "1", "100"]]);
  });

  it("stops and forgets everything when the server says the attempt is closed", async () => {
    replies = [{ status: 409, body: { ok: false, closed: true, error: "Time is up" } }];
    const { queue, events } = makeQueue();
    queue.push({ questionId: "q1", chosen: 1, at: 1 });
    await settle();
    expect(events.closed).toBe(1);
    expect(queue.status()).toMatchObject({ closed: true, pending: 0 });
    expect(store.size).toBe(0);
  });
});

describe("a session that ended while the student writes (a new password, Sign out everywhere)", () => {
  it("keeps every change on the device, says the student was signed out, and sends them once signed in again", async () => {
    replies = ["signed out", "signed out"];
    const { queue, events } = makeQueue();
    queue.push({ questionId: "q1", chosen: 2, at: 1000 });
    queue.push({ questionId: "q2", marked: true, at: 1001 });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toMatchObject({ pending: 2, unsavedAnswers: 2, failing: true, signedOut: true, closed: false });
    // kept for a reload (signing in again in this tab leaves the page)
    expect(JSON.parse(store.get("answers:a") ?? "[]")).toHaveLength(2);
    await settle();
    expect(queue.status()).toMatchObject({ pending: 0, failing: false, signedOut: false });
    expect(sent.filter((s) => s.path === "answers").map((s) => s.body.questionId)).toEqual(["q1", "q1", "q1", "q2"]);
    expect(events.closed).toBe(0);
  });

  it("does not take a Finish sent to the sign-in page for a closed attempt: it is retried and then submits", async () => {
    const { queue, events } = makeQueue();
    queue.push({ questionId: "q1", chosen: 1, at: 1 });
    await settle();
    replies = ["signed out"];
    queue.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toMatchObject({ finishing: true, signedOut: true, closed: false });
    expect(events.closed).toBe(0);
    await settle();
    expect(events.finished).toEqual(["/test/t/results?attempt=a"]);
  });
});

describe("sentToSignIn", () => {
  it("is a followed redirect to /login, and nothing else", () => {
    expect(sentToSignIn({ redirected: true, url: "https://academy.example/login?redirectTo=%2Ftest%2Ft1" })).toBe(true);
    expect(sentToSignIn({ redirected: false, url: "https://academy.example/login" })).toBe(false);
    expect(sentToSignIn({ redirected: true, url: "https://academy.example/dashboard" })).toBe(false);
    expect(sentToSignIn({ redirected: true, url: "not a url" })).toBe(false);
    expect(sentToSignIn({})).toBe(false);
  });
});

describe("what a load shows: the server's answers with the device's unsent changes on top", () => {
  const server = { q1: { visited: true, chosen: 2, marked: false }, q2: { visited: true, chosen: 0, marked: false } };

  it("a review mark still unsent keeps the option the server stored (it showed the question unanswered)", () => {
    const shown = withUnsentChanges(server, [{ questionId: "q2", marked: true }]);
    expect(shown.q2).toEqual({ visited: true, chosen: 0, marked: true });
    expect(shown.q1).toEqual(server.q1);
  });

  it("an unsent choice, or a clear, replaces the stored option; a question the server has not seen starts empty", () => {
    const shown = withUnsentChanges(server, [
      { questionId: "q1", chosen: 3 },
      { questionId: "q2", chosen: null, marked: false },
      { questionId: "q3", marked: true },
    ]);
    expect(shown.q1).toEqual({ visited: true, chosen: 3, marked: false });
    expect(shown.q2).toEqual({ visited: true, chosen: null, marked: false });
    expect(shown.q3).toEqual({ visited: true, chosen: null, marked: true });
  });

  it("an unsent Bookmark shows, and keeps the stored option", () => {
    expect(withUnsentChanges(server, [{ questionId: "q1", starred: true }]).q1).toEqual({ visited: true, chosen: 2, marked: false, starred: true });
  });

  it("a visit alone changes nothing shown", () => {
    expect(withUnsentChanges(server, [{ questionId: "q2" }])).toEqual(server);
  });
});
