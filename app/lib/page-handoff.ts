/**
 * A page whose data came with the answer that led to it. On exam day 3,000 students press Start in
 * the same second, and later Finish; each used to be two requests (the post, then the next page's
 * data). Now:
 * - Start from a hydrated start card sends `respond=exam` and is answered with the running exam;
 * - Finish from the exam page sends `respond=results` and is answered with the results.
 * The page keeps that data here and moves to the next address. There the route's clientLoader takes
 * it instead of asking the server, and the root does not reload its own data for that move. Without
 * JavaScript nothing changes: Start redirects and Finish is a form post.
 */
const kept = new Map<string, unknown>();

const keyOf = (url: URL) => url.pathname + url.search;

/** The field a hydrated start card adds to its form: answer with the exam. */
export const RESPOND_WITH_EXAM = { name: "respond", value: "exam" } as const;
/** The field the exam page's Finish adds: answer with the results. */
export const RESPOND_WITH_RESULTS = { name: "respond", value: "results" } as const;

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

/** Whether an action's answer is a start answered with the exam. */
export function isStartedExam(actionResult: unknown): actionResult is { started: { href: string; page: unknown } } {
  return typeof actionResult === "object" && actionResult !== null && "started" in actionResult;
}
