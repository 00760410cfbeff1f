/**
 * A page whose data came with the answer that led to it. On exam day 3,000 students press Start in
 * the same second, and later Finish; each used to be two requests (the post, then the next page's
 * data). Now:
 * - Start from a hydrated start card posts to /api/tests/:id/start and is answered with the running exam;
 * - Finish from the exam page sends `respond=results` and is answered with the results.
 * The page keeps that data here and moves to the next address. There the route's clientLoader takes
 * it instead of asking the server, and the root does not reload its own data for that move. Without
 * JavaScript nothing changes: Start redirects and Finish is a form post.
 */
const kept = new Map<string, unknown>();

const keyOf = (url: URL) => url.pathname + url.search;

/** The field the exam page's Finish adds: answer with the results. */
export const RESPOND_WITH_RESULTS = { name: "respond", value: "results" } as const;

/** Sent with Finish by the countdown at zero: the attempt ended because the time was up. */
export const TIME_UP = { name: "reason", value: "time-up" } as const;

/**
 * Sent with a time-up Finish: the deadline the page counted down to (epoch ms). When the stored deadline is
 * later (the academy gave more time from the live exam room), the attempt goes on and the answer says until when.
 */
export const BELIEVED_DEADLINE = "deadline";
/** Finish's field with the page's time per question (JSON `{ questionId: seconds }`; app/lib/browser/time-on-question.ts). */
export const TIMES_FIELD = "times";

/** Keeps the data of the page at `href` for the move that follows (one page at a time). */
export function keepPageData(href: string, data: unknown) {
  kept.clear();
  kept.set(keyOf(new URL(href, "http://page.local")), data);
}

export function hasKeptPageData(url: URL): boolean {
  return kept.has(keyOf(url));
}

/** The kept data for this address, once (a later visit asks the server as usual). */
export function takePageData(url: URL): unknown {
  const data = kept.get(keyOf(url));
  kept.delete(keyOf(url));
  return data;
}

/** Where a hydrated start card posts Start Test (answered with JSON: app/models/exam-api.server.ts). */
export const startEndpointOf = (testId: string) => `/api/tests/${encodeURIComponent(testId)}/start`;

export const START_UNREACHABLE = "Could not reach the server. Check your connection and press Start Test again.";

/** What the start card does with Start's answer. */
export type StartStep =
  | { kind: "show"; href: string; page: unknown }
  | { kind: "go"; href: string }
  | { kind: "error"; message: string }
  /** not the JSON endpoint's answer (a sign-in page after an expired session, a proxy's error page): post the form itself */
  | { kind: "post" };

export function startStepOf(status: number, contentType: string | null, body: unknown): StartStep {
  if (!contentType?.includes("application/json") || typeof body !== "object" || body === null) return { kind: "post" };
  const reply = body as { ok?: unknown; href?: unknown; page?: unknown; error?: unknown };
  if (status === 200 && reply.ok === true && typeof reply.href === "string" && reply.href.startsWith("/")) {
    return reply.page ? { kind: "show", href: reply.href, page: reply.page } : { kind: "go", href: reply.href };
  }
  if (reply.ok === false && typeof reply.error === "string") return { kind: "error", message: reply.error };
  return { kind: "post" };
}
